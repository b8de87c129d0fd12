import Foundation

/// Appends to a journal (docs/JOURNAL.md), one line per write, never rewriting what is there.
///
/// Opening an existing journal checks it against the cache first: a journal of another cache
/// is refused (`otherCache`), and one whose last digest is not the cache's (commits made while
/// nobody recorded) gets a gap line, so that readers never join the two stretches as one history.
public final class JournalWriter {
    public let path: String
    private let handle: FileHandle
    /// The last entry's sequence number (0 before the first).
    public private(set) var lastSequence: Int
    /// The cache's digest after the last line written.
    public private(set) var lastDigest: CacheDigest
    /// The gap written on opening, when commits were missing.
    public let gap: JournalGap?

    /// Opens `path` for appending, creating it with a header for the cache at `cachePath`
    /// whose digest is `digest` when it is missing or empty.
    public init(path: String, cachePath: String, digest: CacheDigest, now: Date = Date()) throws(GraphQLCacheError) {
        self.path = path
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        var pending: [JournalLine] = []
        if let size, size > 0 {
            let reader = try JournalReader(path: path)
            if let other = reader.problems(cachePath: cachePath, digest: digest).first(where: {
                if case .otherCache = $0 { return true } else { return false }
            }) {
                throw .journal(path: path, problem: other)
            }
            lastSequence = reader.entryCount
            if reader.lastDigest != digest {
                let gap = JournalGap(afterEntries: reader.entryCount, time: now, expected: reader.lastDigest, found: digest)
                pending.append(.gap(gap))
                self.gap = gap
            } else {
                gap = nil
            }
        } else {
            lastSequence = 0
            gap = nil
            let header = JournalHeader(cache: JournalReader.canonicalPath(cachePath), time: now, digest: digest)
            pending.append(.header(header))
        }
        lastDigest = digest
        if size == nil, !FileManager.default.createFile(atPath: path, contents: nil) {
            throw .fileNotWritten(path: path, reason: "cannot create the file")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw .fileNotWritten(path: path, reason: "cannot open the file for writing")
        }
        self.handle = handle
        for line in pending { try write(line) }
    }

    deinit { try? handle.close() }

    /// Appends an entry for a change from `lastDigest` to `digest`, numbered after the last.
    @discardableResult
    public func append(origin: String, records: [RecordDelta], digest: CacheDigest,
                       time: Date = Date()) throws(GraphQLCacheError) -> JournalEntry {
        let entry = JournalEntry(sequence: lastSequence + 1, time: time, origin: origin, records: records,
                                 digestBefore: lastDigest, digestAfter: digest)
        try write(.entry(entry))
        lastSequence = entry.sequence
        lastDigest = digest
        return entry
    }

    /// Writes one line at the end of the file, whole, and flushes it to the file system.
    private func write(_ line: JournalLine) throws(GraphQLCacheError) {
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: JournalCodec.encode(line))
        } catch {
            throw .fileNotWritten(path: path, reason: error.localizedDescription)
        }
    }
}
