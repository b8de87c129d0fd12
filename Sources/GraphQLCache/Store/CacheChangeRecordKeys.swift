/// The record keys a `CacheChange` reports removed: a set, or distinct keys as a writer listed
/// them (a removal of rows by pattern, whose keys the table's unique index keeps distinct),
/// whose set is made the first time someone asks for one.
///
/// Why: the explorer's delete of 100,000 records by pattern hashed every key into a set for
/// its change, about a twentieth of the delete, and no reader of that change asked for it: the
/// observers' index, a watch's trigger and the explorer's write log walk the keys. A
/// subscriber reading `CacheChange.removedRecords` gets the set, made once for every copy.
package typealias CacheChangeRecordKeys = ListedOrSet<[CacheKey]>

extension ListedOrSet where Source == [CacheKey] {
    /// `keys`, which the caller knows to be distinct, kept as they are.
    package init(distinct keys: [CacheKey]) {
        self.init(listed: keys, count: keys.count, make: { Set($0) })
    }
}
