import GraphQLCache
@testable import CacheHarness

extension Harness {
    /// Feeds `lines` to a fresh in-memory harness, as the runner would, and returns every output
    /// line in order (watch deliveries before the response that caused them).
    static func transcript(_ lines: [String]) -> [String] {
        let harness = Harness(cache: InMemoryNormalizedCache())
        return lines.flatMap { harness.handle(line: $0) }
    }
}
