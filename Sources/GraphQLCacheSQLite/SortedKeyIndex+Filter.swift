import GraphQLCache

/// Filtering a million keys at typing speed: each key is tested as bytes (no `String`), the
/// encoded bytes themselves when the filter text cannot tell them from the original
/// (`KeyTest`); `FilterScan` tests keys lazily, only as far as a page needs.
extension SortedKeyIndex {
    /// Calls `body` with a function telling whether `test` accepts the key at a position.
    func withKeyTest<T>(_ test: KeyTest, _ body: ((Int) -> Bool) throws -> T) rethrows -> T {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyTest.scratchCapacity)
        defer { scratch.deallocate() }
        return try bytes.withUnsafeBufferPointer { bytes in
            try starts.withUnsafeBufferPointer { starts in
                try order.withUnsafeBufferPointer { order in
                    try body { position in
                        let slot = Int(order[position])
                        let encoded = UnsafeBufferPointer(rebasing: bytes[Int(starts[slot])..<Int(starts[slot + 1])])
                        return test.accepts(encoded, scratch: scratch)
                    }
                }
            }
        }
    }
}
