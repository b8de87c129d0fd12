/// Builds `CacheValue`s from record JSON: `{"$reference": "K"}` becomes a reference, and a
/// `$reference` member whose value is not a string, or beside other members, is an error.
///
/// An object's members are gathered on a stack (`MemberStack`) and its dictionary is built once
/// at the right size: growing a dictionary member by member rehashed it several times per
/// record, and a reference (most objects in record JSON) needs no dictionary at all. Whether a
/// member is named `$reference` is noted as members arrive, so an ordinary object is never
/// looked up for it.
struct CacheValueBuilder: JSONBuilder {
    /// An object being read: its first member, kept apart so that a one-member object touches
    /// no stack, and where its other members start on the stack.
    struct Members {
        var first: (key: String, value: CacheValue)?
        var start: Int
        var namesReference = false
    }

    /// Where object keys are looked up by their bytes, when decoding many rows. Unmanaged: the
    /// caller of the parse keeps the table alive, and a retain and release per key would cost
    /// more than the lookup.
    private let names: Unmanaged<FieldNameTable>?
    /// Where objects gather their members: the table's stack, or one a lone decode keeps on its
    /// own stack frame (`withBuilder`).
    private let stack: UnsafeMutablePointer<MemberStack>

    private init(names: FieldNameTable?, stack: UnsafeMutablePointer<MemberStack>) {
        self.names = names.map { Unmanaged.passUnretained($0) }
        self.stack = stack
    }

    /// Calls `body` with a builder for one parse: with `names`, on the table's stack (emptied
    /// first of what a failed parse left on it); without, on a stack of this call's own, freed
    /// when it returns.
    static func withBuilder<T>(names: FieldNameTable? = nil,
                               _ body: (CacheValueBuilder) throws(GraphQLCacheError) -> T) throws(GraphQLCacheError) -> T {
        if let names {
            names.members.stack.pointee.removeAll()
            return try withExtendedLifetime(names) { () throws(GraphQLCacheError) in
                try body(CacheValueBuilder(names: names, stack: names.members.stack))
            }
        }
        var own = MemberStack()
        defer { own.deallocate() }
        return try withUnsafeMutablePointer(to: &own) { (stack: UnsafeMutablePointer<MemberStack>) throws(GraphQLCacheError) -> T in
            try body(CacheValueBuilder(names: nil, stack: stack))
        }
    }

    func key(_ ascii: UnsafeBufferPointer<UInt8>) -> String {
        guard let names else { return String(knownASCII: ascii) }
        return names._withUnsafeGuaranteedRef { $0.name(ascii) }
    }

    func null() -> CacheValue { .null }
    func bool(_ value: Bool) -> CacheValue { .bool(value) }
    func int(_ value: Int) -> CacheValue { .int(value) }
    func double(_ value: Double) -> CacheValue { .double(value) }
    func string(_ value: String) -> CacheValue { .string(value) }
    func array(_ items: [CacheValue]) -> CacheValue { .list(items) }

    func beginObject() -> Members { Members(start: stack.pointee.count) }

    func add(_ key: __owned String, _ value: __owned CacheValue, to object: inout Members) {
        if Self.isReferenceName(key) { object.namesReference = true }
        guard case .some = object.first else { return object.first = (key, value) }
        stack.pointee.push(key, value)
    }

    func endObject(_ object: __owned Members) throws(GraphQLCacheError) -> CacheValue {
        let start = object.start, namesReference = object.namesReference
        guard let (key, value) = object.first else { return .object([:]) }
        let others = stack.pointee.count - start
        if others == 0, !namesReference { return .object([key: value]) }
        if others == 0, case .string(let target) = value { return .reference(CacheKey(target)) }
        var members = [String: CacheValue](minimumCapacity: others + 1)
        members[key] = value
        // A repeated name, or one equal to another only as text: the latter is refused.
        if let clash = stack.pointee.pop(from: start, into: &members) {
            throw .invalidJSON(JSONSyntaxError(unplaced: clash))
        }
        return namesReference ? try Self.checkedObject(members) : .object(members)
    }

    /// Whether `key` is `$reference`: its length and first byte are compared before its text,
    /// since `__typename`, on nearly every object, has the same length.
    @inline(__always) private static func isReferenceName(_ key: String) -> Bool {
        key.utf8.count == 10 && key.utf8.first == UInt8(ascii: "$") && key == "$reference"
    }

    /// The object, or the error a `$reference` member makes of it (a repeated key keeps its
    /// last value, so `{"$reference":1,"$reference":"K"}` is a reference to K).
    private static func checkedObject(_ object: [String: CacheValue]) throws(GraphQLCacheError) -> CacheValue {
        guard let reference = object["$reference"] else { return .object(object) }
        guard object.count == 1 else {
            throw .invalidJSON(JSONSyntaxError(unplaced: "\"$reference\" must be the only member of its object"))
        }
        guard case .string(let key) = reference else {
            throw .invalidJSON(JSONSyntaxError(unplaced: "\"$reference\" must be a string, found \(reference.kindName)"))
        }
        return .reference(CacheKey(key))
    }
}
