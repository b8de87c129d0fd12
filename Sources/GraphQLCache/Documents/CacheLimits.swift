/// Bounds on the work one document, schema or read may ask for, so that a small hostile input
/// (a 5,000-level nesting, a "fragment bomb", a record that lists itself 100,000 times) gets a
/// clear error instead of a crash, minutes of work or gigabytes of memory.
///
/// Each limit is checked where the work happens: nesting before GraphQL's parser sees the text
/// (its recursive descent overflows the stack on deep input), selections where fragment spreads
/// are inlined into a plan, values where a read builds its result. Raise one by setting it on
/// `CacheConfiguration.limits`; the defaults are far above what real operations need.
public struct CacheLimits: Sendable, Hashable {
    /// How deeply braces, brackets and parentheses may nest in a GraphQL source text (operations,
    /// fragments, SDL), and how deeply selection sets may nest once fragments are inlined.
    public var maximumNestingDepth: Int
    /// How many fields and type cases a compiled document may hold once every fragment spread is
    /// inlined (a spread of a fragment that spreads another twice doubles the count per level).
    public var maximumSelections: Int
    /// How many values (objects, list elements, scalars) one read may put in its result.
    public var maximumResultValues: Int

    /// Defaults: nesting 200, 200,000 selections, 5,000,000 result values.
    public init(maximumNestingDepth: Int = 200, maximumSelections: Int = 200_000,
                maximumResultValues: Int = 5_000_000) {
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumSelections = maximumSelections
        self.maximumResultValues = maximumResultValues
    }
}
