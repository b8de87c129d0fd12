import CacheExplorer
import Foundation
import Testing

/// Compares a rendered screen with `__Snapshots__/<suite>/<name>.txt`. With `RECORD_SNAPSHOTS=1`
/// it writes the file instead and fails, saying so, so that recording is never silent.
enum GoldenScreen {
    static func check(_ grid: Grid, suite: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let directory = Fixtures.packageRoot.appendingPathComponent("Tests/CacheExplorerTests/__Snapshots__/\(suite)")
        let file = directory.appendingPathComponent("\(name).txt")
        let actual = grid.text + "\n"
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
        #expect(actual == expected, "screen differs from \(file.lastPathComponent):\n\(actual)", sourceLocation: sourceLocation)
    }
}
