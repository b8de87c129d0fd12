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

    /// The bundled theme file `themes/NAME.json`, nil when there is none of that name. Each
    /// place searched is asked in turn, so a `sample-data/` in the current directory without a
    /// `themes/` beside it (a user's copy of the sample) does not hide the package's themes.
    static func theme(named name: String) -> URL? {
        for start in SampleServer.defaultSearchStarts {
            guard let root = try? SampleServer.locateSampleData(from: [start]).deletingLastPathComponent() else { continue }
            let url = root.appendingPathComponent("themes/\(name).json")
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }
}
