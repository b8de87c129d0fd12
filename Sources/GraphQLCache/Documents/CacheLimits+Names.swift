/// The limits by name, so that a command line (`cachelens --limit maximumNestingDepth=500`), a
/// help text and an error message all speak of the same limit the same way.
extension CacheLimits {
    /// One limit of `CacheLimits`, named as its property.
    public enum Name: String, CaseIterable, Sendable {
        case maximumNestingDepth
        case maximumSelections
        case maximumResultValues

        /// What the limit bounds, in a few words (for help texts).
        public var summary: String {
            switch self {
            case .maximumNestingDepth: return "levels of braces, brackets and parentheses in GraphQL text, and of inlined selection sets"
            case .maximumSelections: return "fields and type cases of a document once fragment spreads are inlined"
            case .maximumResultValues: return "values one read may put in its result"
            }
        }

        /// The largest value that can be allowed: GraphQL's recursive parser overflows the stack
        /// a few thousand levels deep, so nesting stays at 1,000 or below; the others have none.
        public var ceiling: Int {
            self == .maximumNestingDepth ? 1_000 : Int.max
        }

        /// How an error names the way to raise this limit: the library property and the
        /// `cachelens` option that sets it.
        public var raiseHint: String {
            "raise it with CacheConfiguration.limits.\(rawValue), or --limit \(rawValue)=N on cachelens's command line"
        }
    }

    /// The limit called `name`.
    public subscript(name: Name) -> Int {
        get {
            switch name {
            case .maximumNestingDepth: return maximumNestingDepth
            case .maximumSelections: return maximumSelections
            case .maximumResultValues: return maximumResultValues
            }
        }
        set {
            switch name {
            case .maximumNestingDepth: maximumNestingDepth = newValue
            case .maximumSelections: maximumSelections = newValue
            case .maximumResultValues: maximumResultValues = newValue
            }
        }
    }
}
