// swift-tools-version:6.0
import PackageDescription

/// CacheLens: a normalized GraphQL cache library with Apollo iOS's semantics (`GraphQLCache`,
/// `GraphQLCacheSQLite`, and `CacheDiagnostics` to explain misses and lint a cache) and
/// `cachelens`, a terminal explorer and headless harness built on it. The benchmarks are the
/// `cachelens-bench` executable, which neither `cachelens` nor the libraries link.
let package = Package(
    name: "CacheLens",
    // What the code needs: Synchronization's Mutex and Atomic, and task executors.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "GraphQLCache", targets: ["GraphQLCache"]),
        .library(name: "GraphQLCacheSQLite", targets: ["GraphQLCacheSQLite"]),
        .library(name: "CacheDiagnostics", targets: ["CacheDiagnostics"]),
        .executable(name: "cachelens", targets: ["cachelens"]),
    ],
    dependencies: [
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", from: "4.3.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses",
                       providers: [.apt(["libncurses-dev"])]),
        .target(name: "GraphQLCache", dependencies: [.product(name: "GraphQL", package: "GraphQL")]),
        // Miss diagnosis and lint: what a miss or a stored record means, and what to change.
        .target(name: "CacheDiagnostics", dependencies: ["GraphQLCache"]),
        .target(name: "CacheKeyIndex", dependencies: ["GraphQLCache"]),
        .target(name: "GraphQLCacheSQLite", dependencies: ["GraphQLCache", "CacheKeyIndex", "CSQLite"]),
        // The benchmarks' floor: the cache's own statements run raw (the bench and tests only).
        .target(name: "SQLiteBaseline", dependencies: ["GraphQLCache", "GraphQLCacheSQLite"]),
        .target(name: "CacheExplorer", dependencies: ["GraphQLCache", "CacheDiagnostics", "CacheKeyIndex"]),
        .target(name: "CacheExplorerCurses", dependencies: ["CacheExplorer", "CNCurses"]),
        .target(name: "CacheHarness", dependencies: ["GraphQLCache", "CacheDiagnostics", "CacheExplorer"]),
        .target(name: "CacheBench", dependencies: ["GraphQLCache", "CacheDiagnostics", "GraphQLCacheSQLite", "CacheExplorer", "LoopbackHTTP", "SQLiteBaseline"]),
        // A minimal HTTP/1.1 server on 127.0.0.1: the transport tests' and the bench's.
        .target(name: "LoopbackHTTP"),
        .target(name: "SampleServer", dependencies: ["GraphQLCache", .product(name: "GraphQL", package: "GraphQL")]),
        // The commands of `cachelens`, shared with `cachelens-bench` (which opens files as
        // `explore` does): no benchmark, floor or test server.
        .target(name: "CacheLensCLI", dependencies: [
            "GraphQLCache", "CacheDiagnostics", "GraphQLCacheSQLite", "CacheHarness", "SampleServer", "CacheExplorer",
            "CacheExplorerCurses",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "cachelens", dependencies: ["CacheLensCLI"]),
        // The benchmarks: `swift run -c release cachelens-bench`.
        .executableTarget(name: "cachelens-bench", dependencies: [
            "CacheBench", "CacheLensCLI", "GraphQLCache",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "GraphQLCacheTests", dependencies: [
            "GraphQLCache", "GraphQLCacheSQLite", "CacheTestSupport", "LoopbackHTTP",
        ]),
        .testTarget(name: "CacheBenchTests", dependencies: ["CacheBench", "GraphQLCache", "CacheTestSupport"]),
        .testTarget(name: "CacheDiagnosticsTests", dependencies: [
            "CacheDiagnostics", "GraphQLCache", "CacheTestSupport",
        ]),
        .testTarget(name: "CacheKeyIndexTests", dependencies: ["CacheKeyIndex", "GraphQLCache", "CacheTestSupport"]),
        .testTarget(name: "SampleServerTests", dependencies: ["SampleServer", "GraphQLCache"]),
        .testTarget(name: "CacheExplorerTests", dependencies: [
            "CacheExplorer", "CacheDiagnostics", "GraphQLCache", "GraphQLCacheSQLite", "CacheTestSupport",
        ],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "CacheHarnessTests", dependencies: [
            "CacheHarness", "GraphQLCache", "GraphQLCacheSQLite", "SQLiteBaseline", "CacheTestSupport",
        ]),
        .target(name: "CacheTestSupport", dependencies: ["GraphQLCache", "GraphQLCacheSQLite", "LoopbackHTTP"],
                path: "Tests/CacheTestSupport"),
        // The process, pipe and tmux suites of the `cachelens` and `cachelens-bench` executables:
        // the only test target that builds the programs.
        .testTarget(name: "cachelensTests", dependencies: [
            "cachelens", "cachelens-bench", "CacheLensCLI", "CacheTestSupport", "GraphQLCache", "CacheDiagnostics", "GraphQLCacheSQLite", "CacheExplorer", "CacheExplorerCurses", "CacheBench",
            "LoopbackHTTP",
        ]),
        .testTarget(name: "GraphQLCacheSQLiteTests", dependencies: [
            "GraphQLCacheSQLite", "GraphQLCache", "CacheDiagnostics", "SQLiteBaseline", "CacheTestSupport",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
