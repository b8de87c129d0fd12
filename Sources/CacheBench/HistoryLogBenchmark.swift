import CacheExplorer
import Foundation
import GraphQLCache

/// The explorer's write log opening on a journal of `explorerRecords` entries (a million at
/// full scale): attaching the journal (indexing it: every 256th entry's offset) and drawing the
/// log's first page, beside the floor of reading the file once and counting its lines. Memory
/// stays at the index and a page, whatever the journal's length.
enum HistoryLogBenchmark {
    static func figure(context: BenchmarkContext) throws -> BenchmarkFigure {
        let entries = context.scale.explorerRecords
        let journal = context.freshFile("history-log-\(entries).journal")
        defer { context.removeFile(journal) }
        let records = [Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
                       Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2")])]
        var digest = CacheDigest()
        for record in records { digest.add(key: record.key, json: RecordJSON.encode(record.fields)) }
        try writeJournal(journal, entries: entries, digest: digest)
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in StoreBackend(cache: InMemoryNormalizedCache(records: RecordSet(records: records)), sourceName: "bench") },
            subject: { backend in
                guard let log = backend.writeLog else { throw BenchmarkError("no write log") }
                try log.attachJournal(path: journal, cachePath: "bench-cache")
                var explorer = Explorer(backend: backend, size: Size(width: 120, height: 40))
                explorer.send(.keyPressed(explorer.keyMap.keys(of: .writeLog)[0]))
                guard explorer.render().text.contains("#\(entries)") else { throw BenchmarkError("the log does not show the newest entry") }
            },
            setUpFloor: { _ in },
            floor: { _ in _ = try countLines(journal) })
        return .milliseconds("log opens on a \(entries)-entry journal (floor: reading the file once)", compared)
    }

    /// A journal of `entries` one-field edits of `Droid:2001.name`, whose digests all match a
    /// cache with `digest` (the benchmark's cache does not change).
    private static func writeJournal(_ path: String, entries: Int, digest: CacheDigest) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw BenchmarkError("cannot write \(path)")
        }
        defer { try? handle.close() }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var chunk = JournalCodec.encode(.header(JournalHeader(cache: "bench-cache", time: start, digest: digest)))
        for sequence in 1...max(entries, 1) {
            let delta = RecordDelta(key: "Droid:2001", kind: .changed, typename: "Droid",
                                    fields: [FieldDelta(field: "name", before: .string("R\(sequence)"), after: .string("R\(sequence + 1)"))])
            chunk += JournalCodec.encode(.entry(JournalEntry(sequence: sequence, time: start, origin: "external", records: [delta],
                                                             digestBefore: digest, digestAfter: digest)))
            if chunk.count > 1 << 20 { try handle.write(contentsOf: chunk); chunk.removeAll(keepingCapacity: true) }
        }
        try handle.write(contentsOf: chunk)
    }

    /// The floor: every byte of the file read once, its lines counted.
    private static func countLines(_ path: String) throws -> Int {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchmarkError("cannot read \(path)") }
        defer { try? handle.close() }
        var lines = 0
        while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty {
            lines += data.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        }
        return lines
    }
}
