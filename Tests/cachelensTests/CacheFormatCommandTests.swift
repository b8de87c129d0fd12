import CacheTestSupport
import Foundation
import Testing

/// Every Apollo cache format through the real binary: a file built by the format's own rules
/// answers the same query with the same data as the Apollo iOS file holding the same responses,
/// lints clean, dumps its records in the library's model and names its format in `stats`.
@Suite struct CacheFormatCommandTests {
    enum Format: String, CaseIterable, CustomTestStringConvertible {
        case apolloIOS, kotlinClassic, kotlinNormalized, apolloClient
        var testDescription: String { rawValue }

        /// Writes the file in `directory`; returns its path.
        func file(in directory: TemporaryDirectory) throws -> String {
            switch self {
            case .apolloIOS: let path = directory.path("ios.sqlite"); try ApolloFormatFiles.apolloIOS(at: path); return path
            case .kotlinClassic: let path = directory.path("classic.db"); try ApolloFormatFiles.apolloKotlinClassic(at: path); return path
            case .kotlinNormalized: let path = directory.path("normalized.db"); try ApolloFormatFiles.apolloKotlinNormalized(at: path); return path
            case .apolloClient: let path = directory.path("extract.json"); try ApolloFormatFiles.apolloClient(at: path); return path
            }
        }

        var name: String {
            switch self {
            case .apolloIOS: return "Apollo iOS"
            case .kotlinClassic: return "Apollo Kotlin (classic SQLite) (read-only)"
            case .kotlinNormalized: return "Apollo Kotlin normalized cache 1.0 (read-only)"
            case .apolloClient: return "Apollo Client extract (read-only)"
            }
        }
    }

    @Test(arguments: Format.allCases) func queryAnswersAsTheAppleFileDoes(_ format: Format) throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["query", try format.file(in: directory), "-e", ApolloFormatFiles.query])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == ApolloFormatFiles.answer + "\n")
    }

    @Test(arguments: Format.allCases) func statsNamesTheFormat(_ format: Format) throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["stats", try format.file(in: directory)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nformat: \(format.name)\nrecords: 5\n"), "\(result.stdout)")
    }

    @Test(arguments: Format.allCases) func lintsClean(_ format: Format) throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["lint", try format.file(in: directory)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test(arguments: Format.allCases) func dumpHoldsTheRecordsInTheLibrarysModel(_ format: Format) throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["dump", try format.file(in: directory)])
        #expect(result.status == 0, "\(result.stderr)")
        let iosDirectory = try TemporaryDirectory()
        let ios = try CacheLensProcess.run(["dump", try Format.apolloIOS.file(in: iosDirectory)])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSDictionary
        var expected = try #require(try JSONSerialization.jsonObject(with: Data(ios.stdout.utf8)) as? [String: Any])
        if format == .apolloClient {   // Apollo Client keeps the root's __typename
            var root = try #require(expected["QUERY_ROOT"] as? [String: Any])
            root["__typename"] = "Query"
            expected["QUERY_ROOT"] = root
        }
        #expect(object == NSDictionary(dictionary: expected), "\(result.stdout)")
    }

    @Test func normalizedCacheStatsShowTheRecordsDates() throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["stats", try Format.kotlinNormalized.file(in: directory)])
        let date = Date(timeIntervalSince1970: Double(ApolloFormatFiles.updatedMilliseconds) / 1000).formatted(.iso8601)
        #expect(result.stdout.contains("updated: \(date) to \(date)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  \(date)\tDroid:2001\n"), "\(result.stdout)")
    }

    @Test func aPersistedStringOfAnExtractOpensToo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("persisted.json")
        let persisted = try JSONSerialization.data(withJSONObject: [ApolloFormatFiles.apolloClientJSON], options: [])
        // apollo3-cache-persist stores JSON.stringify(cache.extract()): one JSON string.
        try persisted.dropFirst().dropLast().write(to: URL(fileURLWithPath: path))
        let result = try CacheLensProcess.run(["query", path, "-e", ApolloFormatFiles.query])
        #expect(result.stdout == ApolloFormatFiles.answer + "\n", "\(result.stderr)")
    }
}
