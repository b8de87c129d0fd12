import Dispatch
import GraphQLCache
import Synchronization

/// Every key of a SQLite cache in `CacheKey` order (roots first, natural order), kept in memory
/// so that the explorer pages through a million keys in O(page) per key press.
///
/// Why in memory: SQLite's index on `key` is in binary order (`Item:10` before `Item:2`), and an
/// `ORDER BY` with a custom collation re-sorts the whole table for every page. Each key is kept
/// once, encoded by `NaturalKeyEncoding` (byte order is natural order) and front-coded in order
/// (`FrontCodedKeys`): about 5 bytes a key for `Item:N` keys, where the encoded bytes with an
/// offset and a place in the order took 24.
///
/// Keys read come in runs (`runLength`): each run is sorted (`EncodedKeySort`) and front-coded
/// as soon as it is full, and `sortAll()` merges the runs. So reading ten million keys never
/// holds more than one run's plain bytes (the explorer's peak memory there went from 363 MB to
/// about 150), and the first and last keys, or a page from the middle, are found from the runs
/// before the merge ends. The order is kept up to date by the cache's own writes; a commit by
/// another process (`data_version`) makes the cache rebuild it.
package struct SortedKeyIndex: Sendable {
    /// The keys in order: every key appended, once `sortAll()` has run.
    private(set) var sorted = FrontCodedKeys()
    /// Runs of keys appended since, each in order, not merged yet.
    private(set) var runs: [FrontCodedKeys] = []
    /// The keys appended since the last run was sealed, as read.
    private var pending = PendingRun()
    /// The last full run, being sorted on another thread while the next is read.
    private var runInFlight: RunSort?
    /// Whether a full run is sorted on another thread while the next is read (the SQLite
    /// reader's choice: reading ten million keys took 2.2 s with each run sorted in turn on the
    /// reading thread, 1.2 s with the sorts on another; tests keep it off or turn it on).
    package var sortsRunsInBackground = false
    /// Keys a run holds before it is sorted and front-coded: big enough that ten million keys
    /// make ten runs, small enough that a run's plain bytes (about 24 MB) stay a small part of
    /// the index. Tests lower it.
    package var runLength = 1 << 20
    /// Whether every key is ASCII and no digit run is 32 digits or longer: then the encoded
    /// bytes hold each key's non-digit text verbatim between bytes no filter text can match.
    private(set) var plainASCII = true

    package init() {}

    /// Set when a key did not fit (the keys take more than 4 GiB): the index is then incomplete.
    package private(set) var isFull = false

    /// Adds a key (UTF-8) while building; `sortAll()` must follow the last one.
    package mutating func appendUnsorted(_ key: UnsafeBufferPointer<UInt8>) {
        guard !isFull else { return }
        if !pending.append(key) {
            sealRun()
            guard pending.append(key) else { isFull = true; return }
        }
        if pending.count >= runLength {
            if sortsRunsInBackground {
                takeRunInFlight()
                runInFlight = RunSort.start(pending)
                pending = PendingRun()
            } else {
                sealRun()
            }
            // More keys are likely: room for the next run, as for the first.
            pending.reserve(keys: runLength, bytesPerKey: Self.reservedBytesPerKey)
        }
    }

    /// Waits for the run sorted on another thread, if any, and keeps it.
    private mutating func takeRunInFlight() {
        guard let sort = runInFlight else { return }
        runInFlight = nil
        keep(sort.wait())
    }

    private mutating func keep(_ sorted: (run: FrontCodedKeys?, plainASCII: Bool)) {
        guard let run = sorted.run else { isFull = true; return }
        plainASCII = plainASCII && sorted.plainASCII
        runs.append(run)
    }

    /// Reserves room for about `keys` keys of the run being read, so that its bytes are not
    /// copied as they grow. Room not written to costs address space only, not resident memory.
    package mutating func reserve(keys: Int) {
        pending.reserve(keys: min(keys, runLength), bytesPerKey: Self.reservedBytesPerKey)
    }

    /// Bytes reserved per key expected (an `Item:123456` key takes 15).
    static let reservedBytesPerKey = 40

    /// Sorts and front-codes the keys appended since the last run, as a run of their own (and
    /// finds whether they are plain ASCII: here, off the merge that the full order waits for).
    /// The reader calls it after the last key, so that its plain bytes are freed.
    package mutating func sealRun() {
        takeRunInFlight()
        guard pending.count > 0 else { return }
        let sorted = pending.sorted()
        pending = PendingRun()
        keep(sorted)
    }

    /// Puts every key appended so far in natural order: the runs merged with the keys sorted
    /// before.
    package mutating func sortAll() {
        sealRun()
        guard !runs.isEmpty else { return }
        guard let merged = FrontCodedKeys.merged([sorted] + runs) else { isFull = true; return }
        sorted = merged
        runs = []
    }

    package var count: Int { sorted.count }

    /// How many keys were appended (sorted or not).
    package var slotCount: Int { sorted.count + runs.reduce(0) { $0 + $1.count } + (runInFlight?.count ?? 0) + pending.count }

    /// Bytes the sorted keys take (tests check what the front coding saves).
    package var sortedByteCount: Int { sorted.byteCount }

    /// The key at `position` in natural order.
    func key(at position: Int) -> CacheKey {
        sorted.withCursor { cursor in
            cursor.move(to: position)
            return NaturalKeyEncoding.decodeKey(cursor.key)
        }
    }

    /// The keys at `range` of positions (clamped to the index).
    package func keys(in range: Range<Int>) -> [CacheKey] {
        sorted.keys(in: range)
    }

    /// Adds keys that are not in the index yet: sorted among themselves and written with
    /// the others in one pass (`FrontCodedKeys.editing`); false when they would pass 4 GiB and
    /// the index must be rebuilt.
    ///
    /// Why: the undo of a delete of 100,000 records writes their keys back. One search and
    /// one shift of the order for each is quadratic, so a batch of more than a few hundred
    /// keys dropped the listing, and the screen's next key press read and sorted every key of
    /// the file again, a quarter of a second on its thread.
    mutating func merge(_ newKeys: [CacheKey]) -> Bool {
        merge(sorted: Self.sortedBatch(newKeys))
    }

    /// `keys` as an index of their own, in order: made before the listing's lock is taken, and
    /// merged under it (`merge(sorted:)`), so that the screen's page, which takes the lock,
    /// waits for the merge alone, not for the batch's sort.
    package static func sortedBatch(_ keys: [CacheKey]) -> SortedKeyIndex {
        var batch = SortedKeyIndex()
        batch.reserve(keys: keys.count)
        for key in keys {
            var raw = key.rawValue
            raw.withUTF8 { batch.appendUnsorted($0) }
        }
        batch.sortAll()
        return batch
    }

    /// `merge(_:)` of a batch sorted already (`sortedBatch`).
    mutating func merge(sorted batch: SortedKeyIndex) -> Bool {
        guard !batch.isFull else { return false }
        guard batch.count > 0 else { return true }
        guard let edited = sorted.editing(removing: [], inserting: batch.sorted) else { return false }
        sorted = edited
        plainASCII = plainASCII && batch.plainASCII
        return true
    }

    /// Drops `removed` keys: their positions are found by binary search, then the keys are
    /// written again without them in one pass.
    ///
    /// Why one pass: removing each key at its position shifted the rest of the order once per
    /// key, and a commit deleting 100,000 of 100,000 keys spent seconds moving memory.
    mutating func remove(_ removed: Set<CacheKey>) {
        closeUp(removed.compactMap(position(of:)).sorted())
    }

    /// Drops `removed` keys, every one of which `pattern` matches (the keys a removal by
    /// pattern deleted): one sweep of the keys with the filter's byte test (`KeyTest`) finds
    /// the keys the pattern matches, and only those are looked up in `removed`. For many keys
    /// that costs a test each, where `remove(_:)` encodes each key and searches for it (a
    /// removal of 100,000 of 100,000 keys: most of the removal's own time).
    mutating func remove(_ removed: Set<CacheKey>, allMatching pattern: KeyPattern) {
        guard removed.count >= Self.sweptRemovalMinimum, removed.count * 32 >= count else { return remove(removed) }
        let positions = matchingPositions(of: pattern) { removed.contains(NaturalKeyEncoding.decodeKey($0)) }
        // A removed key the sweep did not find (not listed, or a test that disagrees): each is
        // looked up as `remove(_:)` does, which finds every listed one.
        guard positions.count == removed.count else { return remove(removed) }
        closeUp(positions)
    }

    /// Drops every key `pattern` matches: after a removal by pattern, whose statement deleted
    /// every row whose key it matches, none can be left, whichever the listing holds. One
    /// sweep with the filter's byte test, no key made or looked up.
    mutating func removeAll(matching pattern: KeyPattern) {
        closeUp(matchingPositions(of: pattern) { _ in true })
    }

    /// The positions, in order, of the keys `pattern` matches and `also` accepts (given the
    /// encoded key).
    private func matchingPositions(of pattern: KeyPattern, also: (UnsafeBufferPointer<UInt8>) -> Bool) -> [Int] {
        sorted.positions(matching: KeyTest(pattern, plainASCII: plainASCII), also: also)
    }

    /// Below this many removed keys, looking each up costs less than a sweep.
    static let sweptRemovalMinimum = 64

    /// Drops the keys at `positions` (ascending).
    private mutating func closeUp(_ positions: [Int]) {
        guard !positions.isEmpty else { return }
        sorted = sorted.removing(at: positions)
    }

    /// Whether `key` is in the index.
    package func contains(_ key: CacheKey) -> Bool { position(of: key) != nil }

    /// Where `key` stands in the order, if it is there.
    private func position(of key: CacheKey) -> Int? {
        NaturalKeyEncoding.encode(key).withUnsafeBufferPointer(sorted.position(of:))
    }

    /// Adds keys sorted already (`sortedBatch`), none of them here: merged with the order when
    /// every key is, else as a run of their own (`sortAll()` merges it: the keys being merged
    /// in the background take a write made meanwhile); false when they would pass 4 GiB.
    package mutating func add(sortedBatch batch: SortedKeyIndex) -> Bool {
        sealRun()
        guard !runs.isEmpty else { return merge(sorted: batch) }
        guard batch.count > 0 else { return true }
        runs.append(batch.sorted)
        plainASCII = plainASCII && batch.plainASCII
        return true
    }

    /// Drops every key `pattern` matches wherever it stands, merged or not: the keys being
    /// merged in the background take a delete by pattern made meanwhile.
    package mutating func removeAllMergedOrNot(matching pattern: KeyPattern) {
        sealRun()
        let test = KeyTest(pattern, plainASCII: plainASCII)
        func without(_ keys: FrontCodedKeys) -> FrontCodedKeys {
            keys.removing(at: keys.positions(matching: test) { _ in true })
        }
        sorted = without(sorted)
        runs = runs.map(without).filter { $0.count > 0 }
    }

    /// Drops `removed` keys wherever they stand, merged or not: the keys being merged in the
    /// background take a removal made meanwhile.
    package mutating func removeMergedOrNot(_ removed: Set<CacheKey>) {
        sealRun()
        let encoded = removed.map(NaturalKeyEncoding.encode)
        sorted = sorted.removing(encoded)
        runs = runs.map { $0.removing(encoded) }.filter { $0.count > 0 }
    }
}

/// A full run sorted on another thread; copies of the index share it, and each takes its
/// result.
private final class RunSort: Sendable {
    let count: Int
    private let result = Mutex<(run: FrontCodedKeys?, plainASCII: Bool)?>(nil)
    private let done = DispatchSemaphore(value: 0)

    private init(count: Int) { self.count = count }

    static func start(_ pending: PendingRun) -> RunSort {
        let sort = RunSort(count: pending.count)
        DispatchQueue.global(qos: .userInitiated).async {
            let sorted = pending.sorted()
            sort.result.withLock { $0 = sorted }
            sort.done.signal()
        }
        return sort
    }

    /// The sorted run, once sorted.
    func wait() -> (run: FrontCodedKeys?, plainASCII: Bool) {
        done.wait()
        done.signal()
        return result.withLock { $0! }
    }
}

/// The keys of a run being read, as read: encoded, back to back.
private struct PendingRun: Sendable {
    private var bytes: [UInt8] = []
    /// Key `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var starts: [UInt32] = [0]

    var count: Int { starts.count - 1 }

    mutating func reserve(keys: Int, bytesPerKey: Int) {
        guard keys > 0 else { return }
        starts.reserveCapacity(keys + 1)
        bytes.reserveCapacity(min(Int(UInt32.max), keys * bytesPerKey))
    }

    /// Appends `key` encoded; false when the run's bytes would pass 4 GiB.
    mutating func append(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = bytes.count, room = NaturalKeyEncoding.maximumSize(key.count)
        guard end + room <= Int(UInt32.max) else { return false }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { scratch in
            let written = NaturalKeyEncoding.encode(key, into: scratch.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<written]))
        }
        starts.append(UInt32(bytes.count))
        return true
    }

    /// The keys in order, front-coded (nil past 4 GiB), and whether all are plain ASCII.
    func sorted() -> (run: FrontCodedKeys?, plainASCII: Bool) {
        let order = EncodedKeySort.order(bytes: bytes, starts: starts, count: count)
        var builder = FrontCodedKeys.Builder(reservingBytes: bytes.count, keys: count)
        var ascii = true
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                for slot in order {
                    let key = UnsafeBufferPointer(rebasing: bytes[Int(starts[Int(slot)])..<Int(starts[Int(slot) + 1])])
                    if ascii { ascii = NaturalKeyEncoding.isPlainASCII(encoded: key) }
                    builder.append(key)
                }
            }
        }
        return (builder.isFull ? nil : builder.finish(), ascii)
    }
}
