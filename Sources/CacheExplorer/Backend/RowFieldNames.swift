import Dispatch
import GraphQLCache

/// Each stored row's field names (nil: not a record), found on a thread of its own from the
/// moment this is made, for a caller that has other work meanwhile (the undo of a delete
/// writes the rows back while their names are found, `StoredRows.fieldNames(at:)`).
final class RowFieldNames: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the finding thread before `done` is signalled; read after it.
    private var found: [[String]?] = []

    init(_ rows: StoredRows) {
        DispatchQueue.global(qos: .utility).async { [self] in
            found = (0..<rows.count).map { rows.fieldNames(at: $0) }
            done.signal()
        }
    }

    /// The names, waiting for the finding to end.
    func names() -> [[String]?] {
        done.wait()
        defer { done.signal() }  // for the next call, which then need not wait
        return found
    }
}
