import CacheExplorer
import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// `:find TEXT` lists the records whose values (not field names) contain the text, searched in
/// the background a slice at a time; `n` / `N` open them; `Esc` stops or clears the search.
@Suite struct FindTests {
    /// 3,000 items, every hundredth one owned by "Luke"; a field *named* luke holds nothing.
    static func loop(_ kind: CacheKind, in directory: TemporaryDirectory) throws -> (ExplorerLoop, HeadlessTerminal) {
        let cache = try kind.makeCache(in: directory)
        var records = (0..<3000).map { index in
            Record(key: CacheKey("Item:\(index)"), ["owner": .string(index % 100 == 7 ? "Luke Skywalker" : "Han"),
                                                   "lukewarm": .bool(true)])
        }
        records.append(Record(key: "Human:1000", ["friends": .list([.reference("Droid:2001"), .string("LUKE")])]))
        try cache.merge(records: RecordSet(records: records))
        let terminal = HeadlessTerminal(size: Size(width: 100, height: 30))
        let explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "items"), size: terminal.size)
        return (ExplorerLoop(explorer: explorer, terminal: terminal), terminal)
    }

    /// Runs the loop until the search has finished (the search runs on another thread).
    static func runUntilFound(_ loop: inout ExplorerLoop) {
        let deadline = ContinuousClock.now + .seconds(10)
        repeat { loop.run(untilIdle: true) } while loop.explorer.state.find?.isFinished == false && ContinuousClock.now < deadline
    }

    @Test(arguments: CacheKind.allCases)
    func findListsRecordsWhoseValuesContainTheTextAndNWalksThem(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        var (loop, terminal) = try Self.loop(kind, in: directory)
        terminal.type([.character(":")] + "find luke".map(Key.character) + [.enter])
        Self.runUntilFound(&loop)
        let find = try #require(loop.explorer.state.find)
        #expect(find.isFinished)
        #expect(find.matches.count == 31)
        #expect(find.matches.first == "Human:1000")
        #expect(find.matches.contains("Item:2907"))
        #expect(!find.matches.contains("Item:0"))
        #expect(terminal.screen.contains("find 31"))

        terminal.type([.character("n"), .character("n")])
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.record?.key == "Item:7")
        #expect(loop.explorer.state.message?.text == "match 2/31: Item:7 · owner")
        terminal.type([.character("N"), .character("N")])
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.record?.key == "Item:2907")

        terminal.type([.escape])
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.find == nil)
    }

    @Test func findInOneFieldIgnoresTheOthers() throws {
        let directory = try TemporaryDirectory()
        var (loop, terminal) = try Self.loop(.sqlite, in: directory)
        terminal.type([.character(":")] + "find friends=luke".map(Key.character) + [.enter])
        Self.runUntilFound(&loop)
        #expect(loop.explorer.state.find?.matches == ["Human:1000"])
        #expect(loop.explorer.state.find?.search == ValueSearch(text: "luke", field: "friends"))
    }

    @Test func escStopsARunningSearchAndKeepsWhatItFound() throws {
        let directory = try TemporaryDirectory()
        var (loop, _) = try Self.loop(.sqlite, in: directory)
        // Pressed without the loop in between: no slice can arrive before Esc.
        loop.explorer.press([.character(":")] + "find luke".map(Key.character) + [.enter, .escape])
        let find = try #require(loop.explorer.state.find)
        #expect(find.isFinished)
        #expect(loop.explorer.state.message?.text.hasPrefix("find stopped: ") == true)
        let stoppedAt = find.matches
        Self.runUntilFound(&loop)
        #expect(loop.explorer.state.find?.matches == stoppedAt)
    }

    /// The slice's byte search may not miss what `ValueSearch.matches` finds: a value another
    /// writer stored with `\u` escapes, a non-ASCII letter in another case (the search folds
    /// Unicode case; a byte search folds ASCII letters only), and KELVIN SIGN for `k`.
    @Test func findFindsValuesWrittenWithEscapesAndNonASCIILettersInAnyCase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("Human:1000", #"{"name":"Luke\u0020Skywalker"}"#),
            ("Human:1001", #"{"name":"Darth Vader","home":"\u00c9CLAIR"}"#),
            ("Human:1002", #"{"name":"Leia","home":"éclair"}"#),
            ("Human:1003", #"{"name":"Han"}"#),
            ("Human:1004", #"{"name":"Obi-Wan \#u{212A}enobi"}"#),
        ])
        let cache = try SQLiteNormalizedCache(path: path)
        let terminal = HeadlessTerminal(size: Size(width: 100, height: 30))
        var loop = ExplorerLoop(explorer: Explorer(backend: StoreBackend(cache: cache, sourceName: "apollo"), size: terminal.size),
                                terminal: terminal)
        for (text, expected) in [("luke skywalker", ["Human:1000"]), ("ÉCLAIR", ["Human:1001", "Human:1002"]),
                                 ("Éclair", ["Human:1001", "Human:1002"]), ("kenobi", ["Human:1004"])] as [(String, [CacheKey])] {
            terminal.type([.character(":")] + "find \(text)".map(Key.character) + [.enter])
            Self.runUntilFound(&loop)
            #expect(loop.explorer.state.find?.matches == expected, "\(text)")
            terminal.type([.escape])
            loop.run(untilIdle: true)
        }
    }

    /// Another process holding the file's lock past the busy timeout does not end the search
    /// with what it had: the slice is tried again, and the match is found once the lock is gone.
    @Test func aSearchKeptOutByAnotherProcessesLockGoesOnOnceItIsReleased() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("held.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Human:1", #"{"name":"Luke"}"#), ("Human:2", #"{"name":"Leia"}"#)])
        let cache = try SQLiteNormalizedCache(path: path, options: .init(busyTimeoutMilliseconds: 20))
        let terminal = HeadlessTerminal(size: Size(width: 100, height: 30))
        var loop = ExplorerLoop(explorer: Explorer(backend: StoreBackend(cache: cache, sourceName: "held"), size: terminal.size),
                                terminal: terminal)
        loop.run(untilIdle: true)
        let holder = try SQLiteConnection(path: path, readOnly: false, create: false, busyTimeoutMilliseconds: 0)
        try holder.exec("BEGIN EXCLUSIVE", context: "holding the lock")
        // Pressed, not run: the loop run until idle would wait for the search, and the lock.
        loop.explorer.press([.character(":")] + "find leia".map(Key.character) + [.enter])
        Thread.sleep(forTimeInterval: 0.2)   // ten busy timeouts
        holder.rollback()
        Self.runUntilFound(&loop)
        #expect(loop.explorer.state.find?.isFinished == true)
        #expect(loop.explorer.state.find?.matches == ["Human:2"])
    }
}
