import Foundation
import GraphQLCache

/// A journal file the write log reads its history from and appends to (`explore --journal`):
/// the reader pages entries back from the file, the writer appends the explorer's own.
final class AttachedJournal {
    let reader: JournalReader
    let writer: JournalWriter

    init(reader: JournalReader, writer: JournalWriter) {
        self.reader = reader
        self.writer = writer
    }

    /// Appends an entry and indexes it, so that the log lists it at once.
    func append(origin: String, records: [RecordDelta], digest: CacheDigest, time: Date) throws(GraphQLCacheError) {
        try writer.append(origin: origin, records: records, digest: digest, time: time)
        try reader.refresh()
    }
}
