import CacheExplorer
import GraphQLCache
import Testing

/// With a schema loaded, the explorer refuses edits that do not fit a field's type, lists the
/// cache's health under `:lint` (Enter opens a record), and the console refuses variables that
/// do not fit their types.
@Suite struct ExplorerSchemaCheckTests {
    private static let sdl = """
        type Query { hero(episode: Episode): Character }
        enum Episode { NEWHOPE EMPIRE JEDI }
        interface Character { name: String! friends: [Character] }
        type Droid implements Character { name: String! age: Int friends: [Character] }
        type Human implements Character { name: String! height: Float best: Human friends: [Character] }
        """

    private func explorer() throws -> (Explorer, StoreBackend) {
        let configuration = CacheConfiguration(schema: try CacheSchema.load(sdl: [Self.sdl]))
        let backend = StoreBackend(cache: InMemoryNormalizedCache(records: RecordSet(records: TinyCache.records)),
                                   sourceName: "tiny", configuration: configuration)
        return (Explorer(backend: backend, size: Size(width: 100, height: 30)), backend)
    }

    @Test func aStringFieldEditedToAnIntegerIsRefusedNamingTheSchemaType() throws {
        var (explorer, backend) = try explorer()
        // Droid:2001's fields: __typename, age, friends, name; `name` is the fourth.
        explorer.press([.character("j"), .enter, .character("j"), .character("j"), .character("j"), .character("e"),
                        .control("u")] + Key.sequence(from: "42") + [.tab, .enter])
        guard case .edit(let dialog) = explorer.state.mode else {
            Issue.record("the edit dialog closed: \(explorer.state.mode)")
            return
        }
        #expect(dialog.kind == .int)
        #expect(dialog.error == "Droid.name is String! in the schema: 42 does not fit")
        #expect(try backend.loadRecord("Droid:2001")?["name"] == .string("R2-D2"))
        explorer.press([.tab, .tab, .tab, .tab, .tab, .tab] + [.control("u")] + Key.sequence(from: "Artoo") + [.enter])
        #expect(try backend.loadRecord("Droid:2001")?["name"] == .string("Artoo"))
    }

    @Test func lintListsFindingsAndEnterOpensTheSelectedRecord() throws {
        var (explorer, _) = try explorer()
        explorer.press([.character(":")] + Key.sequence(from: "lint") + [.enter])
        guard case .lint(let list) = explorer.state.mode else {
            Issue.record("no lint list: \(explorer.state.mode); \(String(describing: explorer.state.message))")
            return
        }
        #expect(list.rows.first?.text == "danglingReference (1): 1 reference(s) name absent records; e.g. Droid:2001 -> Human:9999")
        #expect(list.rows[list.selected].key == "Droid:2001")
        let unreachable = try #require(list.rows.firstIndex { $0.text.hasPrefix("unreachable (1)") })
        #expect(list.rows[unreachable + 2].key == "Human:1002")
        explorer.press([.character("j"), .enter])
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.record?.key == "Human:1002")
        #expect(explorer.state.focus == .record)
    }

    @Test func aVariableOutsideItsEnumIsAnErrorInTheConsoleNotAMiss() throws {
        var (explorer, _) = try explorer()
        explorer.press([.character("c")] + Key.sequence(from: "query H($e: Episode) { hero(episode: $e) { name } }") + [.tab]
            + Key.sequence(from: #"{"e":"FOO"}"#) + [.enter])
        explorer.settle()
        #expect(explorer.state.console.report == nil)
        #expect(explorer.state.console.error == #"variable "$e": "FOO" is not a value of enum Episode; allowed values of Episode: NEWHOPE, EMPIRE, JEDI"#)
    }
}
