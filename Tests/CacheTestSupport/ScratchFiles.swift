import Foundation

/// Where tests that make many SQLite files without a `TemporaryDirectory` put them: one folder
/// per test process. The test runner ends without running exit handlers, so each run first
/// removes the folders of test processes that are gone.
public enum ScratchFiles {
    private static let prefix = "cachelens-store-tests-"

    /// This process's folder.
    public static var directory: String {
        FileManager.default.temporaryDirectory.appendingPathComponent(prefix + "\(getpid())").path
    }

    /// A path for a new SQLite file in this process's folder (created if needed).
    public static func newDatabasePath() throws -> String {
        let folder = directory
        if !FileManager.default.fileExists(atPath: folder) {
            removeFoldersOfEndedProcesses()
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return folder + "/" + UUID().uuidString + ".sqlite"
    }

    private static func removeFoldersOfEndedProcesses() {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}
