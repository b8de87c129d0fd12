import ArgumentParser
import Foundation

/// Where `caches` (and `explore --app`) look: the simulators folder and the `adb` to ask, each
/// settable by option or environment variable (`CACHELENS_SIMULATORS`, `CACHELENS_ADB`), so
/// that a test can point them at a fake tree and a fake `adb`.
struct DiscoveryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The CoreSimulator devices folder (default: $CACHELENS_SIMULATORS, else ~/Library/Developer/CoreSimulator/Devices).",
                               valueName: "dir"))
    var simulators: String?

    @Option(help: ArgumentHelp("The adb to ask for Android devices (default: $CACHELENS_ADB, else adb on PATH when there is one); 'none' skips Android.",
                               valueName: "path"))
    var adb: String?

    /// What was searched, for the message when nothing is found.
    var searched: [String] {
        var places = ["simulators in \(simulatorRoot)"]
        do {
            places.append(try adbExecutable().map { "Android devices through \($0)" } ?? "no Android (no adb, or --adb none)")
        } catch {
            places.append("no Android (\(error))")
        }
        return places
    }

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    private var simulatorRoot: String {
        simulators ?? environment["CACHELENS_SIMULATORS"].flatMap { $0.isEmpty ? nil : $0 } ?? SimulatorScan.defaultRoot
    }

    /// The adb to run, nil to skip Android; a path asked for that is not there is an error.
    private func adbExecutable() throws(CommandError) -> String? {
        let asked = adb ?? environment["CACHELENS_ADB"].flatMap { $0.isEmpty ? nil : $0 }
        guard let asked else { return ProcessRunner.locate("adb") }
        if asked == "none" { return nil }
        guard let path = ProcessRunner.locate(asked) else {
            throw .discovery(message: "adb \(asked): not found or not executable (give --adb PATH, or --adb none to skip Android)")
        }
        return path
    }

    /// Every cache found: simulators, the `.xcappdata` bundles given, Android devices; booted
    /// devices first, then newest first.
    func find(bundles: [String] = []) throws(CommandError) -> [FoundCache] {
        var found = SimulatorScan.caches(root: simulatorRoot)
        for bundle in bundles {
            guard FileManager.default.fileExists(atPath: bundle) else { throw .noSuchFile(path: bundle, role: ".xcappdata bundle") }
            found += XcodeContainerScan.caches(bundle: bundle)
        }
        if let adb = try adbExecutable() {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cachelens-android").path
            found += try AndroidScan(adb: adb, folder: folder).caches()
        }
        return found.sorted(by: FoundCache.listOrder)
    }
}
