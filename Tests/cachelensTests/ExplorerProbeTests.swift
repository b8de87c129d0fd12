import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing
@testable import CacheBench

/// The explorer figures' file and child process: `cachelens-bench`'s probe opens the generated
/// file headless and prints the members the bench reads.
@Suite struct ExplorerProbeTests {
    @Test func probeOfAGeneratedFilePrintsEveryMember() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("explorer.sqlite")
        try ExplorerBenchmarks.writeFile(path, records: 500)
        let probe = try ExplorerBenchmarks.probe(["explorer-probe", path], executable: CacheLensProcess.bench.path)
        for member in ["firstFrameMs", "keysListedMs", "keyPressBottomMs", "middlePageMs", "keyPressDownMs", "keyPressBottomAgainMs", "filterSlashMs",
                       "filterSlowestCharacterMs", "filterMedianCharacterMs", "filterBackspaceMs", "filterNonASCIIMs", "filterNoMatchMs",
                       "peakResidentMB"] {
            guard case .double(let value)? = probe[member] else {
                Issue.record("no \(member) in \(probe.jsonText)")
                continue
            }
            #expect(value >= 0, "\(member)")
        }
    }

    @Test func measureExplorerPrintsTheProbesFigures() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("explorer.sqlite")
        try ExplorerBenchmarks.writeFile(path, records: 500)
        let probe = try ExplorerBenchmarks.probe(["explorer-probe", path], executable: CacheLensProcess.bench.path)
        let result = try CacheLensProcess.run(["measure-explorer", path, "--read-only"], executable: CacheLensProcess.bench)
        #expect(result.status == 0, "\(result.stderr)")
        let measured = try JSONValue.parse(result.stdout).objectValue
        #expect(measured?.keys == probe.objectValue?.keys, "\(result.stdout)")
    }

    @Test func aProbeOfAFileWithoutTheBenchItemsIsAnErrorNamingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other.sqlite")
        try SQLiteNormalizedCache(path: path).merge(records: RecordSet(records: [Record(key: "Droid:1", ["name": .string("R2")])]))
        #expect {
            try ExplorerBenchmarks.probe(["explorer-probe", path], executable: CacheLensProcess.bench.path)
        } throws: { error in
            String(describing: error).contains("\(path): the explorer drew no records")
        }
    }

    @Test func aProbeOfAMissingFileIsAnErrorNamingIt() throws {
        #expect {
            try ExplorerBenchmarks.probe(["explorer-probe", "/nonexistent/explorer.sqlite"],
                                         executable: CacheLensProcess.bench.path)
        } throws: { error in
            String(describing: error).contains("/nonexistent/explorer.sqlite")
        }
    }

    /// The explorer-work probe on a 2,000-item workload: a watch that shows every item, and the
    /// counts of `r` on `User:7` (20 items point at it) and of the `D item:1` preview (1,111).
    @Test func findProbeSearchesEveryRowForTheLastItemAndFindsIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("find.sqlite")
        try ExplorerBenchmarks.writeFile(path, records: 3_000)
        let probe = try ExplorerBenchmarks.probe(["explorer-work-probe", path, "--part", "find", "--records", "3000"],
                                                 executable: CacheLensProcess.bench.path)
        #expect(probe["findMatches"] == .int(1), "\(probe.jsonText)")
        for member in ["findMs", "findSlowestKeyPressMs"] {
            guard case .double(let value)? = probe[member] else { Issue.record("no \(member) in \(probe.jsonText)"); continue }
            #expect(value > 0, "\(member)")
        }
    }

    @Test func workProbeWatchesEveryItemAndCountsInboundReferencesAndMatches() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("work.sqlite")
        try ExplorerWorkBenchmarks.writeFile(path, items: 2_000)
        let executable = CacheLensProcess.bench.path
        let watch = try ExplorerBenchmarks.probe(["explorer-work-probe", path, "--part", "watch"], executable: executable)
        for member in ["watchFirstResultMs", "watchSlowestKeyPressMs", "readQueryFromSQLiteMs", "peakResidentMB"] {
            guard case .double(let value)? = watch[member] else {
                Issue.record("no \(member) in \(watch.jsonText)")
                continue
            }
            #expect(value > 0, "\(member)")
        }
        let actions = try ExplorerBenchmarks.probe(["explorer-work-probe", path, "--part", "actions"], executable: executable)
        #expect(actions["inboundCount"] == .int(20))
        #expect(actions["deletePreviewCount"] == .int(1_111))
    }

    /// The console probe on a 2,000-item workload: the report is there, it hit (the probe
    /// refuses a miss), and its times and the floor were measured.
    @Test func consoleProbeRunsTheWorkloadQueryToAHitAndTimesIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("console.sqlite")
        try ExplorerWorkBenchmarks.writeFile(path, items: 2_000)
        let console = try ExplorerBenchmarks.probe(["explorer-work-probe", path, "--part", "console"],
                                                   executable: CacheLensProcess.bench.path)
        for member in ["consoleFirstResultMs", "consoleSlowestKeyPressMs", "readQueryFromSQLiteMs"] {
            guard case .double(let value)? = console[member] else { Issue.record("no \(member) in \(console.jsonText)"); continue }
            #expect(value > 0, "\(member)")
        }
        guard case .int(let presses)? = console["consoleKeyPresses"] else { Issue.record("no presses in \(console.jsonText)"); return }
        #expect(presses >= 1)
    }
}
