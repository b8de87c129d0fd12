extension ReadResult {
    /// Records the read needed but did not find (a missing root or fragment record, the target
    /// of a dangling reference). A watcher depends on them whole: when one arrives, whatever
    /// its fields, the read may now succeed.
    public var missingRecords: Set<CacheKey> {
        var keys = Set<CacheKey>()
        for miss in misses {
            switch miss.reason {
            case .missingRecord: keys.insert(miss.recordKey)
            case .danglingReference: if let reference = miss.reference { keys.insert(reference) }
            case .missingField, .nullValue, .wrongType: break
            }
        }
        return keys
    }
}
