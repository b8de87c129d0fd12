import CacheTestSupport
import GraphQLCache
import Testing
@testable import CacheExplorer

/// `C-r` makes again what `u` took back (an edit, a delete, a delete together with the refetch
/// it caused), wakes the watches as the undo did, naming itself `redo of …`; a new change ends
/// what can be redone.
@Suite struct RedoTests {
    private static let redo = Key.control("r")

    /// Opens Droid:2001 and edits its age to 34.
    private func editedAge() -> (Explorer, StoreBackend) {
        var (explorer, backend) = TinyCache.explorer(size: Size(width: 120, height: 40))
        explorer.press([.character("j"), .enter, .character("j"), .character("e"), .control("u")] + Key.sequence(from: "34") + [.enter])
        return (explorer, backend)
    }

    @Test func redoPutsBackAnUndoneEditAndUndoTakesItBackAgain() throws {
        var (explorer, backend) = editedAge()
        explorer.press([.character("u")])
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .int(33))
        #expect(explorer.state.redo.count == 1)
        explorer.press([Self.redo])
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .int(34))
        #expect(explorer.state.message == StatusMessage("redone: the edit of Droid:2001.age; u undoes"))
        #expect(explorer.state.redo.isEmpty)
        #expect(explorer.state.record?.rows[1].value == .int(34))
        explorer.press([.character("u")])
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .int(33))
        explorer.press([Self.redo])
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .int(34))
    }

    @Test func aWatchWokenByARedoNamesIt() throws {
        var (explorer, backend) = editedAge()
        try backend.addWatch(name: "age", document: "{ hero { age } }")
        explorer.send(.watchesDidUpdate)
        explorer.press([.character("u")])
        explorer.settle()
        #expect(explorer.state.watches[0].resultLines == ["hero.age: 33"])
        explorer.press([Self.redo])
        explorer.settle()
        #expect(explorer.state.watches[0].resultLines == ["hero.age: 34"])
        #expect(explorer.state.watches[0].lastChangeOrigin == "redo of the edit of Droid:2001.age")
        #expect(explorer.state.watches[0].lastChangedKeys == ["Droid:2001.age"])
    }

    @Test func redoDeletesAnUndoneDeleteAgain() throws {
        var (explorer, backend) = TinyCache.explorer()
        explorer.press([.character("j"), .character("j"), .character("d"), .character("y"), .character("u")])
        #expect(try backend.loadRecord("Human:1000") != nil)
        explorer.press([Self.redo])
        #expect(try backend.loadRecord("Human:1000") == nil)
        #expect(explorer.state.undo.count == 1)
        explorer.press([.character("u")])
        #expect(try backend.loadRecord("Human:1000")?["name"] == .string("Luke"))
    }

    @Test func aNewChangeEndsWhatCanBeRedone() throws {
        var (explorer, backend) = editedAge()
        explorer.press([.character("u"), .character("e"), .control("u")] + Key.sequence(from: "40") + [.enter])
        #expect(explorer.state.redo.isEmpty)
        explorer.press([Self.redo])
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .int(40))
        #expect(explorer.state.message == StatusMessage("nothing to redo: u takes a change back, then C-r makes it again", isError: true))
    }

    @Test func redoWithNothingUndoneSaysWhyAndReadOnlyRefusesIt() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([Self.redo])
        #expect(explorer.state.message == StatusMessage("nothing to redo: u takes a change back, then C-r makes it again", isError: true))
        var (readOnly, _) = TinyCache.explorer(readOnly: true)
        readOnly.press([Self.redo])
        #expect(readOnly.state.message?.isError == true)
        #expect(readOnly.state.message?.text.contains("read-only") == true)
    }
}

/// Redo against a real GraphQL server: a delete whose watch refetched, undone together, comes
/// back whole on `C-r` (the delete and what the refetch wrote) with no request sent.
@Suite(.enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
struct RealServerRedoTests {
    @Test func redoOfADeleteAndItsRefetchPutsBackBothWithoutFetching() throws {
        let server = try AriadneServer.shared.get()
        let records = [
            Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
            Record(key: "Droid:2001", ["__typename": .string("Droid"), "id": .string("2001"), "name": .string("Artoo")]),
        ]
        let cache = InMemoryNormalizedCache(records: RecordSet(records: records))
        let store = CacheStore(cache: cache, configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"])))
        let client = GraphQLClient(store: store, transport: HTTPNetworkTransport(url: server.graphQL, timeout: 10))
        let backend = StoreBackend(client: client, browsing: cache, sourceName: "real server", usesNetwork: true)
        try backend.addWatch(name: nil, document: "query HeroName { hero { id name } }")
        var explorer = Explorer(backend: backend, size: Size(width: 120, height: 30))
        explorer.send(.watchesDidUpdate)
        explorer.press([.character("j"), .character("d"), .character("y")])
        explorer.settle()
        #expect(try cache.loadRecord(forKey: "Droid:2001")?["name"] == .string("R2-D2"))
        explorer.press([.character("u")])
        explorer.settle()
        #expect(try cache.loadRecord(forKey: "Droid:2001")?["name"] == .string("Artoo"))
        explorer.press([.control("r")])
        explorer.settle()
        #expect(try cache.loadRecord(forKey: "Droid:2001")?["name"] == .string("R2-D2"))
        #expect(explorer.state.watches.first?.resultLines == [#"hero.id: "2001""#, #"hero.name: "R2-D2""#])
        #expect(explorer.state.watches.first?.lastChangeOrigin?.hasPrefix("redo of ") == true)
        #expect(client.networkRequestCount == 1)
    }
}
