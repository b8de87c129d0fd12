import Synchronization

/// The record keys a `CacheChange` reports removed: a set, or distinct keys as a writer listed
/// them (a removal of rows by pattern, whose keys the table's unique index keeps distinct),
/// whose set is made the first time someone asks for one.
///
/// Why: the explorer's delete of 100,000 records by pattern hashed every key into a set for
/// its change, about a twentieth of the delete, and no reader of that change asked for it: the
/// observers' index, a watch's trigger and the explorer's write log walk the keys. A
/// subscriber reading `CacheChange.removedRecords` gets the set, made once for every copy.
package struct CacheChangeRecordKeys: Sendable, Sequence {
    private enum Form: Sendable {
        case set(Set<CacheKey>)
        case distinct(Distinct)
    }

    /// Distinct keys and the set made of them once asked for, shared by every copy of the
    /// change (subscribers receive copies), so the set is made at most once.
    private final class Distinct: Sendable {
        let keys: [CacheKey]
        private let madeSet = Mutex<Set<CacheKey>?>(nil)

        init(_ keys: [CacheKey]) { self.keys = keys }

        var isSetMade: Bool { madeSet.withLock { $0 != nil } }

        var set: Set<CacheKey> {
            madeSet.withLock { made in
                if let made { return made }
                let set = Set(keys)
                made = set
                return set
            }
        }
    }

    private var form: Form

    /// The keys of `set`.
    package init(_ set: Set<CacheKey> = []) { form = .set(set) }

    /// `keys`, which the caller knows to be distinct, kept as they are.
    package init(distinct keys: [CacheKey]) {
        form = keys.isEmpty ? .set([]) : .distinct(Distinct(keys))
    }

    /// The keys as a set (made on the first call for distinct keys, then kept). Changed in
    /// place (`change.removedRecords.insert(…)`), the set is taken out first, so it is held
    /// once and not copied.
    package var set: Set<CacheKey> {
        get {
            switch form {
            case .set(let set): set
            case .distinct(let distinct): distinct.set
            }
        }
        set { form = .set(newValue) }
        _modify {
            var keys = self.set
            form = .set([])
            defer { form = .set(keys) }
            yield &keys
        }
    }

    package var count: Int {
        switch form {
        case .set(let set): set.count
        case .distinct(let distinct): distinct.keys.count
        }
    }

    package var isEmpty: Bool { count == 0 }

    package var underestimatedCount: Int { count }

    /// Whether a set of the keys exists (always for a set; for distinct keys, once asked). Tests.
    package var isSetMade: Bool {
        switch form {
        case .set: true
        case .distinct(let distinct): distinct.isSetMade
        }
    }

    package func makeIterator() -> Iterator {
        switch form {
        case .set(let set): Iterator(form: .set(set.makeIterator()))
        case .distinct(let distinct): Iterator(form: .distinct(distinct.keys.makeIterator()))
        }
    }

    /// Walks the keys without making a set.
    package struct Iterator: IteratorProtocol {
        fileprivate enum Form {
            case set(Set<CacheKey>.Iterator)
            case distinct(IndexingIterator<[CacheKey]>)
        }

        fileprivate var form: Form

        package mutating func next() -> CacheKey? {
            switch form {
            case .set(var keys):
                let key = keys.next()
                form = .set(keys)
                return key
            case .distinct(var keys):
                let key = keys.next()
                form = .distinct(keys)
                return key
            }
        }
    }

    /// Whether `test` holds for a key, stopping at the first that does; no set is made.
    package func contains(where test: (CacheKey) throws -> Bool) rethrows -> Bool {
        switch form {
        case .set(let set): try set.contains(where: test)
        case .distinct(let distinct): try distinct.keys.contains(where: test)
        }
    }

    /// Equal when both hold the same keys. Copies of one change's distinct keys are equal
    /// without making their set (the explorer's write log compares the changes it witnessed
    /// with the ones it hears).
    package static func == (lhs: CacheChangeRecordKeys, rhs: CacheChangeRecordKeys) -> Bool {
        if case .distinct(let left) = lhs.form, case .distinct(let right) = rhs.form, left === right { return true }
        return lhs.count == rhs.count && lhs.set == rhs.set
    }
}
