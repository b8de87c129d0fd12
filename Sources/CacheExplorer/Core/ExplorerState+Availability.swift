import GraphQLCache

/// Keys as data with a reason to be off (lazygit's `GetDisabledReason`): whether a command can
/// run in this state is decided here once. The reducer refuses a disabled command with its
/// reason, and help and the hint line grey it out, so no handler checks read-only on its own.
extension ExplorerState {
    /// Why `command` cannot run now, or nil when it can.
    public func disabledReason(for command: Command) -> DisabledReason? {
        switch command {
        // On the watches, e and d edit and remove a watch: the data is not touched.
        case .edit where focus == .watches, .delete where focus == .watches, .refetch:
            return watches.isEmpty ? .noWatch : nil
        case .edit, .delete, .deleteByPattern, .undo:
            if readOnly { return .readOnly }
            if command == .undo, undo.isEmpty { return .nothingToUndo }
            if command == .delete, targetKey == nil { return .nothingSelected }
            if command == .edit, record?.exists != true { return .noRecord }
            return nil
        case .inbound:
            return targetKey == nil ? .nothingSelected : nil
        default:
            return nil
        }
    }

    /// Why the `:` command cannot run now, or nil when it can.
    public func disabledReason(for command: LineCommand) -> DisabledReason? {
        command.changesData && readOnly ? .readOnly : nil
    }

    /// Whether a line input has the keyboard, so that characters are text, not commands.
    public var readsText: Bool {
        switch mode {
        case .filter, .command, .deletePattern, .watchInput, .edit, .editWatch: return true
        case .normal: return focus == .query
        case .help, .inbound, .lint, .confirm: return false
        }
    }

    /// The record `d` and `r` act on, whatever pane has focus: the one the record pane shows
    /// (it previews the list's selection), else the selected list row.
    public var targetKey: CacheKey? { record?.key ?? list.selectedRow?.key }
}
