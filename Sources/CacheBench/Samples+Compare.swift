/// A subject and its floor measured in alternation, so that a burst of load on a shared machine
/// falls on both alike and their ratio stays meaningful.
public struct ComparedSamples: Sendable {
    /// The library's runs.
    public let subject: Samples
    /// The floor's runs (raw SQLite, JSONSerialization).
    public let floor: Samples
}

extension Samples {
    /// Runs the subject then the floor, `warmup` times unmeasured, then `iterations` times
    /// measured. Each `setUp` runs before its body, unmeasured, and is given the run's number
    /// (warm-up runs included, from 0), so that runs can differ (a new generation of changes).
    public static func compare<Subject, Floor>(
        warmup: Int, iterations: Int,
        setUpSubject: (Int) throws -> Subject, subject: (Subject) throws -> Void,
        setUpFloor: (Int) throws -> Floor, floor: (Floor) throws -> Void
    ) throws -> ComparedSamples {
        let clock = ContinuousClock()
        var subjectSeconds: [Double] = [], floorSeconds: [Double] = []
        for run in 0..<(warmup + iterations) {
            let subjectInput = try setUpSubject(run)
            let subjectTime = try clock.measure { try subject(subjectInput) }
            let floorInput = try setUpFloor(run)
            let floorTime = try clock.measure { try floor(floorInput) }
            guard run >= warmup else { continue }
            subjectSeconds.append(subjectTime.secondsValue)
            floorSeconds.append(floorTime.secondsValue)
        }
        return ComparedSamples(subject: Samples(subjectSeconds), floor: Samples(floorSeconds))
    }
}

extension BenchmarkFigure {
    /// A time figure in milliseconds from a subject measured beside its floor.
    public static func milliseconds(_ name: String, _ compared: ComparedSamples, budget: Double? = nil) -> BenchmarkFigure {
        milliseconds(name, compared.subject, floor: compared.floor, budget: budget)
    }
}
