import GraphQLCache

/// Keys as data with a reason to be off (lazygit's `GetDisabledReason`): which binding answers a
/// command in this state comes from the focused pane's table, then the global one, and the row
/// says whether it can run. The reducer refuses a disabled command with its reason, and help
/// and the hint line grey it out, so no handler checks read-only on its own.
extension ExplorerState {
    /// The tables that answer a key now, the most specific first: the open watch's, the
    /// focused pane's, then the global keys.
    package var keyTables: [[Binding]] {
        switch focus {
        case .records: return [RecordsKeys.table, GlobalKeys.table]
        case .record: return [RecordKeys.table, GlobalKeys.table]
        case .watches where openWatch != nil: return [WatchesKeys.workspace, WatchesKeys.table, GlobalKeys.table]
        case .watches: return [WatchesKeys.table, GlobalKeys.table]
        case .query: return [ConsoleKeys.table, GlobalKeys.table]
        }
    }

    /// The row that runs `command` now.
    package func binding(for command: Command) -> Binding? {
        for table in keyTables {
            if let row = table.first(where: { $0.command == command && $0.action != nil }) { return row }
        }
        return nil
    }

    /// Why `command` cannot run now, or nil when it can.
    package func disabledReason(for command: Command) -> DisabledReason? {
        binding(for: command)?.disabledReason(self)
    }

    /// Why the `:` command cannot run now, or nil when it can.
    package func disabledReason(for command: LineCommand) -> DisabledReason? {
        command.changesData ? Self.writable(self) : nil
    }

    /// Whether a line input has the keyboard, so that characters are text, not commands.
    package var readsText: Bool {
        switch mode {
        case .filter, .command, .deletePattern, .watchInput, .edit, .editWatch: return true
        case .normal: return focus == .query
        case .help, .inbound, .lint, .caches, .readers, .confirm: return false
        }
    }

    /// The record `d` and `r` act on, whatever pane has focus: the one the record pane shows
    /// (it previews the list's selection), else the selected list row.
    package var targetKey: CacheKey? { record?.key ?? list.selectedRow?.key }
}

/// The conditions binding rows name as their `disabledReason`.
extension ExplorerState {
    /// Changes to the data need it opened for writing.
    static func writable(_ state: ExplorerState) -> DisabledReason? {
        state.readOnly ? .readOnly : nil
    }

    /// An edit needs a writable record shown.
    static func fieldEditable(_ state: ExplorerState) -> DisabledReason? {
        writable(state) ?? (state.record?.exists == true ? nil : .noRecord)
    }

    /// A delete needs a writable record shown or selected.
    static func targetDeletable(_ state: ExplorerState) -> DisabledReason? {
        writable(state) ?? hasTarget(state)
    }

    /// Undo needs a writable store and something done.
    static func undoable(_ state: ExplorerState) -> DisabledReason? {
        writable(state) ?? (state.undo.isEmpty ? .nothingToUndo : nil)
    }

    /// A record shown or selected (inbound references, delete).
    static func hasTarget(_ state: ExplorerState) -> DisabledReason? {
        state.targetKey == nil ? .nothingSelected : nil
    }

    /// A copy pulled off a device, to pull again (`R`).
    static func pulled(_ state: ExplorerState) -> DisabledReason? {
        state.pulledFrom == nil ? .notPulled : nil
    }

    /// A field selected in the record pane (`W`).
    static func hasField(_ state: ExplorerState) -> DisabledReason? {
        state.record?.selectedRow == nil ? .noField : nil
    }

    /// A watch to refetch, edit or remove.
    static func hasWatch(_ state: ExplorerState) -> DisabledReason? {
        state.watches.isEmpty ? .noWatch : nil
    }
}
