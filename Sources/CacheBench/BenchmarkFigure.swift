import GraphQLCache

/// One measured figure: the median and spread of repeated runs, beside the floor measured in the
/// same run (raw sqlite3 doing the same SQL, or JSONSerialization parsing the same payload), so a
/// reader sees how far from the achievable the library is on this very machine.
public struct BenchmarkFigure: Sendable, Equatable {
    public var name: String
    /// `ms`, `µs`, `MB`…
    public var unit: String
    public var median: Double
    public var min: Double
    public var max: Double
    /// The floor's median, in the same unit; nil for figures that have none.
    public var floor: Double?
    /// The largest `median / floor` (or, with no floor, the largest `median`) its budget allows (docs/BENCHMARKS.md).
    public var budget: Double?

    public init(name: String, unit: String, median: Double, min: Double, max: Double,
                floor: Double? = nil, budget: Double? = nil) {
        self.name = name
        self.unit = unit
        self.median = median
        self.min = min
        self.max = max
        self.floor = floor
        self.budget = budget
    }

    /// `median / floor`, the figure the budgets speak of.
    public var ratio: Double? {
        guard let floor, floor > 0 else { return nil }
        return median / floor
    }

    /// Whether the figure is within its budget; nil when it has none.
    public var meetsBudget: Bool? {
        guard let budget else { return nil }
        if let ratio { return ratio <= budget }
        return floor == nil ? median <= budget : nil
    }

    /// `{"name","unit","median","min","max","floor","ratio","budget","met"}`, as `--json` prints
    /// it: a script checks the budgets from `budget` and `met` (null where there is none)
    /// without knowing them.
    public var jsonObject: JSONObject {
        [
            "name": .string(name), "unit": .string(unit),
            "median": .double(Self.rounded(median)), "min": .double(Self.rounded(min)),
            "max": .double(Self.rounded(max)),
            "floor": floor.map { .double(Self.rounded($0)) } ?? .null,
            "ratio": ratio.map { .double(Self.rounded($0)) } ?? .null,
            "budget": budget.map { .double($0) } ?? .null,
            "met": meetsBudget.map { .bool($0) } ?? .null,
        ]
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
