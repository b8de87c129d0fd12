/// The members of the objects a decode has open, on one stack: an object's members are pushed
/// as they are read and moved off when it ends, and objects nest, so the members of the open
/// ones lie one after another.
///
/// Why: each object gathered its members in an array of its own, and that array's allocation
/// and release (each member released one by one, through generic code) were about a tenth of
/// decoding a row. A run of decodes keeps one stack (`FieldNameTable`'s), whose storage grows
/// to the widest row once and serves every row after it.
///
/// The stack lives at a fixed address (a `FieldNameTable`'s `Owner`, or a lone decode's stack
/// frame) and is used through a pointer, its keys and values in one allocation managed by
/// hand, made at the first object of two members: kept in a class as arrays, every push and
/// pop paid for run-time exclusivity checks, a retain and release of the class and of each
/// member, and a look-up of the tuple type's metadata. One stack serves one thread, as its
/// table does.
struct MemberStack {
    private var keys: UnsafeMutablePointer<String>?
    private var values: UnsafeMutablePointer<CacheValue>?
    private var capacity = 0
    /// How many members are on the stack.
    private(set) var count = 0

    @inline(__always) mutating func push(_ key: __owned String, _ value: __owned CacheValue) {
        if count == capacity { grow() }
        (keys.unsafelyUnwrapped + count).initialize(to: key)
        (values.unsafelyUnwrapped + count).initialize(to: value)
        count += 1
    }

    /// Moves the members from `start` up into `members`; returns the complaint when one cannot
    /// be kept beside a member already there, equal as text but not as bytes
    /// (`ExactUTF8.fieldNameClash`). A name repeated exactly keeps its last value.
    mutating func pop(from start: Int, into members: inout [String: CacheValue]) -> String? {
        guard start < count, let keys, let values else { return nil }
        var clash: String?
        for index in start..<count {
            let key = (keys + index).move()
            if members.updateValue((values + index).move(), forKey: key) != nil, clash == nil {
                clash = ExactUTF8.fieldNameClash(in: members, with: key)
            }
        }
        count = start
        return clash
    }

    /// Empties the stack, keeping its storage.
    mutating func removeAll() {
        keys?.deinitialize(count: count)
        values?.deinitialize(count: count)
        count = 0
    }

    /// Empties the stack and frees its storage.
    mutating func deallocate() {
        removeAll()
        keys.map { UnsafeMutableRawPointer($0).deallocate() }
        keys = nil
        values = nil
        capacity = 0
    }

    /// Doubles the room (16 members at first), keys and values in one allocation: the keys,
    /// then the values.
    private mutating func grow() {
        let larger = max(16, capacity * 2)
        let valuesOffset = larger * MemoryLayout<String>.stride
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: valuesOffset + larger * MemoryLayout<CacheValue>.stride,
            alignment: max(MemoryLayout<String>.alignment, MemoryLayout<CacheValue>.alignment))
        let newKeys = raw.bindMemory(to: String.self, capacity: larger)
        let newValues = (raw + valuesOffset).bindMemory(to: CacheValue.self, capacity: larger)
        if let keys, let values {
            newKeys.moveInitialize(from: keys, count: count)
            newValues.moveInitialize(from: values, count: count)
            UnsafeMutableRawPointer(keys).deallocate()
        }
        keys = newKeys
        values = newValues
        capacity = larger
    }
}

extension MemberStack {
    /// A stack at a fixed address, freed with its owner: a `FieldNameTable` holds one for the
    /// run of decodes it serves.
    final class Owner {
        let stack: UnsafeMutablePointer<MemberStack>

        init() {
            stack = .allocate(capacity: 1)
            stack.initialize(to: MemberStack())
        }

        deinit {
            stack.pointee.deallocate()
            stack.deinitialize(count: 1)
            stack.deallocate()
        }
    }
}
