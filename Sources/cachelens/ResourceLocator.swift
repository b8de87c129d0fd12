import Foundation

/// Finds the package's bundled files (`sample-data/`, `themes/`) from the executable's place
/// (`.build/debug/cachelens` sits below the package root) or the current directory.
enum ResourceLocator {
    /// The first existing `relativePath` below the current directory or an ancestor of the binary.
    static func find(_ relativePath: String) -> URL? {
        let fileManager = FileManager.default
        var candidates = [URL(fileURLWithPath: fileManager.currentDirectoryPath)]
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            candidates.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        for base in candidates {
            let url = base.appendingPathComponent(relativePath)
            if fileManager.fileExists(atPath: url.path) { return url }
        }
        return nil
    }
}
