import GraphQLCache

/// The references a removal would leave dangling, as the preview shows them: how many, and the
/// first `limit` of their lines (`Droid:2001.friends → Human:1000`) in text order, kept while
/// they are counted so that only those lines are ever written.
struct DanglingSample {
    let limit: Int
    private(set) var count = 0
    /// The smallest references seen so far, in order, at most `limit`.
    private var smallest: [(from: String, to: CacheKey)] = []

    init(limit: Int) { self.limit = limit }

    /// The shown lines, in order.
    var lines: [String] { smallest.map { Self.line(from: $0.from, to: $0.to) } }

    /// Counts the reference `from` → `to` and keeps it when it is among the first `limit`.
    mutating func add(from: String, to target: CacheKey) {
        count += 1
        guard smallest.count == limit ? Self.precedes((from, target), smallest[limit - 1]) : true else { return }
        let place = smallest.firstIndex { Self.precedes((from, target), $0) } ?? smallest.count
        smallest.insert((from, target), at: place)
        if smallest.count > limit { smallest.removeLast() }
    }

    private static func line(from: String, to target: CacheKey) -> String { "\(from) → \(target)" }

    /// The order of the lines' text; two references from one field differ only in their target,
    /// so those compare without writing their lines.
    private static func precedes(_ a: (from: String, to: CacheKey), _ b: (from: String, to: CacheKey)) -> Bool {
        a.from == b.from ? a.to.rawValue < b.to.rawValue : line(from: a.from, to: a.to) < line(from: b.from, to: b.to)
    }
}
