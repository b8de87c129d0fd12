import CacheTestSupport
import GraphQLCache

/// Generates hostile harness lines from a seed (SplitMix64), so a failure is reproducible: bad
/// JSON, odd values, keys with NUL and control characters, long and odd patterns, deep and
/// explosive documents, numbers JSON cannot hold, wrong field types, unknown ops.
struct HostileLineGenerator {
    private var random: SplitMix

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

    /// Keys from a small alphabet so that removals and merges meet the same records.
    mutating func key() -> String {
        pick(["QUERY_ROOT", "Droid:2001", "Human:1000", "a%b", "a_b", "c\\d", "x\u{0}a", "esc\u{1B}[2J", "Ünï:1",
              "K\u{212A}elvin", "QUERY_ROOT.hero", "Review:JEDI.0", " ", ""])
    }

    mutating func pattern() -> String {
        pick(["a", "A", "\u{0}", "a\u{0}", "%", "_", "\\", "", "root", "ü", "k", String(repeating: "a", count: 1_200),
              String(repeating: "xy", count: 30_000), "\u{1B}"])
    }

    mutating func value(depth: Int = 0) -> JSONValue {
        switch int(depth > 2 ? 6 : 9) {
        case 0: return .null
        case 1: return .bool(int(2) == 0)
        case 2: return .int(Int(truncatingIfNeeded: next()))
        case 3: return .double(Double(int(1_000)) / 7)
        case 4: return .string(key())
        case 5: return .object(["$reference": .string(key())])
        case 6: return .array((0..<int(4)).map { _ in value(depth: depth + 1) })
        case 7: return .object(["custom": value(depth: depth + 1)])
        default: return .object(["$reference": .int(1)])   // a broken reference
        }
    }

    mutating func document() -> String {
        pick([
            "{ hero { name } }", "{ hero { name friends { name } } }", "query { a(x: 1) { b } }", "{ ...F } fragment F on Query { hero { id } }",
            "{ hero { ", "}}}", "{ a(x: \"\u{0}\") }", "query($v: [[Int]]) { a(x: $v) }",
            "{ " + String(repeating: "a { ", count: 300) + "b" + String(repeating: " }", count: 301),
            "{ a(x: " + String(repeating: "[", count: 3_000) + String(repeating: "]", count: 3_000) + ") }",
            bomb, "# only a comment", "",
        ])
    }

    private var bomb: String {
        var source = "{ ...F0 }\n"
        for index in 0..<20 { source += "fragment F\(index) on Query { a: x { ...F\(index + 1) } b: y { ...F\(index + 1) } }\n" }
        return source + "fragment F20 on Query { leaf }\n"
    }

    /// One line: a request (possibly ill-typed) or something that is not one.
    mutating func line() -> String {
        switch int(16) {
        case 0: return pick(["", "   ", "\t", "{", "[]", "42", "null", "\"op\"", "{\"op\":1}", "{\"id\":{\"x\":[1]}}", "{\"op\":\"merge\",",
                             String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
                             "{\"op\":\"stats\",\"id\":123456789012345678901234567890}", "{\"op\":\"stats\",\"id\":1e-400}",
                             "{\"op\":\"stats\"}\u{0}", "\u{FEFF}{\"op\":\"stats\"}"])
        case 1...3:
            var records = JSONObject()
            for _ in 0..<(1 + int(3)) {
                var fields = JSONObject()
                for _ in 0..<(1 + int(3)) { fields[pick(["name", "id", "friends", "n", "__typename", "hero", "a(x:1)", "\u{0}"])] = value() }
                records[key()] = int(10) == 0 ? .string("not a record") : .object(fields)
            }
            return request("merge", ["records": .object(records)])
        case 4: return request("setField", ["key": .string(key()), "field": .string(pick(["name", "n", "\u{1B}"])), "value": value()])
        case 5: return request("removeRecord", ["key": .string(key())])
        case 6, 7: return request("removeMatching", ["pattern": int(8) == 0 ? .int(3) : .string(pattern())])
        case 8: return request("record", ["key": int(6) == 0 ? .null : .string(key())])
        case 9: return request(pick(["read", "explain"]), ["document": .string(document())])
        case 10: return request("write", ["document": .string(document()), "data": value()])
        case 11: return request("records", [:])
        case 12: return request(pick(["frobnicate", "", "merge", "watch", "fetch", "update"]), [:])
        case 13: return request("clear", int(4) == 0 ? [:] : ["unused": .null])
        case 14: return request("schema", ["sdl": .string(pick(["type Query { a: Int }", "type Droid { n: Int }",
                                                             "type Query { f(i: I): Int } input I { i: I! }", "type {"]))])
        default: return request("stats", [:])
        }
    }

    private mutating func request(_ op: String, _ fields: JSONObject) -> String {
        var object: JSONObject = ["id": .int(int(1_000_000)), "op": .string(op)]
        for (key, value) in fields { object[key] = value }
        return JSONValue.object(object).jsonText
    }
}
