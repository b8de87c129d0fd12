import GraphQLCache

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
