import CacheHarness
import Foundation
import GraphQLCache
import Testing

/// docs/HARNESS.md is the harness's contract for scripts outside the project: every op the
/// harness answers must have its row in one of the page's op tables.
struct HarnessDocumentationTests {
    private static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/HARNESS.md")

    @Test func everyOpTheHarnessAnswersHasARowInDocsHarness() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let ops = Harness(cache: InMemoryNormalizedCache()).answeredOps
        #expect(ops.count >= 20, "the harness answers at least the first edition's ops")
        let undocumented = ops.filter { !text.contains("| `\($0)` |") }
        #expect(undocumented.isEmpty, "not documented in docs/HARNESS.md: \(undocumented)")
    }
}
