import Foundation
import SampleServer

/// The package's bundled files (`sample-data/`, `themes/` beside it), found the one way
/// `SampleServer.locateSampleData` searches: the current directory and its ancestors, then the
/// executable's directory and its ancestors (`.build/debug/cachelens` lives in the package).
enum BundledFiles {
    /// The `sample-data` directory.
    static func sampleData() throws(CommandError) -> URL {
        do { return try SampleServer.locateSampleData() } catch {
            guard case .sampleDataNotFound(let searched) = error else { throw .bundledFilesNotFound(searched: []) }
            throw .bundledFilesNotFound(searched: searched)
        }
    }

    /// The bundled theme file `themes/NAME.json`, nil when there is none of that name.
    static func theme(named name: String) -> URL? {
        guard let root = try? sampleData().deletingLastPathComponent() else { return nil }
        let url = root.appendingPathComponent("themes/\(name).json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
