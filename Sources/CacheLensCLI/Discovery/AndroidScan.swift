import Foundation

/// The Apollo caches of debuggable Android apps, through `adb`: `adb devices -l` lists the
/// attached devices; `pm list packages -3` their installed apps; `run-as PKG` (which works for
/// debuggable packages only) lists the files in `databases/`, `cache/` and `no_backup/`; each
/// candidate is pulled with `adb exec-out run-as PKG cat FILE` into a temporary copy, its `-wal`
/// beside it when there is one (so the copy sees every committed transaction), and probed.
struct AndroidScan {
    /// The `adb` executable.
    let adb: String
    /// Where pulled copies go: `<folder>/<serial>/<package>/<file>`.
    let folder: String

    /// The folders searched in an app's data folder.
    static let dataFolders = ["databases", "cache", "no_backup"]

    /// A file on the device: path relative to the app's data folder, size and mtime.
    struct RemoteFile {
        var file: String
        var bytes: Int
        var modified: Date
    }

    /// Every cache on every attached device.
    func caches() throws(CommandError) -> [FoundCache] {
        var found: [FoundCache] = []
        for (serial, model) in try devices() {
            for package in try packages(serial) {
                found += try caches(serial: serial, device: "\(model) (\(serial))", package: package)
            }
        }
        return found
    }

    /// `serial device product:… model:Pixel_7 …` lines of devices ready for commands.
    func devices() throws(CommandError) -> [(serial: String, model: String)] {
        let output = try ProcessRunner.run(adb, ["devices", "-l"])
        guard output.status == 0 else { throw Self.adbFailed("adb devices", output) }
        return output.text.split(separator: "\n").compactMap { line -> (serial: String, model: String)? in
            let words = line.split(separator: " ", omittingEmptySubsequences: true).flatMap { $0.split(separator: "\t") }
            guard words.count >= 2, words[1] == "device" else { return nil }
            let model = words.first { $0.hasPrefix("model:") }.map { $0.dropFirst(6).replacingOccurrences(of: "_", with: " ") }
            return (String(words[0]), model ?? String(words[0]))
        }
    }

    private func packages(_ serial: String) throws(CommandError) -> [String] {
        let output = try ProcessRunner.run(adb, ["-s", serial, "shell", "pm list packages -3"])
        guard output.status == 0 else { throw Self.adbFailed("pm list packages", output) }
        return output.text.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            return text.hasPrefix("package:") ? String(text.dropFirst(8)) : nil
        }.sorted()
    }

    /// The package's caches; none when `run-as` refuses it (not debuggable).
    private func caches(serial: String, device: String, package: String) throws(CommandError) -> [FoundCache] {
        guard let files = try remoteFiles(serial: serial, package: package) else { return [] }
        let names = Set(files.map(\.file))
        var found: [FoundCache] = []
        for remote in files where Self.isCandidate(remote.file) {
            let pull = AndroidPull(adb: adb, serial: serial, package: package, file: remote.file)
            let local = try Self.pull(pull, into: folder, withWAL: names.contains(remote.file + "-wal"))
            guard let hit = ContainerScan.hit(at: local, relativePath: remote.file) else { continue }
            let walModified = files.first { $0.file == remote.file + "-wal" }?.modified
            found.append(FoundCache(source: .android, device: device, booted: true, app: package, path: local,
                                    file: remote.file, format: hit.probe.format, records: hit.probe.records,
                                    bytes: hit.bytes, modified: max(remote.modified, walModified ?? remote.modified), pull: pull))
        }
        return found
    }

    /// `find … -exec stat -c '%Y %s %n'` run as the package; nil when `run-as` fails.
    func remoteFiles(serial: String, package: String) throws(CommandError) -> [RemoteFile]? {
        let command = "run-as \(package) find \(Self.dataFolders.joined(separator: " ")) -type f -exec stat -c '%Y %s %n' {} +"
        let output = try ProcessRunner.run(adb, ["-s", serial, "shell", command])
        if output.text.hasPrefix("run-as:") || output.standardError.contains("run-as:") { return nil }
        return output.text.split(separator: "\n").compactMap { line -> RemoteFile? in
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let seconds = Double(parts[0]), let size = Int(parts[1]) else { return nil }
            return RemoteFile(file: String(parts[2]), bytes: size, modified: Date(timeIntervalSince1970: seconds))
        }
    }

    /// Every non-empty file of `databases/`; elsewhere only database-like names, so that an
    /// app's HTTP or image cache is not copied off the device.
    static func isCandidate(_ file: String) -> Bool {
        if ["-wal", "-shm", "-journal"].contains(where: file.hasSuffix) { return false }
        if file.hasPrefix("databases/") { return true }
        return [".db", ".sqlite", ".sqlite3"].contains(where: file.lowercased().hasSuffix)
    }

    /// Copies the file (and its `-wal`) off the device; returns the local copy's path.
    static func pull(_ pull: AndroidPull, into folder: String, withWAL: Bool) throws(CommandError) -> String {
        let local = "\(folder)/\(pull.serial)/\(pull.package)/\(pull.file)"
        let directory = (local as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(target: directory, reason: error.localizedDescription)
        }
        for suffix in withWAL ? ["", "-wal"] : [""] {
            let quoted = "'" + (pull.file + suffix).replacingOccurrences(of: "'", with: "'\\''") + "'"
            let output = try ProcessRunner.run(pull.adb, ["-s", pull.serial, "exec-out", "run-as \(pull.package) cat \(quoted)"])
            guard output.status == 0 else { throw Self.adbFailed("pulling \(pull.file)\(suffix) of \(pull.package)", output) }
            do { try output.standardOutput.write(to: URL(fileURLWithPath: local + suffix)) } catch {
                throw .cannotWrite(target: local + suffix, reason: error.localizedDescription)
            }
        }
        // A stale -wal or -shm from an earlier pull must not be applied to the new copy.
        if !withWAL { try? FileManager.default.removeItem(atPath: local + "-wal") }
        try? FileManager.default.removeItem(atPath: local + "-shm")
        return local
    }

    private static func adbFailed(_ what: String, _ output: ProcessRunner.Output) -> CommandError {
        let message = output.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        return .discovery(message: "adb: \(what) failed (status \(output.status))" + (message.isEmpty ? "" : ": \(message)"))
    }
}
