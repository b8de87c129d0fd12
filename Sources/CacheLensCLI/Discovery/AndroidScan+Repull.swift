import Foundation

extension AndroidScan {
    /// Pulls `cache` off its device again, with the `-wal` the device has now, and returns the
    /// cache as found now: its records, size and dates from the new copy. The new copy goes to
    /// a folder of its own: the earlier copy is still open (SQLite must never have a file it
    /// reads replaced under it, nor its `-wal` and `-shm` deleted), and is let go once the
    /// explorer opens the new one.
    static func repull(_ cache: FoundCache) throws(CommandError) -> FoundCache {
        guard let pull = cache.pull else {
            throw .discovery(message: "\(cache.path) was not pulled off a device")
        }
        let pulledAt = Int(Date().timeIntervalSince1970 * 1000)
        let scan = AndroidScan(adb: pull.adb, folder: Self.folder(of: cache, pull: pull) + "/pulled-\(pulledAt)")
        guard let files = try scan.remoteFiles(serial: pull.serial, package: pull.package) else {
            throw .discovery(message: "adb: run-as \(pull.package) is refused now (is the app still installed and debuggable?)")
        }
        guard let remote = files.first(where: { $0.file == pull.file }) else {
            throw .discovery(message: "\(pull.file) is no longer in \(pull.package)'s data on \(cache.device)")
        }
        let wal = files.first { $0.file == pull.file + "-wal" }
        let local = try Self.pull(pull, into: scan.folder, withWAL: wal != nil)
        guard let hit = ContainerScan.hit(at: local, relativePath: pull.file) else {
            throw .discovery(message: "\(pull.file) of \(pull.package) holds no Apollo cache any more")
        }
        var fresh = cache
        fresh.path = local
        fresh.format = hit.probe.format
        fresh.records = hit.probe.records
        fresh.bytes = hit.bytes
        fresh.modified = max(remote.modified, wal?.modified ?? remote.modified)
        return fresh
    }

    /// The folder the first pull wrote into: the copy's path without `/<serial>/<package>/<file>`.
    private static func folder(of cache: FoundCache, pull: AndroidPull) -> String {
        let tail = "/\(pull.serial)/\(pull.package)/\(pull.file)"
        return cache.path.hasSuffix(tail) ? String(cache.path.dropLast(tail.count)) : (cache.path as NSString).deletingLastPathComponent
    }
}
