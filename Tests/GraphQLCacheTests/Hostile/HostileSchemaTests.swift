import Testing
@testable import GraphQLCache

/// Findings 2, 3 and 10 of issue 15 for SDL: deep nesting, input defaults that GraphQL would
/// build forever or 2^N times, no query type, and an input object that needs itself.
@Suite struct HostileSchemaTests {
    private func schemaError(_ sdl: String) -> String? {
        do { _ = try CacheSchema.load(sdl: [sdl]) } catch { return error.description }
        return nil
    }

    @Test func deeplyNestedSDLIsRefusedBeforeTheParserRuns() {
        let sdl = "type Query { f(a: Int = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "): Int }"
        let message = schemaError(sdl)
        #expect(message?.contains("nests deeper than 200 levels") == true, "\(message ?? "accepted")")
        #expect(message?.contains("line 1") == true)
    }

    @Test func anInputDefaultThatNeedsItsOwnTypeIsRefusedNamingIt() {
        let sdl = "type Query { f(i: I): Int }\ninput I { a: I = {a: {a: null}} b: Int }"
        let message = schemaError(sdl)
        #expect(message?.contains("input I: a default value needs I's own fields") == true, "\(message ?? "accepted")")
    }

    @Test func inputDefaultsThatDoubleTheWorkPerLevelAreRefused() {
        var sdl = "type Query { f(i: I0): Int }\n"
        for level in 0..<24 { sdl += "input I\(level) { a: I\(level + 1) = {} b: I\(level + 1) = {} }\n" }
        sdl += "input I24 { x: Int }"
        let message = schemaError(sdl)
        #expect(message?.contains("would need more than 1000 builds") == true, "\(message ?? "accepted")")
    }

    @Test func shallowInputDefaultsStillLoad() {
        let sdl = "type Query { f(i: I = {a: {x: 1}}): Int }\ninput I { a: J = {x: 2} }\ninput J { x: Int }"
        #expect(schemaError(sdl) == nil)
    }

    @Test func aSchemaWithoutAQueryTypeIsRefused() {
        let message = schemaError("type Droid { name: String }")
        #expect(message?.contains("Query root type must be provided") == true, "\(message ?? "accepted")")
    }

    @Test func anInputObjectThatNeedsItselfIsRefused() {
        let message = schemaError("type Query { f(i: I): Int }\ninput I { i: I! }")
        #expect(message?.contains("Cannot reference Input Object \"I\" within itself") == true, "\(message ?? "accepted")")
    }
}
