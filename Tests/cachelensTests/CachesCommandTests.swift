import CacheTestSupport
import Foundation
import Testing

/// `cachelens caches` against a fake CoreSimulator tree and a fake `adb` on the child's PATH:
/// exactly the Apollo caches are listed, named by device and app, booted devices first and then
/// newest first; a pulled Android file sees what its `-wal` committed.
@Suite struct CachesCommandTests {
    private static func run(_ fake: FakeDevices, _ arguments: [String], adbOnPath: Bool = false) throws
        -> (stdout: String, stderr: String, status: Int32) {
        var environment = ["TMPDIR": fake.temporary, "CACHELENS_SIMULATORS": fake.simulators]
        if adbOnPath {
            environment["PATH"] = (fake.adb as NSString).deletingLastPathComponent + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        } else {
            environment["CACHELENS_ADB"] = "none"
        }
        return try CacheLensProcess.run(arguments, environment: environment)
    }

    @Test func listsExactlyTheApolloCachesBootedFirstThenNewest() throws {
        let directory = try TemporaryDirectory()
        let fake = try FakeDevices(in: directory)
        let result = try Self.run(fake, ["caches"], adbOnPath: true)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let expected: [(String, String, String, String)] = [
            ("Pixel 7 (emulator-5554)", "com.example.android", "Apollo iOS", "databases/apollo.db"),
            (FakeDevices.bootedDevice, "com.example.Kmp", "Apollo Kotlin normalized cache 1.0", "Library/Application Support/apollo.db"),
            (FakeDevices.bootedDevice, "com.example.App", "Apollo iOS", "Library/Caches/com.example.App/apollo.sqlite"),
            (FakeDevices.bootedDevice, "group.com.example.shared", "Apollo Kotlin (classic SQLite)", "Library/Caches/shared.sqlite"),
            (FakeDevices.shutDownDevice, "com.example.Other", "Apollo iOS", "Library/Caches/apollo.sqlite"),
        ]
        #expect(lines.count == expected.count, "\(result.stdout)")
        for (index, (line, want)) in zip(lines, expected).enumerated() {
            #expect(line.hasPrefix("\(index + 1) "), "\(line)")
            for part in [want.0, want.1, want.2] { #expect(line.contains("  \(part)  "), "\(part) missing in: \(line)") }
            #expect(line.hasSuffix(want.3), "\(line)")
        }
        for absent in ["notes.sqlite", "Model.sqlite", "other-records", "empty.sqlite", "com.example.release", "response.0"] {
            #expect(!result.stdout.contains(absent), "\(absent) listed:\n\(result.stdout)")
        }
    }

    @Test func aPulledFileWithAWALSeesItsCommittedRows() throws {
        let directory = try TemporaryDirectory()
        let fake = try FakeDevices(in: directory)
        let result = try Self.run(fake, ["caches", "--json", "--adb", fake.adb])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let android = try #require(objects.first { $0["source"] as? String == "android" })
        #expect(android["records"] as? Int == 2)
        #expect(android["app"] as? String == "com.example.android")
        let path = try #require(android["path"] as? String)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let dump = try CacheLensProcess.run(["dump", path])
        #expect(dump.stdout.contains("User:1"), "\(dump.stdout)\(dump.stderr)")
        #expect(objects.map { $0["number"] as? Int } == Array(1...5))
        #expect(objects.compactMap { $0["format"] as? String }.sorted()
            == ["apollo-ios", "apollo-ios", "apollo-ios", "apollo-kotlin", "apollo-kotlin-normalized-1.0"])
    }

    @Test func simulatorsOptionAndXcappdataBundles() throws {
        let directory = try TemporaryDirectory()
        let bundle = directory.path("Example 2026-11-26.xcappdata")
        let data = bundle + "/AppData/Library/Caches"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try ApolloFormatFiles.apolloIOS(at: data + "/cache.sqlite")
        let result = try CacheLensProcess.run(["caches", "--simulators", directory.path("none"), "--adb", "none", bundle])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.hasPrefix("1  Example 2026-11-26.xcappdata  Example 2026-11-26  Apollo iOS  5 records"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("  Library/Caches/cache.sqlite\n"), "\(result.stdout)")
    }

    @Test func nothingFoundSaysWhereItLooked() throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["caches", "--simulators", directory.path("none"), "--adb", "none"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("no Apollo caches found (searched simulators in \(directory.path("none"))"), "\(result.stdout)")
    }

    @Test func severalMatchesAreListedWithTheirNumbers() throws {
        let directory = try TemporaryDirectory()
        let fake = try FakeDevices(in: directory)
        let result = try Self.run(fake, ["explore", "--app", "example"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("4 caches found for app example; open one by its number"), "\(result.stderr)")
        #expect(result.stderr.contains("  4  iPad Air (iOS 18.0)  com.example.Other"), "\(result.stderr)")
        let none = try Self.run(fake, ["explore", "--app", "org.nothing"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no Apollo cache found for app org.nothing"), "\(none.stderr)")
    }
}
