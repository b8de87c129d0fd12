import GraphQLCache

/// One finding of `CacheLint`: a kind of trouble, how many records it touches, example keys,
/// and what to change. The harness `lint` op and `cachelens lint --json` print
/// `{"kind","message","keys","count","suggestion"?}`.
public struct LintFinding: Sendable, Hashable {
    /// The finding kinds of HARNESS.md's second edition.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Objects of a type that carry key fields are stored under path keys.
        case noCacheId
        /// One object stored under several keys, with values that differ.
        case duplicateEntity
        /// A reference names an absent record.
        case danglingReference
        /// No root reaches the record (what a garbage collection of unreachable records deletes).
        case unreachable
        /// A row whose record is not valid record JSON.
        case brokenRow
        /// Records of objects without `__typename`.
        case missingTypename
    }

    /// At most this many example keys are listed per finding; `count` says how many there are.
    public static let keyLimit = 100

    public var kind: Kind
    public var message: String
    /// Example keys (at most `keyLimit`), in natural order.
    public var keys: [CacheKey]
    /// How many records (or references, for `danglingReference`) the finding concerns.
    public var count: Int
    /// What to change: an SDL line, a selection, a command.
    public var suggestion: String?

    public init(kind: Kind, message: String, keys: [CacheKey], count: Int, suggestion: String? = nil) {
        self.kind = kind
        self.message = message
        self.keys = Array(keys.sorted().prefix(Self.keyLimit))
        self.count = count
        self.suggestion = suggestion
    }

    /// `{"kind","message","keys","count","suggestion"?}`.
    public var jsonObject: JSONObject {
        var object: JSONObject = [
            "kind": .string(kind.rawValue),
            "message": .string(message),
            "keys": .array(keys.map { .string($0.rawValue) }),
            "count": .int(count),
        ]
        if let suggestion { object["suggestion"] = .string(suggestion) }
        return object
    }
}
