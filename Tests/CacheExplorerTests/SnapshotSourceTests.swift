import CacheExplorer
import GraphQLCache
import Synchronization
import Testing

/// Data loaded from a snapshot file follows the file: a new version becomes one `external`
/// change naming what it changed, added and removed (watches re-read, the status line says
/// so); a version that cannot be read is reported and not applied; unsaved in-memory changes
/// are never overwritten.
@Suite struct SnapshotSourceTests {
    /// A source whose next poll answers what the test queued.
    final class QueuedSource: ExternalRecordSource {
        private let queue = Mutex<[ExternalSourcePoll]>([])
        let name = "tiny.json"
        func enqueue(_ poll: ExternalSourcePoll) { queue.withLock { $0.append(poll) } }
        func poll() -> ExternalSourcePoll { queue.withLock { $0.isEmpty ? .unchanged : $0.removeFirst() } }
    }

    private func loop(_ source: QueuedSource) throws -> (ExplorerLoop, HeadlessTerminal, StoreBackend) {
        let cache = InMemoryNormalizedCache(records: RecordSet(records: TinyCache.records))
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: cache), transport: ScriptedTransport()),
                                   browsing: cache, sourceName: "tiny.json", externalSource: source)
        try backend.addWatch(name: "hero", document: "{ hero { name } }")
        let terminal = HeadlessTerminal(size: Size(width: 120, height: 40), actions: [.watchesDidUpdate])
        var loop = ExplorerLoop(explorer: Explorer(backend: backend, size: terminal.size), terminal: terminal)
        loop.run(untilIdle: true)
        return (loop, terminal, backend)
    }

    /// The tiny cache with R2-D2 renamed, Han gone and Leia added.
    private var rewritten: RecordSet {
        var records = TinyCache.records.filter { $0.key != "Human:1002" }
        records[1].fields["name"] = .string("Artoo")
        records.append(Record(key: "Human:1003", ["name": .string("Leia")]))
        return RecordSet(records: records)
    }

    @Test func aNewVersionOfTheFileIsOneExternalChangeNamingWhatDiffers() throws {
        let source = QueuedSource()
        var (loop, terminal, backend) = try loop(source)
        let changes = Mutex<[CacheChange]>([])
        let subscription = backend.store.subscribe { change in changes.withLock { $0.append(change) } }
        defer { subscription.cancel() }
        source.enqueue(.changed(rewritten))
        loop.run(untilIdle: true)
        let change = try #require(changes.withLock { $0 }.first)
        #expect(changes.withLock { $0 }.count == 1)
        #expect(change.isExternal)
        #expect(change.changedFields == [FieldKey(record: "Droid:2001", field: "name"), FieldKey(record: "Human:1003", field: "name")])
        #expect(change.removedRecords == ["Human:1002"])
        #expect(terminal.screen.contains("external change seen in 3 records"))
        #expect(loop.explorer.state.list.count == 4)
        backend.waitUntilIdle()
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.watches.first?.resultLines == ["hero.name: \"Artoo\""])
        #expect(loop.explorer.state.watches.first?.lastChangeOrigin == "external")
    }

    @Test func aVersionThatCannotBeReadIsReportedAndNothingChanges() throws {
        let source = QueuedSource()
        var (loop, terminal, backend) = try loop(source)
        source.enqueue(.unreadable("tiny.json changed on disk but cannot be read, kept as it was: line 3, column 1"))
        loop.run(untilIdle: true)
        #expect(terminal.screen.contains("tiny.json changed on disk but cannot be read"))
        #expect(try backend.loadRecord("Human:1002") != nil)
        #expect(loop.explorer.state.list.count == 4)
    }

    @Test func unsavedChangesAreNotOverwrittenByANewVersion() throws {
        let source = QueuedSource()
        var (loop, terminal, backend) = try loop(source)
        terminal.type([.character("G"), .character("d"), .character("y")])
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.unsavedChanges == 1)
        source.enqueue(.changed(rewritten))
        loop.run(untilIdle: true)
        #expect(terminal.screen.contains("tiny.json changed on disk; not reloaded over your 1 unsaved change (:open! tiny.json reloads it)"))
        #expect(try backend.loadRecord("Droid:2001")?["name"] == .string("R2-D2"))
    }
}
