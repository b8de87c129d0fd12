@testable import CacheExplorer
import GraphQLCache
import Testing

/// The result tree indexes only the misses it can draw (a list shows its first
/// `QueryReport.elementLimit` elements), yet marks a list partial when only elements past the
/// limit miss, exactly as when it indexed every miss.
@Suite struct ResultTreeTests {
    private static let count = QueryReport.elementLimit * 2

    private static func miss(_ path: [PathComponent]) -> CacheMiss {
        CacheMiss(path: path, recordKey: "Item:x", fieldKey: "description", reason: .missingField)
    }

    private static func lines(misses: [CacheMiss]) -> [QueryReport.Line] {
        let items = (0..<count).map { index in JSONValue.object(["id": .string("\(index)"), "description": .null]) }
        var tree = ResultTree(misses: misses)
        tree.appendObject(["items": .array(items), "tags": .array((0..<count).map { .string("t\($0)") })], path: [], depth: 0)
        return tree.lines
    }

    @Test func aMissPastTheShownElementsStillMarksItsListPartial() {
        let late = QueryReport.elementLimit + 3
        let lines = Self.lines(misses: [Self.miss([.field("items"), .index(late), .field("description")]),
                                        Self.miss([.field("tags"), .index(late)])])
        #expect(lines.first { $0.text.hasPrefix("items [") }?.status == .partial)
        #expect(lines.first { $0.text.hasPrefix("tags [") }?.status == .partial)
        #expect(!lines.contains { $0.status == .miss }, "no shown element misses")
        #expect(lines.filter { $0.text == "[0]" }.allSatisfy { $0.status == .hit })
    }

    @Test func aMissAmongTheShownElementsIsAMissLineUnderPartialParents() {
        let lines = Self.lines(misses: [Self.miss([.field("items"), .index(3), .field("description")])])
        let items = lines.firstIndex { $0.text.hasPrefix("items [") }!
        #expect(lines[items].status == .partial)
        let third = lines[(items + 1)...].firstIndex { $0.text == "[3]" }!
        #expect(lines[third].status == .partial)
        #expect(lines[third + 2].status == .miss && lines[third + 2].text.contains("description"))
        #expect(lines.first { $0.text.hasPrefix("tags [") }?.status == .hit)
    }

    @Test func aMissAtTheRootIsDrawnAsBefore() {
        let lines = Self.lines(misses: [Self.miss([.field("items")])])
        #expect(lines.first?.status == .miss)
    }
}
