import CacheTestSupport
import Foundation
import Testing

/// The bundled themes (`--theme light`, …) are found beside the package's `sample-data/`,
/// wherever the command is run from.
@Suite struct BundledThemeTests {
    /// A working directory holding a `sample-data/` of its own (a copy of the sample schema, as a
    /// user who copied the sample has) but no `themes/`: `--theme light` is still the bundled
    /// theme, found beside the package's `sample-data/`, not an "unknown theme".
    @Test func aBundledThemeIsFoundFromADirectoryWithItsOwnSampleData() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.path("sample-data")
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackageFiles.sample("starwars.graphqls"), toPath: copy + "/starwars.graphqls")
        let result = try CacheLensProcess.run(["explore", PackageFiles.sample("sample-cache.json"), "--theme", "light"],
                                              directory: directory.url.path)
        #expect(!result.stderr.contains("unknown theme"), "\(result.stderr)")
        #expect(result.status == 2, "no terminal, after the theme was found: \(result.stderr)")
        #expect(result.stderr.contains("explore needs a terminal"))
    }

    /// A theme name that is not bundled anywhere is still refused by name, exit status 1.
    @Test func anUnknownThemeIsStillRefused() throws {
        let result = try CacheLensProcess.run(["explore", PackageFiles.sample("sample-cache.json"), "--theme", "nope"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--theme nope: unknown theme"))
    }
}
