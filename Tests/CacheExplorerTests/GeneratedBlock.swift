import Foundation
import Testing

/// A block of a Markdown page that code generates, between `<!-- NAME:begin -->` and
/// `<!-- NAME:end -->`. `check` fails when the page's block differs from the generated text;
/// with `RECORD_DOCS=1` it writes the generated text there instead and fails, saying so, so
/// that recording is never silent.
enum GeneratedBlock {
    static func check(_ page: String, marker: String, _ generated: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Fixtures.packageRoot.appendingPathComponent(page)
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- \(marker):begin -->\n"), "\(page) has no \(marker):begin marker")
        let end = try #require(text.range(of: "<!-- \(marker):end -->", range: begin.upperBound..<text.endIndex),
                               "\(page) has no \(marker):end marker")
        let block = generated + "\n"
        guard ProcessInfo.processInfo.environment["RECORD_DOCS"] == "1" else {
            #expect(String(text[begin.upperBound..<end.lowerBound]) == block, "\(page)'s \(marker) block", sourceLocation: sourceLocation)
            return
        }
        try (text[..<begin.upperBound] + block + text[end.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded \(page)'s \(marker) block; run again without RECORD_DOCS=1", sourceLocation: sourceLocation)
    }
}
