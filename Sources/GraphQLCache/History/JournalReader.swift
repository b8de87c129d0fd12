import Foundation

/// Reads a journal (docs/JOURNAL.md) without loading it: one pass indexes where every
/// `stride`-th entry starts, and pages of entries are then read from there, so memory stays at
/// a few thousand offsets and one page on a journal of a million entries. `refresh` indexes what
/// a recorder appended since. `problems(cachePath:digest:)` says when the journal does not
/// describe a cache (another file, commits missing), so that a log never shows wrong history.
public final class JournalReader {
    /// Entries between two indexed offsets.
    public static let stride = 256

    public let path: String
    /// The journal's first line.
    public private(set) var header: JournalHeader
    /// How many entries the journal holds.
    public private(set) var entryCount = 0
    /// The breaks the recorder wrote, in order.
    public private(set) var gaps: [JournalGap] = []
    /// The cache's digest after the last entry (or gap, or the header when there is none).
    public private(set) var lastDigest: CacheDigest
    private var index: [UInt64] = []
    private var indexedTo: UInt64 = 0
    private var lastLine: UInt64?
    /// Complete lines indexed so far (the header included), for line numbers in errors.
    private var lineCount = 1
    private let handle: FileHandle

    /// Opens and indexes the journal at `path`; throws `journal` when it is not one.
    public init(path: String) throws(GraphQLCacheError) {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .journal(path: path, problem: .malformed(line: 1, message: "cannot open the file"))
        }
        self.handle = handle
        var cursor = try Self.io(path) { try JournalLineCursor(handle: handle, offset: 0) }
        guard let first = try Self.io(path, { try cursor.next() }),
              case .header(let header) = try Self.decode(first.bytes, number: 1, path: path) else {
            throw .journal(path: path, problem: .noHeader)
        }
        self.header = header
        lastDigest = header.digest
        indexedTo = cursor.offset
        try refresh()
    }

    deinit { try? handle.close() }

    /// Indexes the lines appended since the last look.
    public func refresh() throws(GraphQLCacheError) {
        var cursor = try Self.io(path) { try JournalLineCursor(handle: handle, offset: indexedTo) }
        while let line = try Self.io(path, { try cursor.next() }) {
            lineCount += 1
            let lineNumber = lineCount
            let kind = line.bytes.withUnsafeBufferPointer { JournalCodec.kindPrefix($0) }
            if kind == "entry" {
                if entryCount % Self.stride == 0 { index.append(line.offset) }
                entryCount += 1
                lastLine = line.offset
            } else {
                switch try Self.decode(line.bytes, number: lineNumber, path: path) {
                case .entry: throw .journal(path: path, problem: .malformed(line: lineNumber, message: "an entry must start with {\"kind\":\"entry\""))
                case .header: throw .journal(path: path, problem: .malformed(line: lineNumber, message: "a second header"))
                case .gap(let gap):
                    gaps.append(gap)
                    lastLine = line.offset
                }
            }
        }
        indexedTo = cursor.offset
        try readLastDigest()
    }

    /// The entries at positions `range` (0 is the oldest), clamped to the journal.
    public func entries(_ range: Range<Int>) throws(GraphQLCacheError) -> [JournalEntry] {
        let range = range.clamped(to: 0..<entryCount)
        guard !range.isEmpty else { return [] }
        var position = (range.lowerBound / Self.stride) * Self.stride
        var cursor = try Self.io(path) { try JournalLineCursor(handle: handle, offset: index[position / Self.stride]) }
        var entries: [JournalEntry] = []
        while position < range.upperBound, let line = try Self.io(path, { try cursor.next() }) {
            guard line.bytes.withUnsafeBufferPointer({ JournalCodec.kindPrefix($0) }) == "entry" else { continue }
            if position >= range.lowerBound, case .entry(let entry) = try Self.decode(line.bytes, number: position + 1, path: path) {
                entries.append(entry)
            }
            position += 1
        }
        return entries
    }

    /// A page of entries newest first, as the explorer's log lists them.
    public func newestFirst(offset: Int, limit: Int) throws(GraphQLCacheError) -> [JournalEntry] {
        let upper = entryCount - max(offset, 0)
        return try entries(max(upper - max(limit, 0), 0)..<max(upper, 0)).reversed()
    }

    /// What keeps the journal from describing the cache at `cachePath` whose digest is `digest`
    /// now: empty when it does. A copy of the recorded file with equal content matches.
    public func problems(cachePath: String, digest: CacheDigest) -> [JournalProblem] {
        var problems = gaps.map { JournalProblem.gap(afterEntries: $0.afterEntries) }
        if digest != lastDigest {
            if Self.canonicalPath(cachePath) != Self.canonicalPath(header.cache) {
                problems.insert(.otherCache(recorded: header.cache, given: cachePath), at: 0)
            } else {
                problems.append(.cacheChangedSinceLastEntry(entries: entryCount))
            }
        }
        return problems
    }

    /// `path` absolute, with symbolic links resolved, for comparing two names of one file.
    public static func canonicalPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The digest after the last entry or gap.
    private func readLastDigest() throws(GraphQLCacheError) {
        guard let lastLine else { return }
        var cursor = try Self.io(path) { try JournalLineCursor(handle: handle, offset: lastLine) }
        guard let line = try Self.io(path, { try cursor.next() }) else { return }
        switch try Self.decode(line.bytes, number: entryCount, path: path) {
        case .entry(let entry): lastDigest = entry.digestAfter ?? lastDigest
        case .gap(let gap): lastDigest = gap.found
        case .header: break
        }
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, number: Int, path: String) throws(GraphQLCacheError) -> JournalLine {
        do { return try JournalCodec.decode(bytes, number: number) } catch {
            if case .journal(_, let problem) = error { throw .journal(path: path, problem: problem) }
            throw error
        }
    }

    /// Runs a file operation, turning Foundation's errors into `journal` naming the file.
    private static func io<T>(_ path: String, _ body: () throws -> T) throws(GraphQLCacheError) -> T {
        do { return try body() } catch {
            if let error = error as? GraphQLCacheError { throw error }
            throw .journal(path: path, problem: .malformed(line: 0, message: "cannot read: \(error.localizedDescription)"))
        }
    }
}
