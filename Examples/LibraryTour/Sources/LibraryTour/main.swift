import Foundation
import GraphQLCache
import GraphQLCacheSQLite

// Usage: LibraryTour [GRAPHQL-URL]
// With a URL (the repository's Tests/Servers/ariadne_server.py, or any server with the Star
// Wars `hero { id name friends { id name } }` schema) the tour fetches from it; without one it
// answers from a scripted transport, so it runs anywhere.

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("LibraryTour-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

let transport: any NetworkTransport
if let address = CommandLine.arguments.dropFirst().first, let url = URL(string: address) {
    transport = HTTPNetworkTransport(url: url)
} else {
    let scripted = ScriptedTransport()
    scripted.enqueue(try TransportResponse(json: try JSONObject(jsonText: Tour.scriptedHero)))
    transport = scripted
}

do {
    let tour = try Tour(cachePath: directory.appendingPathComponent("cache.sqlite").path, transport: transport)
    try await tour.run()
    print("tour done")
} catch {
    print("tour failed: \(error)")
    exit(1)
}
