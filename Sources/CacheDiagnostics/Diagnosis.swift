import GraphQLCache

/// What a group of misses (or a finding of `CacheLint`) means and what to change, with the SDL
/// or query edit to paste. The harness `explain` and `lint` ops print these as
/// `{"kind","message","suggestion"?,"keys"?}`.
public struct Diagnosis: Sendable, Hashable {
    /// The kinds HARNESS.md names, plus four that explain single misses.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The field is cached with other arguments.
        case argumentsDiffer
        /// The record the arguments name exists, but no `@fieldPolicy` leads there.
        case noFieldPolicy
        /// Objects of a type that carry key fields are stored under path keys.
        case noCacheId
        /// One object stored under several keys, with values that differ.
        case duplicateEntity
        /// A stored reference names an absent record.
        case danglingReference
        /// No record of the type holds the field: no operation fetched it.
        case neverFetched
        /// Other records of the type hold the field; this one's writer did not select it.
        case fetchedElsewhere
        /// A `@fieldPolicy` built the key from the arguments, and that record is absent.
        case fieldPolicyKey
        /// A stored scalar does not fit its schema type (Apollo's "could not convert").
        case wrongType
        /// Null in a field the schema says is non-null.
        case nullValue
    }

    public var kind: Kind
    /// What it means, in a sentence or two, naming records and fields.
    public var message: String
    /// What to change: an SDL line, a selection to add, a command to run.
    public var suggestion: String?
    /// The records concerned.
    public var keys: [CacheKey]

    public init(kind: Kind, message: String, suggestion: String? = nil, keys: [CacheKey] = []) {
        self.kind = kind
        self.message = message
        self.suggestion = suggestion
        self.keys = keys
    }

    /// `{"kind","message","suggestion"?,"keys"?}` (HARNESS.md second edition).
    public var jsonObject: JSONObject {
        var object: JSONObject = ["kind": .string(kind.rawValue), "message": .string(message)]
        if let suggestion { object["suggestion"] = .string(suggestion) }
        if !keys.isEmpty { object["keys"] = .array(keys.map { .string($0.rawValue) }) }
        return object
    }

    /// `kind: message` and, indented below, `fix: suggestion`.
    public var lines: [String] {
        [kind.rawValue + ": " + message] + (suggestion.map { ["  fix: " + $0] } ?? [])
    }
}
