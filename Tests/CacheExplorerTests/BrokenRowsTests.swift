import CacheExplorer
import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Synchronization
import Testing

/// Broken data is data: a row whose record is not valid JSON is listed (marked), counted,
/// selectable, shown raw with its error and removable; rows without a key are counted; and
/// none of it hides the other records.
@Suite struct BrokenRowsTests {
    /// An Apollo file with three good records, one whose JSON is cut short, and a NULL-key row.
    static func brokenFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("broken.sqlite")
        let connection = try SQLiteConnection(path: path, readOnly: false, create: true, busyTimeoutMilliseconds: 5000)
        try connection.exec("""
            CREATE TABLE records (_id INTEGER, key TEXT UNIQUE, record TEXT, PRIMARY KEY(_id AUTOINCREMENT));
            INSERT INTO records (key, record) VALUES ('QUERY_ROOT', '{"hero":{"$reference":"Droid:2001"}}');
            INSERT INTO records (key, record) VALUES ('Droid:2001', '{"__typename":"Droid","name":"R2-D2"}');
            INSERT INTO records (key, record) VALUES ('Human:1000', '{"__typename":"Human",
            "name": Luke}');
            INSERT INTO records (key, record) VALUES ('Human:1001', '{"__typename":"Human","name":"Han Solo"}');
            INSERT INTO records (key, record) VALUES (NULL, '{"name":"nobody"}');
            """, context: "test setup")
        return path
    }

    static func explorer(_ path: String, environment: ExplorerEnvironment = .isolated) throws -> Explorer {
        let backend = StoreBackend(cache: try SQLiteNormalizedCache(path: path), sourceName: "broken.sqlite")
        return Explorer(backend: backend, size: Size(width: 120, height: 30), environment: environment)
    }

    @Test func exportWritesEveryRecordAndNamesTheRowsItCouldNot() throws {
        let directory = try TemporaryDirectory()
        let written = Collected<[UInt8]>()
        let environment = ExplorerEnvironment(openBackend: ExplorerEnvironment.isolated.openBackend,
                                              loadTheme: ExplorerEnvironment.isolated.loadTheme,
                                              readFile: ExplorerEnvironment.isolated.readFile,
                                              writeFile: { _, bytes in written.append(bytes) })
        var explorer = try Self.explorer(try Self.brokenFile(in: directory), environment: environment)
        explorer.press([.character(":")] + ("export out.json".map(Key.character)) + [.enter])
        #expect(explorer.state.message?.text
            == "exported 3 records to out.json; not exported: 1 broken row (Human:1000), 1 row without a key")
        let snapshot = try Snapshot.decode(try #require(written.items.first), source: "out.json")
        #expect(Set(snapshot.keys) == ["QUERY_ROOT", "Droid:2001", "Human:1001"])
    }

    @Test func aBrokenRowIsListedMarkedAndCountedBesideEveryOtherRecord() throws {
        let directory = try TemporaryDirectory()
        var explorer = try Self.explorer(try Self.brokenFile(in: directory))
        #expect(explorer.state.list.rows.map(\.key) == ["QUERY_ROOT", "Droid:2001", "Human:1000", "Human:1001"])
        let broken = try #require(explorer.state.list.rows.first { $0.key == "Human:1000" })
        #expect(broken.brokenError?.contains("line 2, column 9") == true, "\(broken.brokenError ?? "none")")
        #expect(explorer.state.brokenRows == BrokenRowSummary(brokenKeys: ["Human:1000"], nullKeyRows: 1))
        let screen = explorer.render().text
        #expect(screen.contains("4 records │ 1 broken row │ 1 row without a key │ no schema"), "\(screen)")

        explorer.press([.character("G")])
        #expect(explorer.state.record?.key == "Human:1001")
        #expect(explorer.state.record?.rows.count == 2)
    }

    @Test func aSelectedBrokenRowShowsItsTextAndErrorAndDPlusYRemovesItFromTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.brokenFile(in: directory)
        var explorer = try Self.explorer(path)
        explorer.press([.character("j"), .character("j")])
        let view = try #require(explorer.state.record)
        #expect(view.key == "Human:1000")
        #expect(view.broken?.text == "{\"__typename\":\"Human\",\n\"name\": Luke}")
        GoldenScreen.check(explorer.render(), suite: "BrokenRowsTests", name: "brokenRowSelected-120x30")

        explorer.press([.character("d"), .character("y")])
        #expect(explorer.state.message?.text == "deleted 1 broken row (undo cannot bring its text back)")
        #expect(explorer.state.list.rows.map(\.key) == ["QUERY_ROOT", "Droid:2001", "Human:1001"])
        #expect(explorer.state.brokenRows.brokenKeys.isEmpty)
        #expect(!explorer.render().text.contains("broken row │"))
        let reopened = try SQLiteNormalizedCache(path: path)
        #expect(try reopened.brokenRowSummary() == BrokenRowSummary(brokenKeys: [], nullKeyRows: 1))
        #expect(try reopened.keys(matching: nil, offset: 0, limit: 10) == ["QUERY_ROOT", "Droid:2001", "Human:1001"])
    }

    @Test func aReferenceToABrokenRowIsNotDangling() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.brokenFile(in: directory)
        try SQLiteNormalizedCache(path: path).merge(records: RecordSet(records: [
            Record(key: "Droid:2001", ["friends": .list([.reference("Human:1000"), .reference("Human:1001")])]),
        ]))
        var explorer = try Self.explorer(path)
        explorer.press([.character("j"), .enter, .character("j"), .enter])
        let rows = try #require(explorer.state.record?.rows)
        #expect(rows.filter { $0.depth == 1 }.map(\.isDangling) == [false, false])
    }
}

/// Values handed over from closures the explorer calls, in order.
final class Collected<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var items: [Element] { storage.withLock { $0 } }
}
