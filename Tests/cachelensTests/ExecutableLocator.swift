import CacheTestSupport

/// Runs the real `cachelens` binary (found by `CacheLensProcess`) and splits its output into lines.
enum ExecutableLocator {
    static func run(_ arguments: [String], input: String) throws -> (lines: [String], status: Int32) {
        let result = try CacheLensProcess.run(arguments, input: input)
        return (result.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init), result.status)
    }
}
