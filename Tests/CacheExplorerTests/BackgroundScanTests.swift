import CacheExplorer
import CacheTestSupport
import Dispatch
import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline
import Synchronization
import Testing

/// `:lint`, `:gc` and `:sizes` over more than 10,000 records read them in the background: the
/// keys are answered meanwhile, the progress line says what runs and how far it got, `Esc`
/// stops it and nothing opens, and the overlay opens when the scan ends, or once a prompt
/// opened meanwhile has closed. The cache's scan waits at a gate halfway (`GatedCache`), so it
/// is certainly still running while the test presses keys.
@Suite struct BackgroundScanTests {
    static let count = 12_000

    /// 12,000 items (only one of which a root reaches), the first pointing at a user who is not
    /// there, and the root.
    private func records() -> [Record] {
        var records = (0..<Self.count).map { index in
            Record(key: CacheKey("Item:\(index)"), ["__typename": .string("Item"), "id": .string("\(index)"),
                                                     "name": .string(String(repeating: "x", count: index % 7))])
        }
        records[0].fields["owner"] = .reference("User:gone")
        records.append(Record(key: .queryRoot, ["item": .reference("Item:1")]))
        return records
    }

    /// An explorer on the records, whose big loads never wait (`GatedCache` with no threshold
    /// reached) and whose scans wait halfway once the test says so (`stopScans(after:)`).
    private func explorer(environment: ExplorerEnvironment = .isolated) -> (Explorer, GatedCache) {
        let cache = GatedCache(records: RecordSet(records: records()), threshold: .max)
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: cache), transport: ScriptedTransport()),
                                   browsing: cache, sourceName: "items", waitsForWatches: false)
        return (Explorer(backend: backend, size: Size(width: 100, height: 30), environment: environment), cache)
    }

    private func command(_ text: String) -> [Key] { [.character(":")] + Key.sequence(from: text) + [.enter] }

    @Test func lintRunsInTheBackgroundAndOpensWhenDone() throws {
        var (explorer, cache) = explorer()
        let expected = try explorer.backend.lint()
        cache.stopScans(after: Self.count / 2)
        explorer.press(command("lint"))
        cache.reachedGate.wait()
        #expect(explorer.state.scan != nil)
        #expect(explorer.render().text.contains("linting 12,001 records…"))
        #expect(explorer.render().text.contains("· Esc stops"))
        let selected = explorer.state.list.selected
        explorer.press([.character("j"), .character("j")])
        #expect(explorer.state.list.selected == selected + 2, "keys are answered while the scan runs")
        // The memory cache says how far it got every 4,096 records: 4,096 of 12,001 before the gate.
        #expect(explorer.render().text.contains("linting 12,001 records… 34 % · Esc stops"))
        cache.open()
        explorer.settle()
        #expect(explorer.state.scan == nil)
        guard case .lint(let list) = explorer.state.mode else {
            Issue.record("no lint overlay: \(explorer.state.mode)")
            return
        }
        #expect(list == LintList(findings: expected) && !expected.isEmpty)
        #expect(!explorer.render().text.contains("linting 12,001 records…"))
    }

    @Test func escStopsAScanAndNothingOpens() {
        var (explorer, cache) = explorer()
        cache.stopScans(after: Self.count / 2)
        explorer.press(command("gc"))
        cache.reachedGate.wait()
        #expect(explorer.state.scan != nil)
        explorer.press([.escape])
        #expect(explorer.state.scan == nil)
        #expect(explorer.state.message?.text == "stopped tracing 12,001 records from the roots")
        cache.open()
        explorer.settle()
        #expect(explorer.state.mode == .normal, "the stopped scan's preview opened")
    }

    @Test func aScanEndingWhileAPromptIsOpenWaitsForItToClose() {
        var (explorer, cache) = explorer()
        cache.stopScans(after: Self.count / 2)
        explorer.press(command("sizes"))
        cache.reachedGate.wait()
        explorer.press([.character("/")])
        cache.open()
        explorer.settle()
        guard case .filter = explorer.state.mode else {
            Issue.record("the scan took the filter prompt's keyboard: \(explorer.state.mode)")
            return
        }
        explorer.press([.escape])
        guard case .sizes(let list) = explorer.state.mode else {
            Issue.record("no sizes overlay once the prompt closed: \(explorer.state.mode)")
            return
        }
        #expect(list.rows.map(\.name) == ["Item", "QUERY_ROOT"])
        #expect(list.rows.first?.records == Self.count)
    }

    /// Drilling into a typename and back shows what one scan found: the typename's largest
    /// records (ties by key), and the typenames again at the same place.
    @Test func sizesDrillsIntoATypenameAndBackWithoutScanningAgain() {
        var (explorer, _) = explorer()
        explorer.press(command("sizes"))
        explorer.settle()
        explorer.press([.enter])
        guard case .sizes(let drilled) = explorer.state.mode else {
            Issue.record("no sizes overlay: \(explorer.state.mode)")
            return
        }
        #expect(drilled.typename == "Item")
        // Each item's key and record JSON, largest first, ties by key.
        let sizes = records().filter { $0.typename == "Item" }.map { record in
            (name: record.key.rawValue, bytes: record.key.rawValue.utf8.count + RecordJSON.encode(record.fields).count)
        }
        let largest = sizes.sorted { ($0.bytes, $1.name) > ($1.bytes, $0.name) }.prefix(500)
        #expect(drilled.rows.map(\.name) == largest.map { $0.name })
        #expect(drilled.rows.map(\.bytes) == largest.map { $0.bytes })
        explorer.press([.backspace])
        guard case .sizes(let back) = explorer.state.mode else {
            Issue.record("Backspace closed the overlay")
            return
        }
        #expect(back.typename == nil && back.rows.map(\.name) == ["Item", "QUERY_ROOT"] && back.selected == 0)
    }

    /// `r` and the `D` preview scan every record too: in the background, their answer opens
    /// when the scan ends.
    @Test func referencesAndTheDeletePreviewRunInTheBackground() {
        var (explorer, cache) = explorer()
        cache.stopScans(after: Self.count / 2)
        explorer.press([.character("/")] + Key.sequence(from: "Item:1") + [.enter, .character("r")])
        cache.reachedGate.wait()
        #expect(explorer.render().text.contains("finding references to Item:1…"))
        cache.open()
        explorer.settle()
        guard case .inbound(let list) = explorer.state.mode else {
            Issue.record("no inbound list: \(explorer.state.mode)")
            return
        }
        #expect(list.target == "Item:1" && list.references.map(\.record) == [.queryRoot])
        explorer.press([.escape, .escape, .character("D")] + Key.sequence(from: "Item:11") + [.enter])
        explorer.settle()
        guard case .confirm(.deletePattern(let preview)) = explorer.state.mode else {
            Issue.record("no delete preview: \(explorer.state.mode)")
            return
        }
        // Item:11, Item:110–119, Item:1100–1199 and Item:11000–11999.
        #expect(preview.count == 1 + 10 + 100 + 1000)
    }

    /// `:diff` of two SQLite files of 12,000 records reads both in key order a page at a time,
    /// in the background, and lists what differs when done.
    @Test func aDiffOfBigFilesRunsInTheBackground() throws {
        let directory = try TemporaryDirectory()
        func write(_ name: String, _ rows: [(key: CacheKey, json: [UInt8])]) throws -> String {
            let path = directory.path(name)
            try RawSQLiteBaseline(path: path).insert(rows)
            return path
        }
        let rows = (0..<Self.count).map { (key: CacheKey("Item:\($0)"), json: Array(#"{"id":"\#($0)"}"#.utf8)) }
        var twin = rows.filter { $0.key != "Item:5" } + [(key: "Item:new", json: Array(#"{"id":"new"}"#.utf8))]
        if let seven = twin.firstIndex(where: { $0.key == "Item:7" }) { twin[seven].json = Array(#"{"id":"changed"}"#.utf8) }
        let now = try write("now.sqlite", rows), other = try write("other.sqlite", twin)
        let environment = ExplorerEnvironment(
            openBackend: { path in StoreBackend(cache: try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)), sourceName: "other") },
            loadTheme: { _ in .default }, readFile: { _ in "" }, writeFile: { _, _ in })
        var explorer = Explorer(backend: StoreBackend(cache: try SQLiteNormalizedCache(path: now), sourceName: "now"),
                                size: Size(width: 100, height: 30), environment: environment)
        explorer.press(command("diff \(other)"))
        #expect(explorer.state.scan.map { $0.label.hasPrefix("comparing with ") } == true)
        explorer.settle()
        guard case .diff(let list) = explorer.state.mode else {
            Issue.record("no diff: \(explorer.state.message?.text ?? "")")
            return
        }
        // FILE is the before: Item:5 was added since, Item:new removed, Item:7 changed.
        #expect(list.counts == [.added: 1, .removed: 1, .changed: 1])
        #expect(explorer.state.diffMarks == ["Item:5": .added, "Item:new": .removed, "Item:7": .changed])
    }

    /// `:export` over a big cache is written in the background too; the message comes when the
    /// file is written.
    @Test func anExportOfABigCacheIsWrittenInTheBackground() throws {
        let written = Mutex<[String: [UInt8]]>([:])
        let environment = ExplorerEnvironment(openBackend: { throw ExplorerError.invalid($0) }, loadTheme: { _ in .default },
                                              readFile: { _ in "" }, writeFile: { path, bytes in written.withLock { $0[path] = bytes } },
                                              fileExists: { _ in false })
        var (explorer, cache) = explorer(environment: environment)
        cache.stopScans(after: Self.count / 2)
        explorer.press(command("export out.json"))
        cache.reachedGate.wait()
        #expect(explorer.render().text.contains("exporting to out.json…"))
        #expect(written.withLock { $0.isEmpty })
        cache.open()
        explorer.settle()
        #expect(explorer.state.message?.text == "exported 12001 records to out.json")
        let snapshot = try Snapshot.decode(written.withLock { $0["out.json"] } ?? [], source: "out.json")
        #expect(snapshot.records.count == Self.count + 1)
    }

    /// On a 60-column screen a long label is cut, never the share or how to stop the scan.
    @Test func aNarrowScreenCutsTheLabelNotHowToStop() {
        var (explorer, cache) = explorer()
        explorer.send(.resized(Size(width: 60, height: 15)))
        cache.stopScans(after: Self.count / 2)
        explorer.press(command("export a-snapshot-with-a-long-name-in-a-deep-folder.json"))
        cache.reachedGate.wait()
        let line = explorer.render().text.split(separator: "\n").last { $0.contains("% · Esc stops") }
        #expect(line.map { $0.contains("exporting to a-snapshot-with-") } == true)
        #expect(line.map { DisplayWidth.of(String($0)) <= 60 } == true, "\(line ?? "")")
        cache.open()
        explorer.settle()
    }
}
