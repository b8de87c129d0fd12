import CacheExplorer
import Foundation
import GraphQLCache
import Synchronization

/// A snapshot `.json` file the explorer opened, watched for other programs' rewrites: its
/// modification time, size and inode are compared on each poll (the explorer's 100 ms tick);
/// when they differ the file is read whole and decoded. A rewrite caught half way (invalid
/// JSON) is reported and not applied; the next change is read again.
final class SnapshotFileSource: ExternalRecordSource {
    /// What identifies one version of the file without reading it.
    struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
        var inode: Int?
    }

    let path: String
    private let lastStamp: Mutex<Stamp?>

    var name: String { path }

    /// Watches `path`, whose content was read when it had `stamp` (taken before reading).
    init(path: String, stamp: Stamp?) {
        self.path = path
        lastStamp = Mutex(stamp)
    }

    /// The file's stamp now, nil when it cannot be looked at (removed, say).
    static func stamp(_ path: String) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return Stamp(modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.intValue,
                     inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue)
    }

    func poll() -> ExternalSourcePoll {
        let now = Self.stamp(path)
        let changed = lastStamp.withLock { last -> Bool in
            defer { last = now }
            return last != now
        }
        guard changed else { return .unchanged }
        guard now != nil else { return .unreadable("\(path) is gone; the records stay as they were read") }
        do {
            let bytes = try InputFile.read(path, role: "snapshot")
            return .changed(try Snapshot.decode(bytes, source: path))
        } catch {
            return .unreadable("\(path) changed on disk but cannot be read, kept as it was: \(error)")
        }
    }
}
