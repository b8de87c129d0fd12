import CacheExplorer
import Foundation
import GraphQLCache
import Synchronization
import Testing

/// `:export` while a filter is on writes what the list shows, and says so.
@Suite struct ExportFilterTests {
    private final class Written: Sendable {
        let files = Mutex<[String: [UInt8]]>([:])
        var environment: ExplorerEnvironment {
            ExplorerEnvironment(
                openBackend: { throw ExplorerError.file(path: $0, reason: "not in this test") }, loadTheme: { _ in .default },
                readFile: { throw ExplorerError.file(path: $0, reason: "not in this test") },
                writeFile: { [self] path, bytes in files.withLock { $0[path] = bytes } },
                fileExists: { [self] path in files.withLock { $0[path] != nil } })
        }
    }

    @Test(arguments: ["human", "type:Human", #"re:^Human:\d$"#])
    func exportWithAFilterWritesOnlyTheFilteredRecordsAndSaysSo(filter: String) throws {
        let written = Written()
        var explorer = SquadsCache.explorer(environment: written.environment)
        explorer.press([.character("/")] + Key.sequence(from: filter) + [.enter, .character(":")]
                       + Key.sequence(from: "export /out.json") + [.enter])
        #expect(explorer.state.message?.text == "exported 3 records (filter \(filter)) to /out.json")
        let bytes = try #require(written.files.withLock { $0["/out.json"] })
        let records = try Snapshot.decode(Data(bytes), source: "/out.json")
        #expect(Set(records.keys) == ["Human:1", "Human:2", "Human:3"])
    }

    @Test func exportWithoutAFilterWritesEveryRecord() throws {
        let written = Written()
        var explorer = SquadsCache.explorer(environment: written.environment)
        explorer.press([.character(":")] + Key.sequence(from: "export /all.json") + [.enter])
        #expect(explorer.state.message?.text == "exported 5 records to /all.json")
    }
}
