import CacheDiagnostics
import Foundation
import Testing

/// The kinds users read about are the kinds the code has: docs/MISSES.md's diagnosis table has
/// one row per `Diagnosis.Kind`, and docs/COMMANDS.md's `lint` paragraph names every
/// `LintFinding.Kind`.
@Suite struct DocumentedKindsTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func page(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func missesPageHasOneRowPerDiagnosisKind() throws {
        let rows = try Self.page("docs/MISSES.md").split(separator: "\n")
            .filter { $0.hasPrefix("| `") }
            .compactMap { $0.dropFirst(3).split(separator: "`").first.map(String.init) }
        #expect(rows.sorted() == Diagnosis.Kind.allCases.map(\.rawValue).sorted())
    }

    @Test func commandsPageNamesEveryLintKind() throws {
        let page = try Self.page("docs/COMMANDS.md")
        let start = try #require(page.range(of: "\n`cachelens lint CACHE ["))
        let paragraph = String(page[start.lowerBound...]).components(separatedBy: "\n\n")[0]
        for kind in LintFinding.Kind.allCases {
            #expect(paragraph.contains("`\(kind.rawValue)`"), "docs/COMMANDS.md's lint paragraph does not name \(kind.rawValue)")
        }
    }
}
