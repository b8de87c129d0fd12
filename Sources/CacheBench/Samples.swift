/// Durations of repeated runs of one piece of work, in seconds.
public struct Samples: Sendable {
    public private(set) var seconds: [Double]

    public init(_ seconds: [Double]) { self.seconds = seconds }

    public var median: Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    public var min: Double { seconds.min() ?? 0 }
    public var max: Double { seconds.max() ?? 0 }

    /// Runs `body` `warmup` times unmeasured, then `iterations` times measured. `setUp` runs
    /// before each run, unmeasured, and hands its result to `body` (fresh caches, fresh files).
    public static func measure<Input>(
        warmup: Int, iterations: Int, setUp: () throws -> Input, _ body: (Input) throws -> Void
    ) rethrows -> Samples {
        let clock = ContinuousClock()
        var seconds: [Double] = []
        for run in 0..<(warmup + iterations) {
            let input = try setUp()
            let elapsed = try clock.measure { try body(input) }
            if run >= warmup { seconds.append(elapsed.secondsValue) }
        }
        return Samples(seconds)
    }

    /// `measure` for work that needs no per-run set-up.
    public static func measure(warmup: Int, iterations: Int, _ body: () throws -> Void) rethrows -> Samples {
        try measure(warmup: warmup, iterations: iterations, setUp: { () }, { _ in try body() })
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    public var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension BenchmarkFigure {
    /// A time figure in milliseconds from samples (and a floor's samples).
    public static func milliseconds(_ name: String, _ samples: Samples, floor: Samples? = nil,
                                    budget: Double? = nil) -> BenchmarkFigure {
        BenchmarkFigure(name: name, unit: "ms", median: samples.median * 1000, min: samples.min * 1000,
                        max: samples.max * 1000, floor: floor.map { $0.median * 1000 }, budget: budget)
    }

    /// A time figure in microseconds.
    public static func microseconds(_ name: String, _ samples: Samples, floor: Samples? = nil,
                                    budget: Double? = nil) -> BenchmarkFigure {
        BenchmarkFigure(name: name, unit: "µs", median: samples.median * 1e6, min: samples.min * 1e6,
                        max: samples.max * 1e6, floor: floor.map { $0.median * 1e6 }, budget: budget)
    }
}

extension BenchmarkFigure {
    /// A memory figure in megabytes from samples already in megabytes.
    public static func megabytes(_ name: String, _ samples: Samples, budget: Double? = nil) -> BenchmarkFigure {
        BenchmarkFigure(name: name, unit: "MB", median: samples.median, min: samples.min, max: samples.max, budget: budget)
    }
}
