import Foundation
import GraphQLCache
import SampleServer
import Testing

/// Shared helpers: the package's sample server, requests by text, expected data as JSON text.
enum SampleServerFixture {
    /// The package's `sample-data`, found from this source file.
    static func sampleDataDirectory() throws -> URL {
        try SampleServer.locateSampleData(from: [URL(fileURLWithPath: #filePath).deletingLastPathComponent()])
    }

    static func server() throws -> SampleServer {
        try SampleServer(directory: sampleDataDirectory())
    }

    static func object(_ text: String) throws -> JSONObject {
        try #require(try JSONValue.parse(text).objectValue)
    }

    /// A scratch directory holding the sample schema and `data` as the fixture file; removed by
    /// the caller.
    static func directory(withData data: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cachelens-sample-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: sampleDataDirectory().appendingPathComponent(SampleServer.schemaFileName),
                                         to: directory.appendingPathComponent(SampleServer.schemaFileName))
        try data.write(to: directory.appendingPathComponent(SampleServer.dataFileName), atomically: true, encoding: .utf8)
        return directory
    }
}

extension SampleServer {
    /// Sends `query` with `variables` (JSON text) and `operationName`.
    func run(_ query: String, variables: String = "{}", operationName: String? = nil) async throws -> TransportResponse {
        let variables = try SampleServerFixture.object(variables)
        return try await send(GraphQLRequest(query: query, operationName: operationName, variables: variables))
    }
}
