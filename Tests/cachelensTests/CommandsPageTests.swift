import ArgumentParser
import Foundation
import Testing
@testable import CacheLensCLI

/// docs/COMMANDS.md's table lists every subcommand users can see: each of `cachelens`'s, and
/// every `cachelens-bench` row names a command `cachelens-bench --help` lists.
@Suite struct CommandsPageTests {
    private static func rows() throws -> [String] {
        let page = try String(contentsOf: PackageFiles.root.appendingPathComponent("docs/COMMANDS.md"), encoding: .utf8)
        let begin = try #require(page.range(of: "<!-- commands:begin -->"))
        let end = try #require(page.range(of: "<!-- commands:end -->"))
        return page[begin.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("| `") }
            .compactMap { $0.dropFirst(3).split(separator: "`").first.map(String.init) }
    }

    @Test func everyCachelensSubcommandHasARow() throws {
        let documented = try Self.rows().filter { $0.hasPrefix("cachelens ") }
            .map { $0.split(separator: " ")[1] }.map(String.init)
        let commands = CacheLensCommand.configuration.subcommands
            .filter { $0.configuration.shouldDisplay }
            .compactMap { $0.configuration.commandName }
        #expect(documented.sorted() == commands.sorted())
    }

    @Test func everyBenchRowIsABenchCommand() throws {
        let help = try CacheLensProcess.run(["--help"], executable: CacheLensProcess.bench)
        #expect(help.status == 0, "\(help.stderr)")
        for row in try Self.rows() where row.hasPrefix("cachelens-bench ") {
            let name = String(row.split(separator: " ")[1])
            #expect(help.stdout.contains("  \(name) "), "cachelens-bench --help lists no \(name)")
        }
        #expect(try Self.rows().contains("cachelens-bench"))
    }
}
