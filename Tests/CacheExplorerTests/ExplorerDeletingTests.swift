import CacheExplorer
import GraphQLCache
import CacheTestSupport
import GraphQLCacheSQLite
import Testing

@Suite struct ExplorerDeletingTests {
    @Test func dAsksForConfirmationAndAnyOtherKeyKeepsTheRecord() throws {
        var (explorer, backend) = TinyCache.explorer()
        explorer.press([.character("G"), .character("d")])
        var expected = TinyCache.initialState()
        expected.list.selected = 3
        expected.mode = .confirm(.delete("Human:1002"))
        expected.record = TinyCache.view("Human:1002")
        #expect(explorer.state == expected)
        explorer.send(.keyPressed(.character("n")))
        #expect(explorer.state.mode == .normal)
        #expect(try backend.loadRecord("Human:1002") != nil)
    }

    @Test func yDeletesTheRecordAndUndoPutsItBack() throws {
        var (explorer, backend) = TinyCache.explorer()
        explorer.press([.character("G"), .character("d"), .character("y")])
        #expect(try backend.loadRecord("Human:1002") == nil)
        var expected = TinyCache.initialState()
        expected.list = RecordListState(count: 3, selected: 2, rows: [TinyCache.row(.queryRoot), TinyCache.row("Droid:2001"), TinyCache.row("Human:1000")])
        expected.undo = [UndoEntry(.removal([TinyCache.records[3]], description: "delete Human:1002"), origin: backend.lastWriteOrigin)]
        expected.message = StatusMessage("deleted Human:1002; u undoes")
        expected.record = TinyCache.view("Human:1000")
        expected.unsavedChanges = 1
        #expect(explorer.state == expected)
        explorer.press([.character("u")])
        #expect(try backend.loadRecord("Human:1002") == TinyCache.records[3])
        #expect(explorer.state.list.count == 4)
    }

    @Test func deleteByPatternPreviewsKeysCountAndDanglingReferences() throws {
        var (explorer, backend) = TinyCache.explorer()
        explorer.press([.character("D")] + Key.sequence(from: "human") + [.enter])
        let preview = PatternPreview(pattern: "human", count: 2, sample: ["Human:1000", "Human:1002"],
                                     danglingReferences: ["Droid:2001.friends → Human:1000"], danglingCount: 1,
                                     affectedWatches: [])
        #expect(explorer.state.mode == .confirm(.deletePattern(preview)))
        explorer.send(.keyPressed(.character("y")))
        #expect(try backend.keyCount(matching: nil) == 2)
        #expect(explorer.state.message == StatusMessage("deleted 2 records; u undoes"))
        explorer.send(.keyPressed(.character("u")))
        #expect(try backend.keyCount(matching: nil) == 4)
        #expect(explorer.state.message == StatusMessage("undone: delete \"human\" (2 records restored)"))
    }

    /// The preview keeps only the lines it shows: they must be the first five of every dangling
    /// reference in text order, whichever records, fields and list places they come from.
    @Test func thePreviewShowsTheFirstDanglingReferencesInTextOrderAndCountsThemAll() throws {
        let items = (0..<40).map { Record(key: CacheKey("Item:\($0)"), ["n": .int($0)]) }
        var generator = SystemRandomNumberGenerator()
        let owners = (0..<6).map { owner in
            Record(key: CacheKey("Owner:\(owner)"), [
                "items": .list(items.shuffled(using: &generator).prefix(9).map { .reference($0.key) }),
                "best": .reference(items.randomElement(using: &generator)!.key),
                "other": .reference("Owner:0"),
            ])
        }
        var everyLine: [String] = []
        for owner in owners {
            for field in ["best", "items"] {
                owner.fields[field]!.referencedKeys.forEach { everyLine.append("\(owner.key).\(field) → \($0)") }
            }
        }
        let cache = InMemoryNormalizedCache(records: RecordSet(records: items + owners))
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "owners"), size: Size(width: 100, height: 30))
        explorer.press([.character("D")] + Key.sequence(from: "Item:") + [.enter])
        guard case .confirm(.deletePattern(let preview)) = explorer.state.mode else {
            Issue.record("no preview: \(explorer.state.mode)")
            return
        }
        #expect(preview.danglingCount == everyLine.count)
        #expect(preview.danglingReferences == Array(everyLine.sorted().prefix(5)))
    }

    @Test func aPatternMatchingNothingSaysSo() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("D")] + Key.sequence(from: "zzz") + [.enter])
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.message == StatusMessage("no key contains \"zzz\""))
    }

    @Test func rListsEveryFieldThatRefersToTheRecordAndEnterOpensOne() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("j"), .character("j"), .character("r")])
        let expected = InboundList(target: "Human:1000", references: [
            InboundReference(record: "Droid:2001", place: ValuePath(field: "friends", steps: [.index(0)])),
            InboundReference(record: "Human:1002", place: ValuePath(field: "best")),
        ])
        #expect(explorer.state.mode == .inbound(expected))
        explorer.press([.character("j"), .enter])
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.record?.key == "Human:1002")
        #expect(explorer.state.focus == .record)
    }
}

@Suite struct GarbageCollectionTests {
    @Test func gcListsRecordsNoRootReachesAndDeletesThemOnConfirmation() throws {
        var (explorer, backend) = TinyCache.explorer()
        explorer.press(Key.sequence(from: ":") + Key.sequence(from: "gc") + [.enter])
        #expect(explorer.state.mode == .confirm(.garbage(["Human:1002"])))
        explorer.send(.keyPressed(.character("y")))
        #expect(try backend.loadRecord("Human:1002") == nil)
        #expect(explorer.state.undo == [UndoEntry(.removal([TinyCache.records[3]], description: ":gc"), origin: backend.lastWriteOrigin)])
        explorer.press(Key.sequence(from: ":") + Key.sequence(from: "gc") + [.enter])
        #expect(explorer.state.message == StatusMessage("every record is reachable from a root"))
    }

    /// `:gc` lists what the library's garbage collection would remove: a row that cannot be
    /// read is left alone, and what its text references is kept (it was listed, and deleted).
    @Test func gcOnAFileLeavesABrokenRowAndWhatItReferences() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("QUERY_ROOT", #"{"hero":{"$reference":"Broken:1"}}"#),
            ("Broken:1", #"{"friend":{"$reference":"Kept:1"},"#),
            ("Kept:1", #"{"name":"kept"}"#),
            ("Lost:1", #"{"name":"lost"}"#),
        ])
        let backend = StoreBackend(cache: try SQLiteNormalizedCache(path: path), sourceName: "c.sqlite")
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        explorer.press(Key.sequence(from: ":") + Key.sequence(from: "gc") + [.enter])
        #expect(explorer.state.mode == .confirm(.garbage(["Lost:1"])))
    }
}
