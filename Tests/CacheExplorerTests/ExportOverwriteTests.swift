import CacheExplorer
import Foundation
import GraphQLCache
import Synchronization
import Testing

/// Finding 5 of issue 15 in the explorer: `:export` does not overwrite an existing file
/// unless asked again with `:export!`.
@Suite struct ExportOverwriteTests {
    /// An environment over a pretend file system: which files exist and what was written.
    private final class Files: Sendable {
        let written = Mutex<[String: [UInt8]]>([:])
        let existing: Set<String>
        init(existing: Set<String>) { self.existing = existing }

        var environment: ExplorerEnvironment {
            ExplorerEnvironment(
                openBackend: { throw ExplorerError.file(path: $0, reason: "not in this test") },
                loadTheme: { _ in .default },
                readFile: { throw ExplorerError.file(path: $0, reason: "not in this test") },
                writeFile: { [self] path, bytes in written.withLock { $0[path] = bytes } },
                fileExists: { [self] path in existing.contains(path) || written.withLock { $0[path] != nil } })
        }
    }

    private func explorer(_ files: Files) throws -> Explorer {
        Explorer(backend: StoreBackend(cache: InMemoryNormalizedCache(records: try Fixtures.sampleRecords()), sourceName: "sample"),
                 size: Size(width: 100, height: 30), environment: files.environment)
    }

    @Test func exportToAnExistingFileAsksForTheBangAndWritesNothing() throws {
        let files = Files(existing: ["/data/keep.json"])
        var explorer = try explorer(files)
        explorer.press(Fixtures.keys(":") + Key.sequence(from: "export /data/keep.json") + Fixtures.keys("Enter"))
        #expect(explorer.state.message?.isError == true)
        #expect(explorer.state.message?.text.contains(":export! /data/keep.json replaces it") == true)
        #expect(files.written.withLock { $0.isEmpty })

        explorer.press(Fixtures.keys(":") + Key.sequence(from: "export! /data/keep.json") + Fixtures.keys("Enter"))
        #expect(explorer.state.message?.text == "exported 10 records to /data/keep.json")
        #expect(files.written.withLock { $0["/data/keep.json"]?.isEmpty == false })
    }

    @Test func exportToANewFileWritesAtOnce() throws {
        let files = Files(existing: [])
        var explorer = try explorer(files)
        explorer.press(Fixtures.keys(":") + Key.sequence(from: "export /data/new.json") + Fixtures.keys("Enter"))
        #expect(explorer.state.message?.text == "exported 10 records to /data/new.json")
    }
}
