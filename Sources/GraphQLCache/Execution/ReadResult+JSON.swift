/// A read's explanation as JSON, the harness `explain` shape, shared by the harness and
/// `cachelens query --explain` so that both print the same thing.
extension ReadResult {
    /// `{"complete":…,"data":…partial…,"misses":[miss,…],"dependentKeys":[…sorted…]}`.
    /// With `"pending":[…]` when deferred fragments (`@defer`) are not in the cache, and
    /// `"guessed":[…]` when a fragment was applied by guess (no schema placed its type).
    public var explanationJSON: JSONObject {
        var object: JSONObject = [
            "complete": .bool(isComplete),
            "data": data.map(JSONValue.object) ?? .null,
            "misses": .array(misses.map { .object($0.jsonObject) }),
            "dependentKeys": .array(dependencies.map(\.description).sorted().map(JSONValue.string)),
        ]
        if !pending.isEmpty { object["pending"] = .array(pending.map { .object($0.jsonObject) }) }
        if !guesses.isEmpty { object["guessed"] = .array(guesses.map { .object($0.jsonObject) }) }
        return object
    }
}
