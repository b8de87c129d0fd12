import CacheTestSupport
import Testing
@testable import GraphQLCache

/// What a limited read leaves out is counted by grouped path exactly as a walk of every left-out
/// value would count it, whatever the shapes of the elements.
@Suite struct ElidedCountsTests {
    /// A random element: objects of a few shapes (members in varying order, some missing),
    /// nested lists of objects and scalars, nulls.
    private static func element(_ generator: inout SplitMix, depth: Int = 0) -> JSONValue {
        guard depth < 3 else { return .int(Int(generator.next() % 10)) }
        switch generator.next() % 5 {
        case 0: return .null
        case 1: return .array((0..<Int(generator.next() % 4)).map { _ in element(&generator, depth: depth + 1) })
        default:
            var members: [(String, JSONValue)] = [("name", .string("n"))]
            for name in ["owner", "related", "tags"] where generator.next() % 3 != 0 {
                members.append((name, element(&generator, depth: depth + 1)))
            }
            if generator.next() % 2 == 0 { members.reverse() }
            return .object(JSONObject(members))
        }
    }

    /// The counts of a walk: objects and list elements by grouped path.
    private static func walk(_ value: JSONValue, _ path: [ResultPathStep], into counts: inout [[ResultPathStep]: (Int, Int)]) {
        switch value {
        case .object(let object):
            counts[path, default: (0, 0)].0 += 1
            for (name, member) in object { walk(member, path + [.field(name)], into: &counts) }
        case .array(let items):
            counts[path, default: (0, 0)].1 += items.count
            for item in items { walk(item, path + [.anyIndex], into: &counts) }
        default:
            break
        }
    }

    @Test func countsAgreeWithAWalkOfEveryValueLeftOut() {
        var generator = SplitMix(seed: 31)
        var elided = ElidedCounts()
        var expected: [[ResultPathStep]: (Int, Int)] = [:]
        let outer: [PathComponent] = [.field("items"), .index(7)]
        let inner: [PathComponent] = [.field("items"), .index(2), .field("related"), .index(9)]
        for step in 0..<400 {
            let (path, steps): ([PathComponent], [ResultPathStep]) = step % 3 == 0
                ? (inner, [.field("items"), .anyIndex, .field("related"), .anyIndex])
                : (outer, [.field("items"), .anyIndex])
            let value = Self.element(&generator)
            elided.count(value, root: elided.root(for: path))
            Self.walk(value, steps, into: &expected)
        }
        #expect(elided.elementCount == 400)
        for (path, (objects, elements)) in expected {
            #expect(elided.objects(at: path) == objects, "\(path)")
            #expect(elided.elements(at: path) == elements, "\(path)")
        }
        #expect(elided.objects(at: [.field("nowhere")]) == 0)
    }
}

/// Counts kept by an incremental watch are added up and taken away: what is left must equal a
/// count made afresh, whatever order the counting took.
@Suite struct ElidedCountsPatchTests {
    private static let path: [PathComponent] = [.field("items"), .index(4)]
    private static let values: [JSONValue] = [
        .object(["name": .string("a"), "owner": .object(["name": .string("o")])]),
        .object(["tags": .array([.object(["name": .string("t")]), .int(1)])]),
        .null,
        .array([.object(["owner": .null]), .object(["owner": .object([:])])]),
    ]

    private static func counted(_ values: some Sequence<JSONValue>) -> ElidedCounts {
        var counts = ElidedCounts()
        for value in values { counts.count(value, root: counts.root(for: path)) }
        return counts
    }

    @Test func countsInAnotherOrderAreEqual() {
        #expect(Self.counted(Self.values) == Self.counted(Self.values.reversed()))
        #expect(Self.counted(Self.values) != Self.counted(Self.values.dropLast()))
    }

    @Test func addingAndTakingAwayGivesAFreshCount() {
        var sum = ElidedCounts()
        sum.add(Self.counted(Self.values.prefix(2)), sign: 1)
        sum.add(Self.counted(Self.values.dropFirst(2)), sign: 1)
        #expect(sum == Self.counted(Self.values))
        sum.add(Self.counted(Self.values.prefix(2)), sign: -1)
        #expect(sum == Self.counted(Self.values.dropFirst(2)))
        #expect(sum.objects(at: [.field("items"), .anyIndex, .anyIndex, .field("owner")]) == 1)
    }
}
