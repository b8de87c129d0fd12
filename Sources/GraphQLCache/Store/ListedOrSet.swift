import Synchronization

/// Keys a `CacheChange` reports: a set, or the keys as their writer listed them (a merge's
/// grouping by record, a removal's distinct keys), whose set is made the first time someone
/// asks for one and shared by every copy of the change (subscribers receive copies), so it is
/// made at most once (`CacheChangeFieldKeys`, `CacheChangeRecordKeys`).
///
/// Why: the store's own readers of a change (the observers' index, a watch's trigger, the
/// explorer's write log) walk the keys; hashing 500,000 field keys of a restore, or 100,000
/// removed keys of a delete, into a set nobody asked for was a large part of either.
package struct ListedOrSet<Source: Sequence & Sendable>: Sendable, Sequence where Source.Element: Hashable & Sendable {
    package typealias Element = Source.Element

    private enum Form: Sendable {
        case set(Set<Element>)
        case listed(Listed)
    }

    /// Listed keys, how many, and the set made of them once asked for.
    private final class Listed: Sendable {
        let source: Source
        let count: Int
        private let make: @Sendable (Source) -> Set<Element>
        private let madeSet = Mutex<Set<Element>?>(nil)

        init(_ source: Source, count: Int, make: @escaping @Sendable (Source) -> Set<Element>) {
            (self.source, self.count, self.make) = (source, count, make)
        }

        var isSetMade: Bool { madeSet.withLock { $0 != nil } }

        var set: Set<Element> {
            madeSet.withLock { made in
                if let made { return made }
                let set = make(source)
                made = set
                return set
            }
        }
    }

    private var form: Form

    /// The keys of `set`.
    package init(_ set: Set<Element> = []) { form = .set(set) }

    /// The `count` keys of `source`, each once, kept as listed; `make` makes their set.
    package init(listed source: Source, count: Int, make: @escaping @Sendable (Source) -> Set<Element>) {
        form = count == 0 ? .set([]) : .listed(Listed(source, count: count, make: make))
    }

    /// The keys as a set (made on the first call for listed keys, then kept). Changed in place
    /// (`change.changedFields.insert(…)`), the set is taken out first, so it is held once and
    /// not copied.
    package var set: Set<Element> {
        get {
            switch form {
            case .set(let set): set
            case .listed(let listed): listed.set
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

    /// The keys as listed, nil when they are held as a set.
    package var listed: Source? {
        if case .listed(let listed) = form { return listed.source }
        return nil
    }

    package var count: Int {
        switch form {
        case .set(let set): set.count
        case .listed(let listed): listed.count
        }
    }

    package var isEmpty: Bool { count == 0 }

    package var underestimatedCount: Int { count }

    /// Whether a set of the keys exists (always for a set; for listed keys, once asked). Tests.
    package var isSetMade: Bool {
        switch form {
        case .set: true
        case .listed(let listed): listed.isSetMade
        }
    }

    package func makeIterator() -> Iterator {
        switch form {
        case .set(let set): Iterator(form: .set(set.makeIterator()))
        case .listed(let listed): Iterator(form: .listed(listed.source.makeIterator()))
        }
    }

    /// Walks the keys without making a set.
    package struct Iterator: IteratorProtocol {
        fileprivate enum Form {
            case set(Set<Element>.Iterator)
            case listed(Source.Iterator)
        }

        fileprivate var form: Form

        package mutating func next() -> Element? {
            switch form {
            case .set(var keys):
                let key = keys.next()
                form = .set(keys)
                return key
            case .listed(var keys):
                let key = keys.next()
                form = .listed(keys)
                return key
            }
        }
    }

    /// Equal when both hold the same keys. Copies of one listing are equal without making its
    /// set: the explorer's write log tells a change it witnessed from another by comparing
    /// them, and hashing a restore's 500,000 field keys for it took a tenth of the restore.
    package static func == (lhs: ListedOrSet, rhs: ListedOrSet) -> Bool {
        if case .listed(let left) = lhs.form, case .listed(let right) = rhs.form, left === right { return true }
        return lhs.count == rhs.count && lhs.set == rhs.set
    }
}
