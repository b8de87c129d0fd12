import CacheTestSupport
import Foundation
import GraphQLCache
import Testing
@testable import CacheLensCLI

/// The one way `cachelens` opens a cache: snapshots in memory, SQLite files on disk, and a
/// missing or 0-byte path made a cache only when the command may create one.
@Suite struct CacheFileTests {
    private func thrown(_ body: () throws -> Void) -> CommandError? {
        do { try body() } catch let error as CommandError { return error } catch { return nil }
        return nil
    }

    private func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    @Test func aMissingPathIsRefusedWithoutCreationAndNotMade() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("absent.sqlite")
        #expect(thrown { _ = try CacheFile.open(path, readOnly: false) } == .noSuchCache(path: path))
        #expect(thrown { _ = try CacheFile.open(path, readOnly: true) } == .noSuchFile(path: path, role: "cache"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(CommandError.noSuchCache(path: path).description.contains("--create"))
    }

    @Test func aMissingPathBecomesACacheWhenCreationIsAllowed() throws {
        let directory = try TemporaryDirectory()
        for (name, creation) in [("missing.sqlite", CacheFile.Creation.whenMissing), ("created.sqlite", .allowed)] {
            let file = try CacheFile.open(directory.path(name), readOnly: false, create: creation)
            #expect(file.sqlite != nil && !file.isSnapshot)
            #expect(try file.cache.recordCount() == 0)
        }
    }

    @Test func aZeroByteFileIsRefusedUnlessCreateIsGivenAndStaysEmpty() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(thrown { _ = try CacheFile.open(path, readOnly: false) } == .emptyCacheFile(path: path, creatable: true))
        #expect(thrown { _ = try CacheFile.open(path, readOnly: false, create: .whenMissing) } == .emptyCacheFile(path: path, creatable: true))
        #expect(thrown { _ = try CacheFile.open(path, readOnly: true) } == .emptyCacheFile(path: path, creatable: false))
        #expect(size(path) == 0)
        let created = try CacheFile.open(path, readOnly: false, create: .allowed)
        try created.cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
        #expect(try CacheFile.open(path, readOnly: true).cache.loadRecord(forKey: "A")?["x"] == .int(1))
    }

    @Test func aSQLiteDatabaseWithoutTablesIsNotWrittenIntoUnlessCreateIsGiven() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tableless.sqlite")
        // Another program's database that holds no table yet: SQLite has written its header.
        try SQLiteTestFile.run("PRAGMA user_version = 7; CREATE TABLE t (x); DROP TABLE t", at: path)
        let tables = #"SELECT count(*) FROM sqlite_master"#
        #expect(thrown { _ = try CacheFile.open(path, readOnly: false) } == .tablelessDatabase(path: path))
        #expect(thrown { _ = try CacheFile.open(path, readOnly: false, create: .whenMissing) } == .tablelessDatabase(path: path))
        #expect(CommandError.tablelessDatabase(path: path).description.contains("--create"))
        guard case .cache(_, let message)? = thrown({ _ = try CacheFile.open(path, readOnly: true) }) else {
            Issue.record("a read-only open of a database without tables was not a cache error")
            return
        }
        #expect(message.contains("SQLite database without tables"))
        #expect(try SQLiteTestFile.scalar(tables, at: path) == "0")
        let created = try CacheFile.open(path, readOnly: false, create: .allowed)
        try created.cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
        #expect(try CacheFile.open(path, readOnly: true).cache.loadRecord(forKey: "A")?["x"] == .int(1))
        #expect(try SQLiteTestFile.scalar("PRAGMA user_version", at: path) == "7")
    }

    @Test func aSnapshotOpensInMemoryAndChangesAreNotWrittenBack() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("snapshot.json")
        let text = #"{"Droid:2001":{"name":"R2-D2"}}"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let file = try CacheFile.open(path, readOnly: false)
        #expect(file.isSnapshot && file.name == "snapshot.json")
        #expect(try file.cache.loadRecord(forKey: "Droid:2001")?["name"] == .string("R2-D2"))
        try file.cache.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")])]))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test func aBadSnapshotNamesTheFileLineAndColumn() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bad.json")
        try "{\n  \"A\": {\"x\": nope}\n}".write(toFile: path, atomically: true, encoding: .utf8)
        let error = thrown { _ = try CacheFile.open(path, readOnly: true) }
        guard case .invalidContent(let file, let role, let message)? = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(file == path && role == "snapshot")
        #expect(message.hasPrefix("\(path):2:"), "\(message)")
    }

    @Test func aFileThatIsNotSQLiteIsACacheErrorNamingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("text.sqlite")
        try "hello, not a database".write(toFile: path, atomically: true, encoding: .utf8)
        let error = thrown { _ = try CacheFile.open(path, readOnly: false) }
        guard case .cache(let file, let message)? = error else {
            Issue.record("expected cache, got \(String(describing: error))")
            return
        }
        #expect(file == path && message.contains(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello, not a database")
    }

    /// A SQLite cache given a name ending in `.json` (a copy renamed by mistake) is read as a
    /// snapshot; the error says it is a SQLite database and what to do, not only "not JSON".
    @Test func aSQLiteFileNamedJSONIsNamedASQLiteDatabase() throws {
        let directory = try TemporaryDirectory()
        let sqlite = directory.path("app.sqlite")
        _ = try CacheFile.open(sqlite, readOnly: false, create: .allowed)
        let renamed = directory.path("app.json")
        try FileManager.default.copyItem(atPath: sqlite, toPath: renamed)
        let error = thrown { _ = try CacheFile.open(renamed, readOnly: true) }
        guard case .invalidContent(let file, let role, let message)? = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(file == renamed && role == "snapshot")
        #expect(message == "\(renamed): a SQLite database, not a JSON snapshot (a path ending in .json is read as a snapshot); give it a name ending in .sqlite")
    }
}
