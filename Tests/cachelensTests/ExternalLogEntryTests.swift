@testable import CacheExplorer
@testable import CacheLensCLI
import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// The app's change to a record the user is looking at, as the write log shows it: with each
/// field's value before and after, although the log itself never touched the record (the
/// before-image comes from the rows the screen read).
@Suite struct ExternalLogEntryTests {
    static let records: [Record] = [
        Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2")]),
        Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke")]),
    ]

    @Test func anotherProcessesChangeToARecordOnScreenHasItsFieldsBefore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let app = try SQLiteNormalizedCache(path: path)
        try app.merge(records: RecordSet(records: Self.records))
        let backend = try ExplorerFiles.openBackend(path: path, options: ExplorerFiles.Options())
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        explorer.press([.character("/")] + Key.sequence(from: "Human") + [.enter, .enter])
        #expect(explorer.render().text.contains("Luke"), "the record is on screen")
        try app.merge(records: RecordSet(records: [Record(key: "Human:1000", ["name": .string("Luke S.")])]))
        explorer.turn(nil, pollingExternalChanges: true)
        let log = try #require((explorer.backend as? StoreBackend)?.writeLog)
        let entries = try log.entries(0..<10)
        #expect(entries.map(\.origin) == ["external"])
        #expect(entries.first?.records == [RecordDelta(key: "Human:1000", kind: .changed, typename: "Human",
                                                       fields: [FieldDelta(field: "name", before: .string("Luke"), after: .string("Luke S."))])])
    }
}
