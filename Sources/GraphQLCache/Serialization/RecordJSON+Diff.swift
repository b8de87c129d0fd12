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
                  let storedValue = try? JSONParser.parse(buffer: UnsafeBufferPointer(rebasing: stored[storedMember.value]),
                                                          builder: CacheValueBuilder())
            else { return nil }
            if storedValue != value { changed.append(key) }
        }
    }

    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ aRange: Range<Int>,
                              _ b: UnsafeBufferPointer<UInt8>, _ bRange: Range<Int>) -> Bool {
        aRange.count == bRange.count && a[aRange].elementsEqual(b[bRange])
    }
}
