// swift-tools-version:6.0
import PackageDescription

/// CacheLens: a normalized GraphQL cache library with Apollo iOS's semantics (`GraphQLCache`,
/// `GraphQLCacheSQLite`) and `cachelens`, a terminal explorer and headless harness built on it.
let package = Package(
    name: "CacheLens",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GraphQLCache", targets: ["GraphQLCache"]),
        .library(name: "GraphQLCacheSQLite", targets: ["GraphQLCacheSQLite"]),
        .executable(name: "cachelens", targets: ["cachelens"]),
    ],
    dependencies: [
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", exact: "4.3.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses",
                       providers: [.apt(["libncurses-dev"])]),
        .target(name: "GraphQLCache", dependencies: [.product(name: "GraphQL", package: "GraphQL")]),
        .target(name: "CacheKeyIndex", dependencies: ["GraphQLCache"]),
        .target(name: "GraphQLCacheSQLite", dependencies: ["GraphQLCache", "CacheKeyIndex", "CSQLite"]),
        .target(name: "CacheExplorer", dependencies: ["GraphQLCache"]),
        .target(name: "CacheExplorerCurses", dependencies: ["CacheExplorer", "CNCurses"]),
        .target(name: "CacheHarness", dependencies: ["GraphQLCache", "CacheExplorer"]),
        .target(name: "CacheBench", dependencies: ["GraphQLCache", "GraphQLCacheSQLite", "CacheExplorer", "LoopbackHTTP"]),
        // A minimal HTTP/1.1 server on 127.0.0.1: the transport tests' and the bench's.
        .target(name: "LoopbackHTTP"),
        .target(name: "SampleServer", dependencies: ["GraphQLCache", .product(name: "GraphQL", package: "GraphQL")]),
        .executableTarget(name: "cachelens", dependencies: [
            "GraphQLCache", "GraphQLCacheSQLite", "CacheHarness", "CacheBench", "SampleServer", "CacheExplorer",
            "CacheExplorerCurses",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "GraphQLCacheTests", dependencies: [
            "GraphQLCache", "GraphQLCacheSQLite", "CacheTestSupport", "LoopbackHTTP",
        ]),
        .testTarget(name: "CacheBenchTests", dependencies: ["CacheBench", "GraphQLCache", "CacheTestSupport"]),
        .testTarget(name: "CacheKeyIndexTests", dependencies: ["CacheKeyIndex", "GraphQLCache", "CacheTestSupport"]),
        .testTarget(name: "SampleServerTests", dependencies: ["SampleServer", "GraphQLCache"]),
        .testTarget(name: "CacheExplorerTests", dependencies: [
            "CacheExplorer", "GraphQLCache", "GraphQLCacheSQLite", "CacheTestSupport",
        ],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "CacheHarnessTests", dependencies: [
            "CacheHarness", "GraphQLCache", "GraphQLCacheSQLite", "CacheTestSupport",
        ]),
        .target(name: "CacheTestSupport", dependencies: ["GraphQLCache", "GraphQLCacheSQLite", "LoopbackHTTP"],
                path: "Tests/CacheTestSupport"),
        // The process, pipe and tmux suites of the `cachelens` executable: the only test target
        // that builds the app.
        .testTarget(name: "cachelensTests", dependencies: [
            "cachelens", "CacheTestSupport", "GraphQLCache", "GraphQLCacheSQLite", "CacheExplorer", "CacheExplorerCurses", "CacheBench",
            "LoopbackHTTP",
        ]),
        .testTarget(name: "GraphQLCacheSQLiteTests", dependencies: [
            "GraphQLCacheSQLite", "GraphQLCache", "CacheTestSupport",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
