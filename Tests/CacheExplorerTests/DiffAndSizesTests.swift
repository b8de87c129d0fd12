import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Testing

/// `:diff FILE` lists and marks the records that differ from FILE; `:sizes` groups by typename,
/// drills into a typename's records and opens one.
@Suite struct DiffAndSizesTests {
    static let size = Size(width: 100, height: 30)

    /// An explorer on `WriteLogTests.records` whose `:open`/`:diff` files all hold `other`.
    static func explorer(_ kind: CacheKind, other: [Record]) -> Explorer {
        let environment = ExplorerEnvironment(
            openBackend: { _ in StoreBackend(cache: InMemoryNormalizedCache(records: RecordSet(records: other)), sourceName: "other") },
            loadTheme: { _ in .default }, readFile: { _ in "" }, writeFile: { _, _ in })
        return Explorer(backend: StoreBackend(cache: kind.makeCache(WriteLogTests.records), sourceName: "now"), size: size,
                        environment: environment)
    }

    @Test(arguments: CacheKind.allCases)
    func diffListsTheDifferingRecordsAndMarksThem(_ kind: CacheKind) throws {
        let other = [
            WriteLogTests.records[0],
            Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("Artoo"), "age": .int(33)]),
            Record(key: "Human:2000", ["__typename": .string("Human"), "name": .string("Gone")]),
        ]
        var explorer = Self.explorer(kind, other: other)
        explorer.press([.character(":")] + Key.sequence(from: "diff other.json") + [.enter])
        guard case .diff(let list) = explorer.state.mode else { Issue.record("no diff: \(explorer.state.message?.text ?? "")"); return }
        #expect(list.counts == [.added: 1, .removed: 1, .changed: 1])
        #expect(list.rows.compactMap(\.key) == ["Droid:2001", "Human:1000", "Human:2000"])
        #expect(explorer.render().text.contains("\"Artoo\" │ \"R2-D2\""))
        #expect(explorer.state.diffMarks == ["Droid:2001": .changed, "Human:1000": .added, "Human:2000": .removed])
        explorer.press([.escape])
        #expect(explorer.render().text.contains("~Droid:2001"))
        explorer.press([.escape])
        #expect(explorer.state.diffMarks.isEmpty)
    }

    @Test(arguments: CacheKind.allCases)
    func sizesDrillFromTypenamesToRecords(_ kind: CacheKind) throws {
        var explorer = Self.explorer(kind, other: [])
        explorer.press([.character(":")] + Key.sequence(from: "sizes") + [.enter])
        guard case .sizes(let groups) = explorer.state.mode else { Issue.record("no sizes"); return }
        #expect(Set(groups.rows.map(\.name)) == ["Droid", "Human", "QUERY_ROOT"])
        #expect(groups.rows.map(\.bytes) == groups.rows.map(\.bytes).sorted(by: >))
        let human = try #require(groups.rows.firstIndex { $0.name == "Human" })
        explorer.press([.character("g")] + Array(repeating: Key.character("j"), count: human) + [.enter])
        guard case .sizes(let records) = explorer.state.mode else { Issue.record("no drill-down"); return }
        #expect(records.typename == "Human")
        #expect(records.rows.map(\.key) == ["Human:1000"])
        explorer.press([.enter])
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.record?.key == "Human:1000")
    }
}
