import GraphQLCache

/// A one-line text input (filter, command line, patterns).
public struct LineInput: Hashable, Sendable {
    public var text: String

    public init(_ text: String = "") { self.text = text }
}

/// The kinds of value `e` can write; Tab cycles through them.
public enum EditKind: String, CaseIterable, Hashable, Sendable {
    case string, int, float, bool, null, reference, json
}

/// The edit dialog: which field, as which kind, the text typed and the last validation error.
public struct EditDialog: Hashable, Sendable {
    public var field: FieldKey
    public var kind: EditKind
    public var input: LineInput
    public var error: String?

    public init(field: FieldKey, kind: EditKind, input: LineInput, error: String? = nil) {
        self.field = field
        self.kind = kind
        self.input = input
        self.error = error
    }
}

/// What deleting by a pattern would do, shown before it is done.
public struct PatternPreview: Hashable, Sendable {
    public var pattern: String
    public var count: Int
    /// The first matching keys.
    public var sample: [CacheKey]
    /// References from records that stay to records that would go: `Human:1000.friends -> Droid:2001`.
    public var danglingReferences: [String]
    public var danglingCount: Int
    /// Watches that read a record that would go.
    public var affectedWatches: [String]

    public init(pattern: String, count: Int, sample: [CacheKey], danglingReferences: [String], danglingCount: Int,
                affectedWatches: [String]) {
        self.pattern = pattern
        self.count = count
        self.sample = sample
        self.danglingReferences = danglingReferences
        self.danglingCount = danglingCount
        self.affectedWatches = affectedWatches
    }
}

/// Who points at a record: every field holding a reference to it.
public struct InboundList: Hashable, Sendable {
    public var target: CacheKey
    public var references: [FieldKey]
    public var selected: Int

    public init(target: CacheKey, references: [FieldKey], selected: Int = 0) {
        self.target = target
        self.references = references
        self.selected = selected
    }
}

/// The query console: the document and variables typed (Tab switches between them) and the
/// last report.
public struct QueryConsole: Hashable, Sendable {
    public var input: LineInput
    /// Variables as a JSON object; empty for none.
    public var variables: LineInput
    /// Whether keys go to the variables line rather than the document.
    public var editingVariables: Bool
    public var report: QueryReport?
    public var error: String?
    public var top: Int

    public init(input: LineInput = LineInput(), variables: LineInput = LineInput(), editingVariables: Bool = false,
                report: QueryReport? = nil, error: String? = nil, top: Int = 0) {
        self.input = input
        self.variables = variables
        self.editingVariables = editingVariables
        self.report = report
        self.error = error
        self.top = top
    }
}

/// What the keyboard is doing now: browsing, or talking to an overlay or prompt.
public enum Mode: Hashable, Sendable {
    case normal
    case help(top: Int)
    case filter(LineInput)
    case command(LineInput)
    case edit(EditDialog)
    case confirmDelete(CacheKey)
    case deletePattern(LineInput)
    case confirmPattern(PatternPreview)
    case inbound(InboundList)
    case watchInput(LineInput)
    /// `:gc` found these unreachable records; `y` deletes them.
    case confirmGarbage([CacheKey])
}

/// A change that `u` can take back.
public enum UndoEntry: Hashable, Sendable {
    /// A field was edited: its previous value.
    case edit(FieldKey, previous: CacheValue)
    /// Records were deleted: them as they were.
    case removal([Record], description: String)
}
