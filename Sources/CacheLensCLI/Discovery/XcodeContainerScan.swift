import Foundation

/// The caches in an `.xcappdata` bundle (Xcode's Devices window, "Download Container"): its
/// `AppData` folder holds the app's container as on the device; `AppDataInfo.plist` may name
/// the app, else the bundle's name does.
enum XcodeContainerScan {
    /// Every cache in the bundle at `path`.
    static func caches(bundle path: String) -> [FoundCache] {
        let bundle = URL(fileURLWithPath: path).standardizedFileURL.path
        let name = URL(fileURLWithPath: bundle).deletingPathExtension().lastPathComponent
        let info = SimulatorScan.readPlist(bundle + "/AppDataInfo.plist")
        let app = info?["CFBundleIdentifier"] as? String ?? name
        let folder = FileManager.default.fileExists(atPath: bundle + "/AppData") ? bundle + "/AppData" : bundle
        return ContainerScan.caches(under: folder).map { hit in
            FoundCache(source: .xcappdata, device: URL(fileURLWithPath: bundle).lastPathComponent, booted: false, app: app,
                       path: hit.path, file: hit.relativePath, format: hit.probe.format, records: hit.probe.records,
                       bytes: hit.bytes, modified: hit.modified)
        }
    }
}
