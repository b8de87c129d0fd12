import Foundation
import Testing

/// docs/LIBRARY.md and the README's "In an app" example compile: every Swift snippet, and every
/// call in the CacheLens column of LIBRARY.md's table, is found in `Examples/LibraryTour`
/// (which CI builds and runs), and the dependency lines use version ranges.
@Suite struct LibraryDocsTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The example's sources, whitespace runs collapsed to one space.
    private static func exampleSources() throws -> String {
        let folder = root.appendingPathComponent("Examples/LibraryTour/Sources/LibraryTour")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try files.map { try text("Examples/LibraryTour/Sources/LibraryTour/\($0)") }.map(collapsed).joined(separator: "\n")
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The ```swift blocks of `markdown`.
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring] = []
        var inBlock = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inBlock, line.hasPrefix("```swift") {
                inBlock = true
                current = []
            } else if inBlock, line.hasPrefix("```") {
                blocks.append(current.joined(separator: "\n"))
                inBlock = false
            } else if inBlock {
                current.append(line)
            }
        }
        return blocks
    }

    /// The code spans of the second column of `markdown`'s table rows.
    static func tableCalls(_ markdown: String) -> [String] {
        markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Apollo iOS 2.x") }.flatMap { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 3 else { return [String]() }
            return cells[2].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    @Test func everySwiftSnippetOfLibraryMDIsInTheExample() throws {
        let sources = try Self.exampleSources()
        let blocks = Self.swiftBlocks(try Self.text("docs/LIBRARY.md"))
        #expect(blocks.count >= 8)
        for block in blocks { #expect(sources.contains(Self.collapsed(block)), "not in Examples: \(block)") }
    }

    /// Swift code in the docs is only where a test checks it: LIBRARY.md (above) and README.md.
    @Test func noOtherDocsPageHoldsUncheckedSwift() throws {
        let folder = Self.root.appendingPathComponent("docs")
        for page in try FileManager.default.contentsOfDirectory(atPath: folder.path) where page.hasSuffix(".md") && page != "LIBRARY.md" {
            #expect(Self.swiftBlocks(try Self.text("docs/\(page)")).isEmpty, "docs/\(page) holds Swift no test compiles")
        }
    }

    @Test func everyCallOfTheTableIsInTheExample() throws {
        let sources = try Self.exampleSources()
        let calls = Self.tableCalls(try Self.text("docs/LIBRARY.md"))
        #expect(calls.count >= 20)
        for call in calls { #expect(sources.contains(Self.collapsed(call)), "not in Examples: \(call)") }
    }

    @Test func theReadmeAsyncExampleIsInTheExample() throws {
        let readme = try Self.text("README.md")
        let section = try #require(readme.range(of: "### In an app"))
        let example = try #require(Self.swiftBlocks(String(readme[section.upperBound...])).first)
        #expect(example.split(separator: "\n").count <= 22)
        #expect(try Self.exampleSources().contains(Self.collapsed(example)))
    }

    @Test func dependenciesAreVersionRangesAndProductsExist() throws {
        let manifest = try Self.text("Package.swift")
        #expect(!manifest.contains("exact:"))
        for product in ["GraphQLCache", "GraphQLCacheSQLite"] { #expect(manifest.contains(".library(name: \"\(product)\"")) }
        for platform in [".iOS(", ".tvOS(", ".watchOS(", ".visionOS(", ".macOS("] { #expect(manifest.contains(platform)) }
        for page in ["README.md", "docs/LIBRARY.md"] {
            #expect(try Self.text(page).contains(#".package(url: "https://github.com/OWNER/CacheLens.git", from: "#))
        }
    }
}
