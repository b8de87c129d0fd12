import Synchronization
import CacheExplorer
import GraphQLCache
import Testing

@Suite struct ExplorerEditingTests {
    /// Opens Droid:2001 and selects `field`.
    private func droidExplorer(selecting field: Int, readOnly: Bool = false) -> (Explorer, StoreBackend) {
        var (explorer, backend) = TinyCache.explorer(readOnly: readOnly)
        explorer.press([.character("j"), .enter] + Array(repeating: .character("j"), count: field))
        return (explorer, backend)
    }

    @Test func eInTheListSaysHowToReachTheFields() {
        var (explorer, _) = TinyCache.explorer()
        explorer.send(.keyPressed(.character("e")))
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.message == StatusMessage("e edits a field of the record pane: Enter moves into it"))
    }

    @Test func eOpensTheEditDialogWithTheValueAndItsKind() {
        var (explorer, _) = droidExplorer(selecting: 1)
        explorer.send(.keyPressed(.character("e")))
        var expected = TinyCache.initialState()
        expected.list.selected = 1
        expected.focus = .record
        expected.record = TinyCache.droidView(selected: 1)
        expected.mode = .edit(EditDialog(field: FieldKey(record: "Droid:2001", field: "age"), kind: .int, input: LineInput("33")))
        #expect(explorer.state == expected)
    }

    @Test func editWritesTheTypedValueThroughTheStoreAndUndoRestoresIt() throws {
        var (explorer, backend) = droidExplorer(selecting: 1)
        let changes = ChangeLog(backend)
        explorer.press([.character("e"), .control("u")] + Key.sequence(from: "34") + [.enter])
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .int(34))
        #expect(changes.fields == [[FieldKey(record: "Droid:2001", field: "age")]])
        var expected = TinyCache.initialState()
        expected.list.selected = 1
        expected.list.rows[1].size -= 0
        expected.focus = .record
        expected.record = TinyCache.droidView(selected: 1)
        expected.record?.rows[1].value = .int(34)
        expected.undo = [UndoEntry(.edit(FieldKey(record: "Droid:2001", field: "age"), previous: .int(33)), origin: backend.lastWriteOrigin)]
        expected.message = StatusMessage("Droid:2001.age = 34; u undoes")
        expected.unsavedChanges = 1
        expected.history = [.edit: ["34"]]
        #expect(explorer.state == expected)
        explorer.press([.character("u")])
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .int(33))
        #expect(explorer.state.undo == [])
        #expect(explorer.state.record == TinyCache.droidView(selected: 1))
    }

    @Test func tabChangesTheKindAndTheValueIsParsedAsThatKind() throws {
        var (explorer, backend) = droidExplorer(selecting: 1)
        // int -> float
        explorer.press([.character("e"), .tab, .control("u")] + Key.sequence(from: "33.5") + [.enter])
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .double(33.5))
        // float -> bool -> null
        explorer.press([.character("e"), .tab, .tab, .enter])
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .null)
    }

    @Test func invalidInputKeepsTheDialogOpenWithTheReason() throws {
        var (explorer, backend) = droidExplorer(selecting: 1)
        explorer.press([.character("e"), .control("u")] + Key.sequence(from: "12x") + [.enter])
        #expect(explorer.state.mode == .edit(EditDialog(field: FieldKey(record: "Droid:2001", field: "age"), kind: .int,
                                                        input: LineInput("12x"), error: "\"12x\" is not an integer")))
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .int(33))
        explorer.send(.keyPressed(.escape))
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.undo == [])
    }

    @Test func aReferenceMustNameAnExistingRecord() throws {
        var (explorer, backend) = droidExplorer(selecting: 3)
        let kindToReference = Array(repeating: Key.tab, count: 5)  // string -> int, float, bool, null, reference
        explorer.press([.character("e")] + kindToReference + [.control("u")] + Key.sequence(from: "Human:7") + [.enter])
        guard case .edit(let dialog) = explorer.state.mode else { Issue.record("dialog closed"); return }
        #expect(dialog.kind == .reference)
        #expect(dialog.error == "no record \"Human:7\" to refer to")
        explorer.press([.control("u")] + Key.sequence(from: "Human:1000") + [.enter])
        #expect(try backend.loadRecord("Droid:2001")?["name"] == .reference("Human:1000"))
    }

    @Test func jsonEditsReplaceListsAndReadReferences() throws {
        var (explorer, backend) = droidExplorer(selecting: 2)
        explorer.press([.character("e"), .control("u")] + Key.sequence(from: #"[{"$reference":"Human:1002"}]"#) + [.enter])
        #expect(try backend.loadRecord("Droid:2001")?["friends"] == .list([.reference("Human:1002")]))
    }

    @Test func readOnlyRefusesEditsDeletesAndUndo() {
        var (explorer, _) = droidExplorer(selecting: 1, readOnly: true)
        let before = explorer.state
        for key in ["e", "d", "D", "u"] {
            explorer.send(.keyPressed(.character(Character(key))))
            var expected = before
            expected.message = StatusMessage("read-only: opened with --read-only, changes are refused", isError: true)
            #expect(explorer.state == expected)
        }
    }

    @Test func aChangeFromElsewhereRefreshesTheRecordShown() throws {
        var (explorer, backend) = droidExplorer(selecting: 0)
        try backend.store.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")])]))
        explorer.send(.storeDidChange(CacheChange(changedFields: [FieldKey(record: "Droid:2001", field: "name")])))
        #expect(explorer.state.record?.rows.last == FieldRow(field: "name", label: "name", value: .string("Artoo")))
    }
}

/// Collects the store's change notifications.
final class ChangeLog: Sendable {
    private let log = Mutex<[Set<FieldKey>]>([])

    init(_ backend: StoreBackend) {
        backend.onChange { [self] action in
            if case .storeDidChange(let change, _) = action { self.log.withLock { $0.append(change.affectedFields) } }
        }
    }

    var fields: [Set<FieldKey>] { log.withLock { $0 } }
}
