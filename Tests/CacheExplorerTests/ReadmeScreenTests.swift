import Foundation
import Testing

/// README.md's picture of the explorer is a golden screen: the text between its
/// `screen:begin NAME` and `screen:end` markers must be the characters of the snapshot NAME that
/// `GoldenScreenTests` checks, so the picture changes when the screen does.
@Suite struct ReadmeScreenTests {
    @Test func readmeScreenIsTheGoldenOne() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- screen:begin "))
        let nameEnd = try #require(readme.range(of: " -->\n```\n", range: begin.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```\n<!-- screen:end -->", range: nameEnd.upperBound..<readme.endIndex))
        let name = String(readme[begin.upperBound..<nameEnd.lowerBound])
        let snapshot = try String(contentsOf: Fixtures.packageRoot
            .appendingPathComponent("Tests/CacheExplorerTests/__Snapshots__/GoldenScreenTests/\(name).txt"), encoding: .utf8)
        let characters = snapshot.components(separatedBy: "\n--- roles ---")[0]
        #expect(String(readme[nameEnd.upperBound..<end.lowerBound]) == characters)
    }
}
