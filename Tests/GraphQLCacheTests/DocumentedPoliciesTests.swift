import Foundation
import GraphQLCache
import Testing

/// docs/LIBRARY.md's policy table has one row per `CachePolicy`, in the enum's order, so the
/// table a user reads cannot miss a policy or name one that is gone.
@Suite struct DocumentedPoliciesTests {
    @Test func libraryPagePolicyTableListsEveryPolicy() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/LIBRARY.md"), encoding: .utf8)
        let start = try #require(page.range(of: "| policy (alias) |"))
        let table = page[start.upperBound...].components(separatedBy: "\n\n")[0]
        let names = table.split(separator: "\n").filter { $0.hasPrefix("| `") }
            .compactMap { $0.dropFirst(3).split(separator: "`").first.map(String.init) }
        #expect(names == CachePolicy.allCases.map(\.rawValue))
    }
}
