import CacheTestSupport
import Foundation
import GraphQLCache
import Testing
@testable import CacheBench

/// The explorer figures' file and child process: the probe opens the generated file headless
/// and prints the members the bench reads.
@Suite struct ExplorerProbeTests {
    @Test func probeOfAGeneratedFilePrintsEveryMember() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("explorer.sqlite")
        try ExplorerBenchmarks.writeFile(path, records: 500)
        let probe = try ExplorerBenchmarks.probe(path, executable: CacheLensProcess.executable.path)
        for member in ["firstFrameMs", "keyPressBottomMs", "middlePageMs", "keyPressDownMs", "keyPressBottomAgainMs", "filterSlashMs",
                       "filterSlowestCharacterMs", "filterMedianCharacterMs", "filterBackspaceMs", "filterNonASCIIMs", "filterNoMatchMs",
                       "peakResidentMB"] {
            guard case .double(let value)? = probe[member] else {
                Issue.record("no \(member) in \(probe.jsonText)")
                continue
            }
            #expect(value >= 0, "\(member)")
        }
    }

    @Test func aProbeOfAMissingFileIsAnErrorNamingIt() throws {
        #expect {
            try ExplorerBenchmarks.probe("/nonexistent/explorer.sqlite", executable: CacheLensProcess.executable.path)
        } throws: { error in
            String(describing: error).contains("/nonexistent/explorer.sqlite")
        }
    }
}
