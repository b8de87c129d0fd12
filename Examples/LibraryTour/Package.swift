// swift-tools-version:6.0
import PackageDescription

/// A runnable tour of the CacheLens library as an app uses it: a SQLite cache, fetches from a
/// GraphQL server, a watch, a local update, partial reads and garbage collection. It depends on
/// the repository by path; an app writes
/// `.package(url: "https://github.com/OWNER/CacheLens.git", from: "0.3.0")` instead.
let package = Package(
    name: "LibraryTour",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "CacheLens", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "LibraryTour", dependencies: [
            .product(name: "GraphQLCache", package: "CacheLens"),
            .product(name: "GraphQLCacheSQLite", package: "CacheLens"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
