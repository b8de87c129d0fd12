/// The growable byte buffer under `JSONWriter`: writes are a capacity check and a copy into
/// raw memory, which made encoding a record several times faster than appending to an Array
/// piece by piece (each append paid a uniqueness check, a capacity check and a generic copy).
final class JSONWriterStorage {
    private(set) var start: UnsafeMutablePointer<UInt8>
    var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The bytes written so far, valid until the next write.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// Makes room for at least `minimum` bytes in all, at least doubling.
    func grow(to minimum: Int) {
        let newCapacity = Swift.max(minimum, capacity * 2)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }

    /// A separate buffer with the same bytes (for a writer that was copied).
    func copy(minimumCapacity: Int) -> JSONWriterStorage {
        let copy = JSONWriterStorage(capacity: Swift.max(minimumCapacity, capacity))
        copy.start.initialize(from: start, count: count)
        copy.count = count
        return copy
    }
}
