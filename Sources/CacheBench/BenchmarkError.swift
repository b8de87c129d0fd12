/// A benchmark whose workload did not behave as designed (a read that should hit missed):
/// the figures would be meaningless, so the run stops and says why.
public struct BenchmarkError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
