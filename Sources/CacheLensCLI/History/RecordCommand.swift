import ArgumentParser
import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// `cachelens record CACHE --journal FILE`: follows a SQLite cache that another process (the app)
/// writes and appends each commit's field-level change to a JSON-lines journal
/// (docs/JOURNAL.md), until SIGINT or SIGTERM. The cache is opened read-only: recording never
/// writes to it. Each commit another process makes is found by `data_version`, the file is read
/// again in key order and compared with the state before it, so every entry holds the values
/// before and after, whatever the writer did; memory holds one state of the cache.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Follow a SQLite cache another process writes; append each commit's field-level change to a journal.",
        discussion: """
            Runs until interrupted (Ctrl-C, SIGINT or SIGTERM), then exits 0. An existing journal \
            is appended to: a journal of another cache is refused, and one whose last entry does not \
            match the cache (commits made while nothing recorded) gets a gap line first.
            """)

    @Argument(help: "The SQLite cache file to follow (opened read-only, never written).")
    var cache: String

    @Option(help: "The journal to append to (JSON lines; created when missing).")
    var journal: String

    @Option(help: "Milliseconds between two looks for another process's commit.")
    var interval: Int = 100

    @Option(help: "The origin written in each entry.")
    var origin: String = "external"

    func validate() throws {
        if CacheFile.isSnapshotPath(cache) { throw ValidationError("record follows a SQLite cache file, not a snapshot: \(cache)") }
        if interval < 1 { throw ValidationError("--interval must be at least 1 millisecond") }
    }

    func run() throws {
        let stop = StopSignals()
        guard let sqlite = try CacheFile.open(cache, readOnly: true).sqlite else { return }
        _ = try sqlite.hasExternalChanges()
        var state = try read(sqlite)
        let writer = try openJournal(digest: state.digest)
        if let gap = writer.gap {
            StandardOutput.error("cachelens record: the cache changed since entry \(gap.afterEntries) of \(journal): wrote a gap\n")
        }
        try StandardOutput.print("recording \(cache) to \(journal) (\(state.rows.count) records); Ctrl-C stops")
        var written = 0
        while !stop.isStopped {
            Thread.sleep(forTimeInterval: Double(interval) / 1000)
            guard try sqlite.hasExternalChanges() else { continue }
            let now = try read(sqlite)
            guard now.digest != state.digest else { continue }
            let deltas = try state.changes(to: now)
            let entry = try append(writer, deltas, now.digest)
            state = now
            written += 1
            try StandardOutput.print("entry \(entry.sequence): \(Self.counts(deltas))")
        }
        try StandardOutput.print("stopped: \(written) entr\(written == 1 ? "y" : "ies") recorded to \(journal)")
    }

    /// The whole cache as it is now, in one read transaction.
    private func read(_ sqlite: SQLiteNormalizedCache) throws -> CacheState {
        do {
            var rows = try sqlite.rowsInKeyOrder()
            return try CacheState(reading: &rows)
        } catch {
            throw CommandError.cache(path: cache, message: "\(error)")
        }
    }

    private func openJournal(digest: CacheDigest) throws -> JournalWriter {
        do { return try JournalWriter(path: journal, cachePath: cache, digest: digest) } catch {
            throw CommandError.invalidContent(path: journal, role: "journal", message: error.description)
        }
    }

    private func append(_ writer: JournalWriter, _ deltas: [RecordDelta], _ digest: CacheDigest) throws -> JournalEntry {
        do { return try writer.append(origin: origin, records: deltas, digest: digest) } catch {
            throw CommandError.cannotWrite(target: journal, reason: error.description)
        }
    }

    /// `1 added, 0 removed, 2 changed`.
    static func counts(_ deltas: [RecordDelta]) -> String {
        RecordDelta.Kind.allCases.map { kind in "\(deltas.filter { $0.kind == kind }.count) \(kind.rawValue)" }
            .joined(separator: ", ")
    }
}
