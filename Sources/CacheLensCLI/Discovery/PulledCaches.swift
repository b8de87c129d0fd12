import CacheExplorer
import Foundation

/// Which open backends are copies pulled off an Android device, and from where, so that `R`
/// in the explorer can pull the same file again. One per explorer run, shared by the closures
/// of its `ExplorerEnvironment`; backends are told apart by identity, so two copies of files
/// with the same name (two devices, one app) never mix.
final class PulledCaches: @unchecked Sendable {
    private let lock = NSLock()
    private var origins: [ObjectIdentifier: FoundCache] = [:]

    /// Remembers that `backend` shows `cache`'s pulled copy (nothing for any other cache).
    func remember(_ backend: any RecordBrowsing, pulledAs cache: FoundCache) {
        guard cache.pull != nil else { return }
        lock.withLock { origins[ObjectIdentifier(backend)] = cache }
    }

    /// The cache `backend` was pulled as, or nil when it is not a pulled copy.
    func origin(of backend: any RecordBrowsing) -> FoundCache? {
        lock.withLock { origins[ObjectIdentifier(backend)] }
    }

    /// `Pixel 7 (emulator-5554) · com.example.app · databases/apollo.db`.
    static func describe(_ cache: FoundCache) -> String {
        "\(cache.device) · \(cache.app) · \(cache.file)"
    }
}
