import Foundation

/// Reads a journal file line by line from any offset, a chunk at a time: the reader's one way
/// into the file, so that only a chunk and the current line are ever in memory. A last line
/// without its newline (a writer in the middle of writing it) is not returned.
struct JournalLineCursor {
    static let chunkSize = 1 << 20

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var bufferStart: UInt64
    private var position = 0
    private var atEnd = false

    /// A cursor at `offset` of the open file `handle`.
    init(handle: FileHandle, offset: UInt64) throws {
        self.handle = handle
        bufferStart = offset
        try handle.seek(toOffset: offset)
    }

    /// The next complete line (without its newline) and where it starts; nil at the end.
    mutating func next() throws -> (offset: UInt64, bytes: ArraySlice<UInt8>)? {
        while true {
            if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = (bufferStart + UInt64(position), buffer[position..<newline])
                position = newline + 1
                return line
            }
            guard !atEnd else { return nil }
            try refill()
        }
    }

    /// Drops the lines already read and appends the next chunk.
    private mutating func refill() throws {
        if position > 0 {
            buffer.removeFirst(position)
            bufferStart += UInt64(position)
            position = 0
        }
        guard let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty else {
            atEnd = true
            return
        }
        buffer.append(contentsOf: chunk)
    }

    /// The offset just after the last complete line returned.
    var offset: UInt64 { bufferStart + UInt64(position) }
}
