extension InternedKeys {
    /// Eight bytes at a time, each word multiplied in, then SplitMix64's finalizer so that the
    /// low bits (the slot) and the high bits (the tag) both depend on every byte: keys such as
    /// `Item:1`…`Item:99999` differ only in their last bytes.
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        guard let base = key.baseAddress else { return mix(hash) }
        let raw = UnsafeRawPointer(base)
        var at = 0
        while at + 8 <= key.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            at += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while at < key.count {
            tail |= UInt64(base[at]) << shift
            shift += 8
            at += 1
        }
        return mix(hash ^ tail)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var hash = value
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }
}
