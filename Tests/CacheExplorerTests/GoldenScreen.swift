import CacheExplorer
import Foundation
import Testing

/// Compares a rendered screen with `__Snapshots__/<suite>/<name>.txt`: the characters, then,
/// after a `--- roles ---` line, the runs of style roles per row (`Grid.roleRuns`), so a
/// selection, a highlighted match or a dangling mark that moves fails as surely as a letter.
/// With `RECORD_SNAPSHOTS=1` it writes the file instead and fails, saying so, so that recording
/// is never silent.
enum GoldenScreen {
    /// The line between the text and the roles in a golden file.
    static let rolesMarker = "--- roles ---"

    /// What a golden file holds for `grid`.
    static func contents(of grid: Grid) -> String {
        grid.text + "\n" + rolesMarker + "\n" + grid.roleRuns + "\n"
    }

    static func check(_ grid: Grid, suite: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let directory = Fixtures.packageRoot.appendingPathComponent("Tests/CacheExplorerTests/__Snapshots__/\(suite)")
        let file = directory.appendingPathComponent("\(name).txt")
        let actual = contents(of: grid)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try actual.write(to: file, atomically: true, encoding: .utf8)
                Issue.record("recorded \(file.path); run again without RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record \(file.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden screen \(file.path); record it with RECORD_SNAPSHOTS=1\n\(actual)", sourceLocation: sourceLocation)
            return
        }
        let (expectedText, expectedRoles) = split(expected)
        #expect(grid.text + "\n" == expectedText, "screen text differs from \(file.lastPathComponent):\n\(grid.text)",
                sourceLocation: sourceLocation)
        #expect(grid.roleRuns + "\n" == expectedRoles, "style roles differ from \(file.lastPathComponent):\n\(grid.roleRuns)",
                sourceLocation: sourceLocation)
    }

    /// A golden file's text part and roles part (each ending in a newline); a file without the
    /// roles marker has no roles, so it fails until re-recorded.
    private static func split(_ contents: String) -> (text: String, roles: String) {
        guard let marker = contents.range(of: "\n" + rolesMarker + "\n") else { return (contents, "") }
        return (String(contents[..<marker.lowerBound]) + "\n", String(contents[marker.upperBound...]))
    }
}
