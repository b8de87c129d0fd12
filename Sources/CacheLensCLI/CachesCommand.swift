import ArgumentParser

/// `cachelens caches`: every Apollo cache on this machine's simulators, in the `.xcappdata`
/// bundles given and on attached Android devices, so a user need not know where an app keeps
/// its cache. The numbers it prints open a cache: `cachelens explore N`.
struct CachesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caches",
        abstract: "List every Apollo cache on iOS simulators, in .xcappdata bundles and on Android devices (adb).",
        discussion: "Booted devices first, then newest first. `cachelens explore N` or `cachelens explore --app ID` opens one."
    )

    @Argument(help: ArgumentHelp("Xcode container downloads (.xcappdata) to search too.", valueName: "bundle"))
    var bundles: [String] = []

    @Flag(help: "Print JSON: one object a cache (number, device, app, file, path, format, records, bytes, modified).")
    var json = false

    @OptionGroup(title: "Where to look")
    var discovery: DiscoveryOptions

    func run() throws {
        let found = try discovery.find(bundles: bundles)
        if json {
            try StandardOutput.write(CacheListing.json(found))
        } else if found.isEmpty {
            try StandardOutput.write("no Apollo caches found (searched \(discovery.searched.joined(separator: "; ")))\n")
        } else {
            try StandardOutput.write(CacheListing.text(found))
        }
    }
}
