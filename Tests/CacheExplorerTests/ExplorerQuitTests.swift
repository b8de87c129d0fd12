import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Synchronization
import Testing

/// Quitting after changes to data held only in memory (the sample, a snapshot) asks first and
/// offers `:export`; changes written to a file need no asking.
@Suite struct ExplorerQuitTests {
    private func explorer(_ kind: CacheKind) -> Explorer {
        let backend = StoreBackend(cache: kind.makeCache(TinyCache.records), sourceName: "tiny")
        return Explorer(backend: backend, size: Size(width: 80, height: 24))
    }

    /// Deletes Human:1002 (the last row) and confirms.
    private let deleteLastRow: [Key] = [.character("G"), .character("d"), .character("y")]

    @Test(arguments: CacheKind.allCases)
    func quittingWithNoChangesQuitsAtOnce(kind: CacheKind) {
        var explorer = explorer(kind)
        explorer.press([.character("Q")])
        #expect(explorer.isFinished)
    }

    @Test(arguments: CacheKind.allCases)
    func quittingAfterAChangeAsksOnlyWhenTheChangeLivesInMemory(kind: CacheKind) {
        var explorer = explorer(kind)
        explorer.press(deleteLastRow + [.character("Q")])
        switch kind {
        case .memory:
            #expect(!explorer.isFinished)
            #expect(explorer.state.mode == .confirm(.quit(unsavedChanges: 1)))
            #expect(explorer.render().text.contains(":export FILE saves them first."))
        case .sqlite:
            #expect(explorer.isFinished)
        }
    }

    @Test func anyKeyButYStaysAndYQuits() {
        var explorer = explorer(.memory)
        explorer.press(deleteLastRow + [.control("c"), .character("n")])
        #expect(!explorer.isFinished)
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.message?.text == "not quitting; :export FILE saves the changes")
        explorer.press([.control("c"), .character("y")])
        #expect(explorer.isFinished)
    }

    @Test func quitWithABangDoesNotAsk() {
        var explorer = explorer(.memory)
        explorer.press(deleteLastRow + [.character(":")] + Key.sequence(from: "q!") + [.enter])
        #expect(explorer.isFinished)
    }

    @Test func exportingSavesTheChangesSoQuittingNoLongerAsks() {
        let written = WrittenFiles()
        let environment = ExplorerEnvironment(
            openBackend: { throw ExplorerError.file(path: $0, reason: "not in this test") },
            loadTheme: { _ in .default },
            readFile: { throw ExplorerError.file(path: $0, reason: "not in this test") },
            writeFile: { path, bytes in written.add(path, bytes) })
        var explorer = Explorer(backend: StoreBackend(cache: CacheKind.memory.makeCache(TinyCache.records), sourceName: "tiny"),
                                size: Size(width: 80, height: 24), environment: environment)
        explorer.press(deleteLastRow + [.character(":")] + Key.sequence(from: "export out.json") + [.enter])
        #expect(written.paths == ["out.json"])
        #expect(explorer.state.unsavedChanges == 0)
        explorer.press([.character("Q")])
        #expect(explorer.isFinished)
    }

    /// An explorer whose `:open` opens a second, two-record cache under the path's name.
    private func explorerOpeningOther() -> Explorer {
        let environment = ExplorerEnvironment(
            openBackend: { StoreBackend(cache: CacheKind.memory.makeCache(Array(TinyCache.records.prefix(2))), sourceName: $0) },
            loadTheme: { _ in .default },
            readFile: { throw ExplorerError.file(path: $0, reason: "not in this test") },
            writeFile: { path, _ in throw ExplorerError.file(path: path, reason: "not in this test") })
        return Explorer(backend: StoreBackend(cache: CacheKind.memory.makeCache(TinyCache.records), sourceName: "tiny"),
                        size: Size(width: 80, height: 24), environment: environment)
    }

    @Test func openingAnotherFileAfterInMemoryChangesAsksFirstAndYOpensIt() {
        var explorer = explorerOpeningOther()
        explorer.press(deleteLastRow + [.character(":")] + Key.sequence(from: "open other.json") + [.enter])
        #expect(explorer.state.mode == .confirm(.open(path: "other.json", unsavedChanges: 1)))
        #expect(explorer.render().text.contains("opening other.json loses them."))
        explorer.press([.character("n")])
        #expect(explorer.state.sourceName == "tiny")
        #expect(explorer.state.message == StatusMessage("other.json not opened; :export FILE saves the changes"))
        explorer.press([.character(":")] + Key.sequence(from: "open other.json") + [.enter, .character("y")])
        #expect(explorer.state.sourceName == "other.json")
        #expect(explorer.state.list.count == 2)
        #expect(explorer.state.unsavedChanges == 0)
    }

    @Test func openBangOpensWithoutAsking() {
        var explorer = explorerOpeningOther()
        explorer.press(deleteLastRow + [.character(":")] + Key.sequence(from: "open! other.json") + [.enter])
        #expect(explorer.state.sourceName == "other.json")
    }
}

/// The files an `ExplorerEnvironment` was asked to write, by path.
final class WrittenFiles: Sendable {
    private let files = Mutex<[(path: String, bytes: [UInt8])]>([])

    func add(_ path: String, _ bytes: [UInt8]) { files.withLock { $0.append((path, bytes)) } }

    var paths: [String] { files.withLock { $0.map(\.path) } }
}
