import Foundation

/// A fake CoreSimulator tree and a fake `adb` (a shell script serving a folder per package), so
/// that cache discovery runs on Linux as it would against Xcode's simulators and a device.
public struct FakeDevices {
    public let root: String
    public var simulators: String { root + "/Devices" }
    public var adb: String { root + "/bin/adb" }
    /// The folder pulled copies go to (the child's TMPDIR).
    public var temporary: String { root + "/tmp" }
    /// The debuggable Android app's cache as the device holds it (the app writes it here).
    public var androidCache: String { root + "/android/emulator-5554/com.example.android/databases/apollo.db" }

    /// Two simulators (one booted), three apps and an app group, each holding one Apollo cache,
    /// beside files that are not caches; and one Android device with two packages, one of them
    /// not debuggable, the other with a cache whose last rows are only in its `-wal`.
    public init(in directory: TemporaryDirectory) throws {
        root = directory.path("fake")
        try makeSimulators()
        try makeAndroid()
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    }

    public static let bootedDevice = "iPhone 15 (iOS 17.2, booted)"
    public static let shutDownDevice = "iPad Air (iOS 18.0)"

    private func makeSimulators() throws {
        var dated: [(String, Int)] = []
        func file(_ path: String, age minutes: Int) throws -> String {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            dated.append((path, minutes))
            return path
        }
        defer {
            for (path, minutes) in dated where FileManager.default.fileExists(atPath: path) {
                try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -Double(minutes) * 60)], ofItemAtPath: path)
            }
        }
        let booted = simulators + "/1A2B-BOOTED"
        try plist(["name": "iPhone 15", "runtime": "com.apple.CoreSimulator.SimRuntime.iOS-17-2", "state": 3, "UDID": "1A2B-BOOTED"],
                  at: booted + "/device.plist", format: .xml)
        let app = try container(booted, "Data/Application/APP-1", id: "com.example.App", format: .binary)
        try ApolloFormatFiles.apolloIOS(at: file(app + "/Library/Caches/com.example.App/apollo.sqlite", age: 60))
        try SQLiteTestFile.run("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hi');",
                               at: file(app + "/Documents/notes.sqlite", age: 0))
        try SQLiteTestFile.run("CREATE TABLE Z_METADATA (Z_VERSION INTEGER, Z_UUID VARCHAR, Z_PLIST BLOB);"
            + "CREATE TABLE ZRECORDS (Z_PK INTEGER PRIMARY KEY, key TEXT, record TEXT);", at: file(app + "/Library/Model.sqlite", age: 0))
        try SQLiteTestFile.run("CREATE TABLE records (key TEXT, record TEXT); INSERT INTO records VALUES ('a', 'not json');",
                               at: file(app + "/Library/other-records.sqlite", age: 0))
        _ = FileManager.default.createFile(atPath: try file(app + "/Library/empty.sqlite", age: 0), contents: Data())
        let kmp = try container(booted, "Data/Application/APP-2", id: "com.example.Kmp", format: .xml)
        try ApolloFormatFiles.apolloKotlinNormalized(at: file(kmp + "/Library/Application Support/apollo.db", age: 30))
        let group = try container(booted, "Shared/AppGroup/GROUP-1", id: "group.com.example.shared", format: .binary)
        try ApolloFormatFiles.apolloKotlinClassic(at: file(group + "/Library/Caches/shared.sqlite", age: 120))

        let shutDown = simulators + "/9Z8Y-SHUTDOWN"
        try plist(["name": "iPad Air", "runtime": "com.apple.CoreSimulator.SimRuntime.iOS-18-0", "state": 1],
                  at: shutDown + "/device.plist", format: .binary)
        let other = try container(shutDown, "Data/Application/APP-3", id: "com.example.Other", format: .xml)
        try ApolloFormatFiles.apolloIOS(at: file(other + "/Library/Caches/apollo.sqlite", age: 10))
    }

    private func makeAndroid() throws {
        let device = root + "/android/emulator-5554"
        let debuggable = device + "/com.example.android"
        try FileManager.default.createDirectory(atPath: debuggable + "/databases", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: debuggable + "/.debuggable", contents: Data())
        let scratch = root + "/scratch.db"
        try SQLiteTestFile.copyWithWAL(setup: SQLiteTestFile.apolloDDL, walSQL: """
            INSERT INTO records (key, record) VALUES ('QUERY_ROOT', '{"me":{"$reference":"User:1"}}');
            INSERT INTO records (key, record) VALUES ('User:1', '{"__typename":"User","id":"1"}');
            """, at: scratch, to: debuggable + "/databases/apollo.db")
        try FileManager.default.createDirectory(atPath: debuggable + "/cache/http", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: debuggable + "/cache/http/response.0", contents: Data("SQLite format 3\u{0}".utf8))
        let release = device + "/com.example.release/databases"
        try FileManager.default.createDirectory(atPath: release, withIntermediateDirectories: true)
        try ApolloFormatFiles.apolloIOS(at: release + "/apollo.db")
        try writeAdb(serving: root + "/android")
    }

    private func writeAdb(serving folder: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            ROOT='\(folder)'
            if [ "$1" = devices ]; then
              printf 'List of devices attached\\nemulator-5554          device product:sdk_gphone64 model:Pixel_7 device:emu64a transport_id:1\\n\\n'
              exit 0
            fi
            [ "$1" = -s ] || { echo "fake adb: unexpected $*" >&2; exit 2; }
            SERIAL="$2"; shift 3
            CMD="$*"
            case "$CMD" in
              "pm list packages -3") for p in "$ROOT/$SERIAL"/*; do echo "package:$(basename "$p")"; done ;;
              run-as\\ *)
                PKG=$(echo "$CMD" | cut -d' ' -f2)
                REST=${CMD#run-as $PKG }
                if [ ! -f "$ROOT/$SERIAL/$PKG/.debuggable" ]; then echo "run-as: package not debuggable: $PKG"; exit 1; fi
                cd "$ROOT/$SERIAL/$PKG" && eval "$REST" 2>/dev/null ;;
              *) echo "fake adb: unexpected $CMD" >&2; exit 2 ;;
            esac
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: adb))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: adb)
    }

    /// An app or group container with its metadata plist; returns its path.
    private func container(_ device: String, _ relative: String, id: String,
                           format: PropertyListSerialization.PropertyListFormat) throws -> String {
        let path = device + "/data/Containers/" + relative
        try plist(["MCMMetadataIdentifier": id, "MCMMetadataContentClass": 2],
                  at: path + "/.com.apple.mobile_container_manager.metadata.plist", format: format)
        return path
    }

    private func plist(_ object: [String: Any], at path: String, format: PropertyListSerialization.PropertyListFormat) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0).write(to: URL(fileURLWithPath: path))
    }
}
