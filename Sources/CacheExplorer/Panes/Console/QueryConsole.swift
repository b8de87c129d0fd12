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
    /// The background run under way (its id), if any.
    public var running: Int?

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
