import Dispatch
import GraphQLCache

/// Each stored row's fields (nil: not a record), decoded on a thread of its own from the
/// moment this is made, for a caller that has other work meanwhile (the undo of a delete
/// writes the rows back while they are decoded).
final class RowFieldDecoding: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the decoding thread before `done` is signalled; read after it.
    private var decoded: [[String: CacheValue]?] = []

    init(_ rows: StoredRows) {
        DispatchQueue.global(qos: .utility).async { [self] in
            let names = FieldNameTable()
            decoded = (0..<rows.count).map { rows.fields(at: $0, names: names) }
            done.signal()
        }
    }

    /// The fields, waiting for the decoding to end.
    func fields() -> [[String: CacheValue]?] {
        done.wait()
        defer { done.signal() }  // for the next call, which then need not wait
        return decoded
    }
}

extension StoredRows {
    /// Row `index`'s fields; nil when it is not a record (not JSON, not an object, NULL).
    func fields(at index: Int, names: FieldNameTable? = nil) -> [String: CacheValue]? {
        withRow(index) { _, record in record.flatMap { try? RecordJSON.decode(buffer: $0, key: keys[index], names: names) } }
    }
}
