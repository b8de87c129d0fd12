import GraphQLCache

/// What the explorer needs from the world beyond its backend, passed in (never global) so that
/// tests and the harness can run it with no files: opening other data (`:open`), themes
/// (`:theme`), and files (`:export`, `:watch FILE`).
package struct ExplorerEnvironment: Sendable {
    /// Opens a file as a backend (`:open`).
    package var openBackend: @Sendable (String) throws -> any ExplorerBackend
    /// Loads a theme by name or path (`:theme`).
    package var loadTheme: @Sendable (String) throws -> Theme
    /// Reads a text file (`:watch FILE`, `:query FILE`).
    package var readFile: @Sendable (String) throws -> String
    /// Writes a file (`:export`).
    package var writeFile: @Sendable (String, [UInt8]) throws -> Void
    /// Whether something exists at a path (`:export` asks before replacing it).
    package var fileExists: @Sendable (String) -> Bool
    /// The caches `cachelens caches` would list, one line each, in its order (`:open` with no
    /// file shows them; `:open N` opens the Nth); nil where nothing searches for caches.
    package var findCaches: (@Sendable () throws -> [String])?
    /// Where the data was copied from when it is a copy pulled off a device (`Pixel 7 ·
    /// com.example.app · databases/apollo.db`), else nil: `R` pulls such a copy again.
    package var pulledFrom: @Sendable (any RecordBrowsing) -> String?
    /// Pulls the copy `backend` was opened from again and opens the fresh copy (`R`).
    package var repull: @Sendable (any RecordBrowsing) throws -> any ExplorerBackend

    /// `repull` where nothing was pulled off a device.
    package static let notPulled: @Sendable (any RecordBrowsing) throws -> any ExplorerBackend = { backend in
        throw ExplorerError.invalid("\(backend.sourceName) is not a copy pulled off a device")
    }
    /// The entries of a folder, folders ending in `/` (`Tab` completes paths on the `:` line).
    package var listDirectory: @Sendable (String) -> [String]

    package init(openBackend: @escaping @Sendable (String) throws -> any ExplorerBackend,
                loadTheme: @escaping @Sendable (String) throws -> Theme,
                readFile: @escaping @Sendable (String) throws -> String,
                writeFile: @escaping @Sendable (String, [UInt8]) throws -> Void,
                fileExists: @escaping @Sendable (String) -> Bool = { FileKind(path: $0) != .missing },
                findCaches: (@Sendable () throws -> [String])? = nil,
                pulledFrom: @escaping @Sendable (any RecordBrowsing) -> String? = { _ in nil },
                repull: @escaping @Sendable (any RecordBrowsing) throws -> any ExplorerBackend = Self.notPulled,
                listDirectory: @escaping @Sendable (String) -> [String] = { _ in [] }) {
        self.openBackend = openBackend
        self.loadTheme = loadTheme
        self.readFile = readFile
        self.writeFile = writeFile
        self.fileExists = fileExists
        self.findCaches = findCaches
        self.pulledFrom = pulledFrom
        self.repull = repull
        self.listDirectory = listDirectory
    }

    /// No files at all: every file operation fails with a message naming it.
    package static let isolated = ExplorerEnvironment(
        openBackend: { throw ExplorerError.file(path: $0, reason: "opening files is not available here") },
        loadTheme: { name in
            if name == "default" { return .default }
            throw ExplorerError.invalid("unknown theme \"\(name)\"")
        },
        readFile: { throw ExplorerError.file(path: $0, reason: "reading files is not available here") },
        writeFile: { path, _ in throw ExplorerError.file(path: path, reason: "writing files is not available here") }
    )
}
