import Foundation

/// A fresh directory under the system's temporary directory, deleted with everything in it when
/// the value goes away, so tests that write files leave nothing behind.
public final class TemporaryDirectory: Sendable {
    /// The directory's path.
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("cachelens-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
