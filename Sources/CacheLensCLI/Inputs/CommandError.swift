import GraphQLCache

/// Every failure of a `cachelens` command that is not a usage error, from the one layer that
/// opens files, caches, schemas and transports (`Inputs/`): cases a caller (or a test) can
/// match, each naming the file or option and the problem. ArgumentParser prints the
/// description as `Error: …` and exits with status 1.
package enum CommandError: Error, Equatable, CustomStringConvertible {
    /// A file the command reads does not exist; `role` says what it was for ("snapshot",
    /// "--schema", "document", "theme").
    case noSuchFile(path: String, role: String)
    /// A file that exists and cannot be read (permissions, a directory, not UTF-8 text).
    case unreadable(path: String, role: String, reason: String)
    /// A file whose content does not fit its role; `message` starts with `path:line:column`
    /// where the problem has a place.
    case invalidContent(path: String, role: String, message: String)
    /// A cache path that does not exist, given to a command that does not create caches unless
    /// asked (`--create`).
    case noSuchCache(path: String)
    /// A 0-byte file given as a cache: it is not one, and it is not made one unless asked;
    /// `creatable` when the command takes `--create`.
    case emptyCacheFile(path: String, creatable: Bool)
    /// A SQLite database without any table, opened for writing without `--create`: making it a
    /// cache would write into a file that may be another program's.
    case tablelessDatabase(path: String)
    /// A cache file that cannot be opened or read (not SQLite, not an Apollo cache, locked,
    /// read-only); `message` is the cache library's, naming the file.
    case cache(path: String, message: String)
    /// An option whose value cannot be used.
    case invalidOption(name: String, value: String, reason: String)
    /// The bundled sample data (`sample-data/`) was not found in any of the places searched.
    case bundledFilesNotFound(searched: [String])
    /// Standard output or an output file could not be written (closed pipe, full disk).
    case cannotWrite(target: String, reason: String)
    /// Finding caches failed: `adb` could not run or answered with an error, or no cache (or
    /// more than one) matched what was asked for; `message` says which and what to do.
    case discovery(message: String)
    /// The first argument is neither a subcommand nor an existing file.
    case unknownSubcommand(name: String, commands: [String])

    /// The message, with control characters from files (keys, values) escaped for the terminal.
    package var description: String { TerminalText.escapedLines(message) }

    private var message: String {
        switch self {
        case let .noSuchFile(path, role): return "cannot read \(role) \(path): no such file"
        case let .unreadable(path, role, reason): return "cannot read \(role) \(path): \(reason)"
        case let .invalidContent(_, _, message): return message
        case .noSuchCache(let path):
            return "\(path): no such file; pass --create to make a new cache there"
        case let .emptyCacheFile(path, creatable):
            return "\(path): the file is empty (0 bytes), not a cache" + (creatable ? "; pass --create to make it a new cache" : "")
        case .tablelessDatabase(let path):
            return "\(path): a SQLite database without tables, not a cache; pass --create to make it a new cache"
        case let .cache(_, message): return message
        case let .invalidOption(name, value, reason): return "\(name) \(value): \(reason)"
        case .bundledFilesNotFound(let searched):
            var unique: [String] = []
            for place in searched where !unique.contains(place) { unique.append(place) }
            let places = unique.isEmpty ? "" : " (searched \(unique.joined(separator: ", ")))"
            return "the bundled sample (sample-data/) opens when no file is given, and it was not found\(places); "
                + "open a cache instead: cachelens FILE.sqlite, cachelens FILE.json (a snapshot), or cachelens --create FILE.sqlite"
        case let .cannotWrite(target, reason): return "cannot write \(target): \(reason)"
        case .discovery(let message): return message
        case let .unknownSubcommand(name, commands):
            // The benchmarks were `cachelens bench` before they became their own program.
            let moved = name == "bench" ? "; the benchmarks are `swift run -c release cachelens-bench`" : ""
            return "'\(name)' is not a cachelens command, nor a file (commands: \(commands.joined(separator: ", ")))\(moved)"
        }
    }
}
