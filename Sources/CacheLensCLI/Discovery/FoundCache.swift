import Foundation
import GraphQLCache

/// One Apollo cache `cachelens caches` found: where it lives (a simulator, an Xcode container
/// download, an Android device), whose it is, and what the file holds.
struct FoundCache: Sendable, Equatable {
    enum Source: String, Sendable { case simulator, xcappdata, android }

    var source: Source
    /// `iPhone 15 (iOS 17.2)`, `Pixel 7 (emulator-5554)`, or the `.xcappdata` bundle's name.
    var device: String
    /// Whether the simulator is booted or the Android device is attached (listed first).
    var booted: Bool
    /// The bundle id, app group id or Android package.
    var app: String
    /// The file to open: on this machine, or the temporary copy of an Android file.
    var path: String
    /// The file as the app sees it: relative to its container or, on Android, to its data folder.
    var file: String
    var format: CacheFormat
    var records: Int
    var bytes: Int
    var modified: Date
    /// What pulls an Android file again (its device serial and package), nil elsewhere.
    var pull: AndroidPull?

    /// Booted devices first, then newest first; the path decides ties so the order is stable.
    static func listOrder(_ lhs: FoundCache, _ rhs: FoundCache) -> Bool {
        if lhs.booted != rhs.booted { return lhs.booted }
        if lhs.modified != rhs.modified { return lhs.modified > rhs.modified }
        return lhs.path < rhs.path
    }
}

/// Where an Android file came from, so that opening it can pull it again.
struct AndroidPull: Sendable, Equatable {
    var adb: String
    var serial: String
    var package: String
    /// Relative to the app's data folder: `databases/apollo.db`.
    var file: String
}
