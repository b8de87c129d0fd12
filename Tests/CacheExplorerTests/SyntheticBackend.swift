import CacheExplorer
import GraphQLCache
import Synchronization

/// A backend of `count` generated records (`Item:0` … in natural order) that counts what the
/// explorer asks for, to show the list is virtualised: pages only, never a scan.
final class SyntheticBackend: FixedRecords {
    struct Calls: Equatable {
        var pages: [Int] = []
        var recordsLoaded = 0
        var scans = 0
    }

    let count: Int
    let sourceName = "synthetic"
    private let calls = Mutex(Calls())

    init(count: Int) { self.count = count }

    var log: Calls { calls.withLock { $0 } }

    func keyCount(matching filter: String?) throws -> Int { filter == nil ? count : 0 }

    func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        calls.withLock { $0.pages.append(limit) }
        guard filter == nil else { return [] }
        return (offset..<min(count, offset + limit)).map { CacheKey("Item:\($0)") }
    }

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        calls.withLock { $0.recordsLoaded += keys.count }
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, Record(key: $0, ["__typename": .string("Item")])) })
    }

    func forEachRecord(_ body: (Record) throws -> Void) throws {
        calls.withLock { $0.scans += 1 }
    }
}
