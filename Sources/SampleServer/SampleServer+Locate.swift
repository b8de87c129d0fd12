import Foundation

extension SampleServer {
    /// The `sample-data` directory of the package: the first of `start` and its ancestors that
    /// holds `sample-data/starwars.graphqls`. By default the search starts at the current
    /// directory and then at the running executable's directory (`.build/debug/cachelens` lives
    /// inside the package), so both `swift run` and tests find it.
    public static func locateSampleData(from starts: [URL] = defaultSearchStarts) throws(SampleServerError) -> URL {
        var searched: [String] = []
        for start in starts {
            var directory = start.standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent("sample-data")
                searched.append(candidate.path)
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(schemaFileName).path) {
                    return candidate
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        throw .sampleDataNotFound(searched: searched)
    }

    /// The current directory, then the directory of the running executable (its real place,
    /// symbolic links resolved, so a `cachelens` found through `PATH` or a link still finds the
    /// package it was built in).
    public static var defaultSearchStarts: [URL] {
        var starts = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)]
        let running = URL(fileURLWithPath: "/proc/self/exe")
        if FileManager.default.fileExists(atPath: running.path) {
            starts.append(running.resolvingSymlinksInPath().deletingLastPathComponent())
        } else if let executable = CommandLine.arguments.first, !executable.isEmpty {
            starts.append(URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        return starts
    }
}
