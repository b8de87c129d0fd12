import GraphQLCache
import GraphQLCacheSQLite

/// A cache file's rows in key order, whichever kind of file it is: a SQLite cache is read a page
/// at a time in one read transaction; a snapshot (or bundle) is in memory already and is sorted.
enum KeyOrderedSource {
    /// The rows of the cache at `path`, opened read-only.
    static func open(_ path: String) throws -> any KeyOrderedRows {
        let file = try CacheFile.open(path, readOnly: true)
        if let sqlite = file.sqlite {
            do { return try sqlite.rowsInKeyOrder() } catch {
                throw CommandError.cache(path: path, message: "\(error)")
            }
        }
        return InMemoryKeyOrderedRows(records: try file.cache.allRecords().records)
    }
}

/// Rows passing through on their way to a diff, counted per `__typename`: `diff --stats`
/// learns the size of each group on both sides from the same single pass.
final class TallyingRows: KeyOrderedRows {
    private var inner: any KeyOrderedRows
    private let keys: KeyPattern?
    /// Records and bytes (key and JSON) per typename.
    private(set) var groups: [String: (records: Int, bytes: Int)] = [:]

    /// Counts the rows of `inner` whose key contains `keys` (all when nil).
    init(_ inner: any KeyOrderedRows, keys: KeyPattern?) {
        self.inner = inner
        self.keys = keys
    }

    func next() throws -> KeyedRow? {
        guard let row = try inner.next() else { return nil }
        if let keys, !keys.matches(row.key) { return row }
        let json = row.jsonBytes
        let typename: String
        if case .string(let name)? = (try? row.fields())?["__typename"] {
            typename = name
        } else {
            typename = row.key.isRoot ? row.key.rawValue : "(none)"
        }
        groups[typename, default: (0, 0)].records += 1
        groups[typename]!.bytes += row.key.rawValue.utf8.count + json.count
        return row
    }
}
