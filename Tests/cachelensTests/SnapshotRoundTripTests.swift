import CacheExplorer
import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// The explorer and the `export`/`import` commands share one snapshot codec: a file written by
/// one side is read by the other, through the real binary.
@Suite(.serialized) struct SnapshotRoundTripTests {
    /// An environment whose `:export` writes real files.
    private static let writingEnvironment = ExplorerEnvironment(
        openBackend: { throw ExplorerError.file(path: $0, reason: "not in this test") },
        loadTheme: { _ in .default },
        readFile: { throw ExplorerError.file(path: $0, reason: "not in this test") },
        writeFile: { path, bytes in try Data(bytes).write(to: URL(fileURLWithPath: path)) }
    )

    @Test func aSnapshotWrittenByExportInTheExplorerIsReadByCachelensImport() throws {
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("explorer.json"), copy = directory.path("copy.sqlite")
        let sample = try PackageFiles.sampleRecords()
        var explorer = Explorer(backend: StoreBackend(cache: InMemoryNormalizedCache(records: sample), sourceName: "sample"),
                                size: Size(width: 80, height: 24), environment: Self.writingEnvironment)
        explorer.press(PackageFiles.keys(":") + Key.sequence(from: "export \(snapshot)") + PackageFiles.keys("Enter"))
        #expect(explorer.state.message?.text == "exported 10 records to \(snapshot)")

        let result = try CacheLensProcess.run(["import", snapshot, copy])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try SQLiteNormalizedCache(path: copy, options: .init(readOnly: true)).allRecords() == sample)
    }

    @Test func aSnapshotWrittenByCachelensExportOpensInTheExplorerAndExportsTheSameBytes() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let sampleText = PackageFiles.sample("sample-cache.json")
        let cache = directory.path("cache.sqlite"), exported = directory.path("exported.json")
        #expect(try CacheLensProcess.run(["import", sampleText, cache]).status == 0)
        #expect(try CacheLensProcess.run(["export", cache, exported]).status == 0)

        let again = directory.path("again.json")
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", "--snapshot", exported],
                                      size: (100, 30), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("exported.json", "10 records", "Droid:2001")
        try session.keys(":")
        try session.type("export \(again)")
        try session.keys("Enter")
        try session.waitFor("exported 10 records")
        try session.keys("Q")
        #expect(try session.waitForExit())
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: exported)))
    }
}
