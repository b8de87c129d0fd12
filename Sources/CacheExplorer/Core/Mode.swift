import GraphQLCache

/// What the keyboard is doing now: browsing, or talking to an overlay or prompt.
package enum Mode: Hashable, Sendable {
    case normal
    case help(top: Int)
    case filter(LineInput)
    case command(LineInput)
    case edit(EditDialog)
    case deletePattern(LineInput)
    case inbound(InboundList)
    /// `:lint` found these; Enter opens the selected example record.
    case lint(LintList)
    /// `:open` with no file: the caches found on this machine's simulators and devices.
    case caches(FoundCacheList)
    /// `W` on a field: the watches that read it; Enter opens one.
    case readers(ReaderList)
    case watchInput(LineInput)
    /// A dangerous action shown with its consequences; `y` goes ahead.
    case confirm(Confirmation)
    /// Editing a watch's document and variables.
    case editWatch(WatchEditor)
}
