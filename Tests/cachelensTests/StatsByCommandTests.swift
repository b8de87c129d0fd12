import CacheTestSupport
import Foundation
import Testing

/// `cachelens stats --by` through the real binary: bytes and records per group, the largest
/// records and the argument variants of root fields, on SQLite files and snapshots alike.
@Suite struct StatsByCommandTests {
    static let rows = [
        ("QUERY_ROOT", #"{"hero(episode:JEDI)":{"$reference":"Droid:2001"},"hero(episode:EMPIRE)":{"$reference":"Human:1000"},"hero(episode:NEWHOPE)":{"$reference":"Droid:2001"},"search(text:x)":[]}"#),
        ("Droid:2001", #"{"__typename":"Droid","name":"R2-D2"}"#),
        ("Human:1000", #"{"__typename":"Human","name":"Luke"}"#),
        ("Human:1002", #"{"__typename":"Human","name":"Han"}"#),
    ]

    @Test func byTypenameListsBytesRecordsAndVariants() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: Self.rows)
        let result = try CacheLensProcess.run(["stats", path, "--by", "typename", "--top", "2"])
        #expect(result.status == 0)
        let human = Self.rows[2...3].map { $0.0.utf8.count + $0.1.utf8.count }.reduce(0, +)
        #expect(result.stdout.contains("by typename (bytes, records, group):\n"))
        #expect(result.stdout.contains("  \(human)\t2\tHuman\n"))
        #expect(result.stdout.contains("argument variants stored per root field:\n  hero(episode:*): 3\n  search(text:*): 1\n"))
        #expect(result.stdout.contains("largest records (bytes, key):\n  \(Self.rows[0].0.utf8.count + Self.rows[0].1.utf8.count)\tQUERY_ROOT\n"))
    }

    @Test func byRootAndByFieldOnASnapshot() throws {
        let directory = try TemporaryDirectory()
        let sqlite = directory.path("c.sqlite"), snapshot = directory.path("c.json")
        try SQLiteTestFile.apolloFile(at: sqlite, rows: Self.rows)
        #expect(try CacheLensProcess.run(["export", sqlite, snapshot]).status == 0)
        let root = try CacheLensProcess.run(["stats", snapshot, "--by", "root"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("\t2\thero\n"))
        #expect(root.stdout.contains("\t1\t(unreachable)\n"))
        let field = try CacheLensProcess.run(["stats", snapshot, "--by", "field"])
        #expect(field.stdout.contains("\t2\tHuman.name\n"))
        #expect(field.stdout.contains("\t3\tQUERY_ROOT.hero\n"))
        #expect(try CacheLensProcess.run(["stats", snapshot, "--by", "colour"]).status != 0)
    }
}
