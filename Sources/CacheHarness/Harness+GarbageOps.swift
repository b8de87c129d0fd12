import GraphQLCache

/// `gc` (HARNESS.md third edition): the library's garbage collection, Apollo Kotlin's
/// `removeUnreachableRecords` and `removeDanglingReferences`; and the `partial` answers of
/// `read`, `fetch` and `watch`.
extension Harness {
    func registerGarbageOps() {
        register("gc") { [unowned self] request throws(HarnessError) in
            let passes = try Self.gcPasses(request)
            let result = try storage { () throws -> GarbageCollectionResult in
                switch (passes.contains("dangling"), passes.contains("unreachable")) {
                case (true, true): return try self.store.garbageCollect()
                case (true, false): return GarbageCollectionResult(removedFields: try self.store.removeDanglingReferences())
                default: return GarbageCollectionResult(removedKeys: try self.store.removeUnreachableRecords())
                }
            }
            return [
                "removedKeys": .array(result.removedKeys.map(\.rawValue).sorted().map(JSONValue.string)),
                "removedFields": Self.sortedKeys(result.removedFields),
            ]
        }
    }

    /// `passes`: a non-empty list of `"unreachable"` and `"dangling"`; both when absent.
    private static func gcPasses(_ request: HarnessRequest) throws(HarnessError) -> Set<String> {
        guard let value = request.body["passes"] else { return ["unreachable", "dangling"] }
        guard case .array(let items) = value, !items.isEmpty else {
            throw .badRequest("op \"gc\": \"passes\" must be a non-empty list of \"unreachable\", \"dangling\"")
        }
        var passes = Set<String>()
        for item in items {
            guard let name = item.stringValue, name == "unreachable" || name == "dangling" else {
                throw .badRequest("op \"gc\": unknown pass \(item.jsonText)")
            }
            passes.insert(name)
        }
        return passes
    }

    /// The read options of a request with `partial: true` (misses as null, reported).
    static func readOptions(_ request: HarnessRequest) throws(HarnessError) -> ReadOptions {
        guard try request.optionalBool("partial") == true else { return ReadOptions() }
        return ReadOptions(missesAsNull: true, returnPartialData: true)
    }

    /// `{"path":[…],"recordKey":…,"fieldKey":…,"reason":…}` for each miss: a partial answer's
    /// `errors`.
    static func partialErrors(_ misses: [CacheMiss]) -> JSONValue {
        .array(misses.map { miss in
            .object([
                "path": .array(miss.path.map(\.jsonValue)),
                "recordKey": .string(miss.recordKey.rawValue),
                "fieldKey": miss.fieldKey.map(JSONValue.string) ?? .null,
                "reason": .string(miss.reason.rawValue),
            ])
        })
    }
}
