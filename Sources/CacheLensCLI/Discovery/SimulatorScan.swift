import Foundation

/// The Apollo caches of iOS Simulator apps: `Devices/<UDID>/device.plist` names the simulator,
/// its runtime and state; each app data container (`data/Containers/Data/Application/<UUID>`)
/// and app group container (`data/Containers/Shared/AppGroup/<UUID>`) is named by the
/// `MCMMetadataIdentifier` of its `.com.apple.mobile_container_manager.metadata.plist`. Plists
/// may be binary or XML; Foundation's `PropertyListSerialization` reads both.
enum SimulatorScan {
    /// Where Xcode keeps simulators for the current user.
    static var defaultRoot: String {
        FileManager.default.homeDirectoryForCurrentUser.path + "/Library/Developer/CoreSimulator/Devices"
    }

    private static let containerFolders = ["data/Containers/Data/Application", "data/Containers/Shared/AppGroup"]
    private static let metadataFile = ".com.apple.mobile_container_manager.metadata.plist"
    /// CoreSimulator's `state` for a booted device.
    private static let bootedState = 3

    /// Every cache of every simulator under `root` (a missing root holds none).
    static func caches(root: String) -> [FoundCache] {
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return devices.sorted().flatMap { caches(device: root + "/" + $0) }
    }

    private static func caches(device folder: String) -> [FoundCache] {
        guard let plist = readPlist(folder + "/device.plist") else { return [] }
        let name = plist["name"] as? String ?? URL(fileURLWithPath: folder).lastPathComponent
        let runtime = (plist["runtime"] as? String).map(runtimeName)
        let device = runtime.map { "\(name) (\($0))" } ?? name
        let booted = (plist["state"] as? Int) == bootedState
        var found: [FoundCache] = []
        for containers in containerFolders {
            let parent = folder + "/" + containers
            for container in ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).sorted() {
                let path = parent + "/" + container
                let app = readPlist(path + "/" + metadataFile)?["MCMMetadataIdentifier"] as? String ?? container
                found += ContainerScan.caches(under: path).map { hit in
                    FoundCache(source: .simulator, device: device, booted: booted, app: app, path: hit.path,
                               file: hit.relativePath, format: hit.probe.format, records: hit.probe.records,
                               bytes: hit.bytes, modified: hit.modified)
                }
            }
        }
        return found
    }

    /// `com.apple.CoreSimulator.SimRuntime.iOS-17-2` → `iOS 17.2`.
    static func runtimeName(_ identifier: String) -> String {
        let last = identifier.split(separator: ".").last.map(String.init) ?? identifier
        guard let dash = last.firstIndex(of: "-") else { return last }
        return String(last[..<dash]) + " " + last[last.index(after: dash)...].replacingOccurrences(of: "-", with: ".")
    }

    /// A property list's top-level dictionary, binary or XML; nil when absent or unreadable.
    static func readPlist(_ path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any]
    }
}
