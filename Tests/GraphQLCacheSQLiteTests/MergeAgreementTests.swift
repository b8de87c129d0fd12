import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// Random merges give the same changed keys and the same records in the SQLite cache (which
/// compares stored bytes first) as in the in-memory cache (which compares values).
@Suite struct MergeAgreementTests {
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func value(depth: Int = 0) -> CacheValue {
            switch next(depth > 1 ? 7 : 9) {
            case 0: return .null
            case 1: return .bool(next(2) == 0)
            case 2: return .int(next(5) - 2)
            case 3: return .double([0.0, -0.0, 1.0, 2.5, 1e-7, 123.99][next(6)])
            case 4: return .string(["", "a", "A", "é", "e\u{301}", "quote\"", "😀"][next(7)])
            case 5: return .reference(CacheKey("K:\(next(3))"))
            case 6: return .object(["lat": .double(1.5)])
            case 7: return .list((0..<next(3)).map { _ in value(depth: depth + 1) })
            default: return .object(["x": value(depth: depth + 1), "n": .int(next(2))])
            }
        }
    }

    @Test func sqliteAndMemoryReportTheSameChangesForRandomMerges() throws {
        let directory = try TemporaryDirectory()
        let sqlite = try SQLiteNormalizedCache(path: directory.path("agree.sqlite"))
        let memory = InMemoryNormalizedCache()
        var generator = Generator(state: 42)
        let fields = ["a", "b", "c", "d(x:1)"]
        for round in 0..<60 {
            var records: [Record] = []
            for key in 0..<(1 + generator.next(12)) {
                var record = Record(key: CacheKey("R:\(key)"))
                for field in fields where generator.next(3) > 0 { record[field] = generator.value() }
                records.append(record)
            }
            let set = RecordSet(records: records)
            #expect(try sqlite.merge(records: set) == memory.merge(records: set), "round \(round)")
        }
        #expect(try sqlite.allRecords() == memory.allRecords())
    }
}
