import CacheExplorer
import GraphQLCacheSQLite

/// What every benchmark group gets: the scale, how many runs, and where to put scratch files.
public struct BenchmarkContext: Sendable {
    public let scale: BenchmarkScale
    public let warmup: Int
    public let iterations: Int
    /// A directory for scratch files (SQLite databases), removed after the run.
    public let scratchDirectory: String
    /// The path of the running `cachelens-bench` binary, for figures measured in a child process.
    public let executablePath: String
    /// Progress messages (stderr), so a long run shows where it is.
    public let progress: @Sendable (String) -> Void
    /// Opens a writable SQLite file for the explorer as `cachelens explore` does (the
    /// executable sets it; the write log then reads stored rows as the product's does). By
    /// default a plain store over the file, as tests of the benchmarks open it.
    package var openExplorerBackend: @Sendable (String) throws -> any ExplorerBackend = { path in
        StoreBackend(cache: try SQLiteNormalizedCache(path: path), sourceName: "bench", waitsForWatches: false)
    }

    public init(scale: BenchmarkScale, scratchDirectory: String, executablePath: String,
                progress: @escaping @Sendable (String) -> Void) {
        self.scale = scale
        self.warmup = scale.warmup
        self.iterations = scale.iterations
        self.scratchDirectory = scratchDirectory
        self.executablePath = executablePath
        self.progress = progress
    }
}

/// A named group of figures; `--filter` selects groups and figures by substring.
public struct BenchmarkGroup: Sendable {
    public let name: String
    public let run: @Sendable (BenchmarkContext) throws -> [BenchmarkFigure]

    public init(name: String, run: @escaping @Sendable (BenchmarkContext) throws -> [BenchmarkFigure]) {
        self.name = name
        self.run = run
    }
}
