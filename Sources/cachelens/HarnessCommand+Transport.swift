import ArgumentParser
import Foundation
import GraphQLCache
import SampleServer

extension HarnessCommand {
    /// The transport `--transport` names: `scripted`, `sample`, or an http(s) URL.
    func makeTransport() throws -> any NetworkTransport {
        switch transport {
        case "scripted":
            return ScriptedTransport()
        case "sample":
            do { return try SampleServer(directory: try SampleServer.locateSampleData()) } catch {
                throw ValidationError("--transport sample: \(error)")
            }
        default:
            guard let url = URL(string: transport), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host != nil else {
                throw ValidationError("--transport \(transport): expected 'scripted', 'sample' or an http(s) URL")
            }
            return HTTPNetworkTransport(url: url)
        }
    }
}
