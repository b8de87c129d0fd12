import GraphQLCache

/// A row a commit changed, as it was (nil: no row; the outer nil: not known) and as it is, and
/// the `RecordDelta` the write log makes of it.
struct RowImages: Sendable {
    let key: CacheKey
    let old: [UInt8]??
    let new: [UInt8]?
    /// `old`'s fields, where its writer decoded them already (`WriteLog.expect`).
    var oldFields: [String: CacheValue]? = nil
    /// `new`'s fields, where they are known already (`WriteLog.expect(merging:committedAs:)`).
    var newFields: [String: CacheValue]? = nil
    /// Whether `new` is known to be a record with fields, where they are not decoded yet (a
    /// row put back as its bytes, whose field names its writer found).
    var newHasFields = false

    /// What changed in the record; nil when its fields are the same.
    var delta: RecordDelta? {
        let after = new == nil ? nil : newFields ?? new.flatMap(WriteLog.fields)
        guard let old else { return .unseenBefore(key: key, after: after) }
        let before = old == nil ? nil : oldFields ?? old.flatMap(WriteLog.fields)
        if let delta = RecordDelta.between(key: key, before: before, after: after) {
            return delta
        }
        return old != nil && new == nil ? RecordDelta(key: key, kind: .removed, typename: nil, fields: []) : nil
    }

    /// Below this many rows the deltas are made on the calling thread.
    static let sharedFrom = 4_096

    /// The deltas of `images`, in their order. Many are made on every core: each decodes the
    /// row's images (a delete of 100,000 records decodes 100,000 rows), most of the log's time
    /// for a big commit, which the committing thread waits for under the store's write lock.
    static func deltas(of images: [RowImages]) -> [RecordDelta] {
        ParallelMap.map(images.count, sharedFrom: sharedFrom) { images[$0].delta }.compactMap { $0 }
    }
}
