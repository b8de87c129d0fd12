extension RecordJSON {
    /// The fields whose values differ between a stored record's JSON and `encoded`, the
    /// canonical encoding of `incoming` (as `writeCheckingRoundTrip` wrote it, answering true);
    /// nil when the two texts do not hold the same field keys in the same order (or `stored` is
    /// not a JSON object), so that the caller must decode the stored record and merge.
    ///
    /// Why: with the same field keys, merging `incoming` over the stored record gives `incoming`
    /// itself, so a changed row can be rewritten with `encoded` and reported without decoding
    /// the row, merging, and encoding the result again. Members whose bytes are equal hold equal
    /// values; a member whose bytes differ is decoded alone and compared as a value, since
    /// another writer (Apollo's `JSONSerialization`) may spell an equal value differently.
    public static func changedFields(stored: UnsafeBufferPointer<UInt8>, encoded: UnsafeBufferPointer<UInt8>,
                                     incoming: [String: CacheValue]) -> [String]? {
        changedValue(stored: stored, encoded: encoded, incoming: incoming)
            ?? changedMembers(stored: stored, encoded: encoded, incoming: incoming)
    }

    /// `changedFields` by walking both texts member by member: what it answers whenever
    /// `changedValue` cannot (`internal` so that tests can hold the two paths to each other).
    static func changedMembers(stored: UnsafeBufferPointer<UInt8>, encoded: UnsafeBufferPointer<UInt8>,
                               incoming: [String: CacheValue]) -> [String]? {
        var storedMembers = JSONMemberScanner(stored)
        var encodedMembers = JSONMemberScanner(encoded)
        var changed: [String] = []
        while true {
            let storedMember = storedMembers.next()
            let encodedMember = encodedMembers.next()
            guard let storedMember, let encodedMember else {
                let bothEnded = storedMember == nil && encodedMember == nil
                return bothEnded && storedMembers.isAtEnd && encodedMembers.isAtEnd ? changed : nil
            }
            guard !encodedMember.keyHasEscape, !storedMember.keyHasEscape,
                  equal(stored, storedMember.key, encoded, encodedMember.key) else { return nil }
            if equal(stored, storedMember.value, encoded, encodedMember.value) { continue }
            let key = String(decoding: UnsafeBufferPointer(rebasing: encoded[encodedMember.key]), as: UTF8.self)
            guard let value = incoming[key],
                  let storedValue = try? RecordJSON.decodeValue(UnsafeBufferPointer(rebasing: stored[storedMember.value]))
            else { return nil }
            if storedValue != value { changed.append(key) }
        }
    }

    /// `changedFields` when every byte where the texts differ lies in one member's value (a
    /// changed price): nil when not, and the caller walks both texts member by member.
    ///
    /// Why: a re-merge compares every changed row this way, and walking both texts cost about
    /// as much as encoding the record. Here the texts are compared from both ends, and only
    /// `encoded` (canonical, well formed) is walked, up to the member holding the first
    /// difference. Sound because the stored text is then `encoded` with that one value's bytes
    /// replaced: if those bytes parse as exactly one JSON value, the stored text is an object
    /// with the same members in the same order, and only that member can differ.
    private static func changedValue(stored: UnsafeBufferPointer<UInt8>, encoded: UnsafeBufferPointer<UInt8>,
                                     incoming: [String: CacheValue]) -> [String]? {
        guard let storedBase = stored.baseAddress, let encodedBase = encoded.baseAddress else { return nil }
        let shorter = min(stored.count, encoded.count)
        // Eight bytes at a time, then byte by byte, from the front and from the back.
        let storedRaw = UnsafeRawPointer(storedBase), encodedRaw = UnsafeRawPointer(encodedBase)
        var prefix = 0
        while prefix + 8 <= shorter, storedRaw.loadUnaligned(fromByteOffset: prefix, as: UInt64.self)
                == encodedRaw.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) {
            prefix += 8
        }
        while prefix < shorter, stored[prefix] == encoded[prefix] { prefix += 1 }
        var suffix = 0
        while suffix + 8 <= shorter - prefix,
              storedRaw.loadUnaligned(fromByteOffset: stored.count - suffix - 8, as: UInt64.self)
                == encodedRaw.loadUnaligned(fromByteOffset: encoded.count - suffix - 8, as: UInt64.self) {
            suffix += 8
        }
        while suffix < shorter - prefix, stored[stored.count - 1 - suffix] == encoded[encoded.count - 1 - suffix] {
            suffix += 1
        }
        let differenceEnd = encoded.count - suffix
        var members = JSONMemberScanner(encoded)
        while let member = members.next() {
            guard member.value.upperBound >= prefix else { continue }
            guard member.value.lowerBound <= prefix, member.value.upperBound >= differenceEnd, !member.keyHasEscape
            else { return nil }
            let storedValue = member.value.lowerBound..<member.value.upperBound + stored.count - encoded.count
            let key = String(decoding: UnsafeBufferPointer(rebasing: encoded[member.key]), as: UTF8.self)
            guard let value = incoming[key],
                  let old = try? RecordJSON.decodeValue(UnsafeBufferPointer(rebasing: stored[storedValue]))
            else { return nil }
            return old == value ? [] : [key]
        }
        return nil
    }

    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ aRange: Range<Int>,
                              _ b: UnsafeBufferPointer<UInt8>, _ bRange: Range<Int>) -> Bool {
        aRange.count == bRange.count && a[aRange].elementsEqual(b[bRange])
    }
}
