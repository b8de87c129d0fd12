import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// Journals written and read back: entries with before/after values, paging across the index
/// stride, newest first, appends seen by `refresh`, and journals that do not match the cache.
@Suite struct JournalTests {
    static func digest(_ text: String) -> CacheDigest {
        var digest = CacheDigest()
        digest.add(key: "A", json: Array(text.utf8))
        return digest
    }

    static let delta = RecordDelta(key: "Human:1000", kind: .changed, typename: "Human", fields: [
        FieldDelta(field: "friend", before: .reference("Human:1002"), after: .reference("Human:1003")),
        FieldDelta(field: "name", before: .string("Luke"), after: .string("Luke S.")),
        FieldDelta(field: "nick", before: .null, after: nil),
    ])

    @Test func entriesReadBackWithTheirValues() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("j.jsonl")
        let writer = try JournalWriter(path: path, cachePath: directory.path("c.sqlite"), digest: Self.digest("0"))
        let time = Date(timeIntervalSince1970: 1_790_000_000.25)
        try writer.append(origin: "external", records: [Self.delta], digest: Self.digest("1"), time: time)
        let reader = try JournalReader(path: path)
        #expect(reader.entryCount == 1)
        let entry = try #require(try reader.entries(0..<1).first)
        #expect(entry == JournalEntry(sequence: 1, time: time, origin: "external", records: [Self.delta],
                                      digestBefore: Self.digest("0"), digestAfter: Self.digest("1")))
        #expect(reader.lastDigest == Self.digest("1"))
        #expect(reader.header.cache == JournalReader.canonicalPath(directory.path("c.sqlite")))
    }

    /// A record whose before was not seen (another process replaced a row nobody had read) says
    /// so in its line, and reads back so; a line written before the marker existed still reads,
    /// as a record whose before is known.
    @Test func aRecordWhoseBeforeWasNotSeenRoundTripsAndOldLinesStillRead() throws {
        let unseen = RecordDelta(key: "Item:9", kind: .changed, typename: "Item",
                                 fields: [FieldDelta(field: "name", before: nil, after: .string("nine"))], beforeUnknown: true)
        let entry = JournalEntry(sequence: 3, time: Date(timeIntervalSince1970: 1_790_000_000.5), origin: "external",
                                 records: [Self.delta, unseen], digestBefore: Self.digest("0"), digestAfter: Self.digest("1"))
        let line = JournalCodec.encode(.entry(entry))
        #expect(String(decoding: line, as: UTF8.self).contains(#""beforeUnknown":true"#))
        #expect(String(decoding: line, as: UTF8.self).components(separatedBy: "beforeUnknown").count == 2, "only where true")
        #expect(try JournalCodec.decode(line.dropLast(), number: 1) == .entry(entry))
        let old = #"{"kind":"entry","seq":1,"time":"2026-11-26T17:20:04.512Z","origin":"external","records":[{"key":"Item:9","change":"changed","typename":"Item","fields":{"name":{"before":"9","after":"nine"}}}],"before":"0000000000000000","beforeRecords":0,"after":"0000000000000001","afterRecords":1}"#
        guard case .entry(let read) = try JournalCodec.decode(Array(old.utf8), number: 1) else { Issue.record("not an entry"); return }
        #expect(read.records.first?.beforeUnknown == false)
        #expect(read.records.first?.fields == [FieldDelta(field: "name", before: .string("9"), after: .string("nine"))])
    }

    @Test func pagesAcrossTheIndexStrideNewestFirst() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("j.jsonl")
        let writer = try JournalWriter(path: path, cachePath: "c.sqlite", digest: Self.digest("0"))
        let count = JournalReader.stride * 2 + 10
        for number in 1...count {
            try writer.append(origin: "edit \(number)", records: [], digest: Self.digest("\(number)"))
        }
        let reader = try JournalReader(path: path)
        #expect(reader.entryCount == count)
        #expect(try reader.entries(250..<260).map(\.sequence) == Array(251...260))
        #expect(try reader.newestFirst(offset: 0, limit: 3).map(\.origin) == ["edit \(count)", "edit \(count - 1)", "edit \(count - 2)"])
        #expect(try reader.newestFirst(offset: count - 1, limit: 5).map(\.sequence) == [1])
        #expect(try reader.entries(count..<count + 5).isEmpty)
    }

    @Test func refreshSeesAppendsAndIgnoresAHalfWrittenLine() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("j.jsonl")
        let writer = try JournalWriter(path: path, cachePath: "c.sqlite", digest: Self.digest("0"))
        let reader = try JournalReader(path: path)
        #expect(reader.entryCount == 0)
        try writer.append(origin: "external", records: [Self.delta], digest: Self.digest("1"))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Array(#"{"kind":"entry","seq":2"#.utf8))
        try handle.close()
        try reader.refresh()
        #expect(reader.entryCount == 1)
        #expect(reader.lastDigest == Self.digest("1"))
    }

    @Test func reopeningAfterTheCacheChangedWritesAGap() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("j.jsonl"), cache = directory.path("c.sqlite")
        let first = try JournalWriter(path: path, cachePath: cache, digest: Self.digest("0"))
        try first.append(origin: "external", records: [], digest: Self.digest("1"))
        let again = try JournalWriter(path: path, cachePath: cache, digest: Self.digest("1"))
        #expect(again.gap == nil)
        let later = try JournalWriter(path: path, cachePath: cache, digest: Self.digest("5"))
        #expect(later.gap?.afterEntries == 1)
        try later.append(origin: "external", records: [], digest: Self.digest("6"))
        let reader = try JournalReader(path: path)
        #expect(reader.entryCount == 2)
        #expect(try reader.entries(0..<2).map(\.sequence) == [1, 2])
        #expect(reader.problems(cachePath: cache, digest: Self.digest("6")) == [.gap(afterEntries: 1)])
    }

    @Test func aJournalOfAnotherCacheIsRefusedAndReported() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("j.jsonl")
        _ = try JournalWriter(path: path, cachePath: directory.path("app.sqlite"), digest: Self.digest("0"))
        #expect(throws: GraphQLCacheError.self) {
            _ = try JournalWriter(path: path, cachePath: directory.path("other.sqlite"), digest: Self.digest("9"))
        }
        let reader = try JournalReader(path: path)
        #expect(reader.problems(cachePath: directory.path("other.sqlite"), digest: Self.digest("9"))
            == [.otherCache(recorded: JournalReader.canonicalPath(directory.path("app.sqlite")), given: directory.path("other.sqlite"))])
        // A copy with the same content is the same history.
        #expect(reader.problems(cachePath: directory.path("copy.sqlite"), digest: Self.digest("0")).isEmpty)
        #expect(reader.problems(cachePath: directory.path("app.sqlite"), digest: Self.digest("3"))
            == [.cacheChangedSinceLastEntry(entries: 0)])
    }

    @Test func aFileThatIsNotAJournalIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("j.jsonl")
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: GraphQLCacheError.self) { _ = try JournalReader(path: path) }
    }
}
