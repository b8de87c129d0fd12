import CacheDiagnostics
import GraphQLCache

/// `y` copies what is selected, `Y` its path or key form, through the terminal's clipboard
/// (OSC 52, `ClipboardEscape`): the reducer only decides what to copy and says so; the text
/// waits in `ExplorerState.pendingCopy` for the loop to hand it to the terminal, which writes
/// the escape. `copyTarget` is the one place that decides what "selected" means.
extension Explorer {
    /// What `y` (`pathForm`: `Y`) copies now, or nil when nothing is selected.
    func copyTarget(pathForm: Bool) -> CopyTarget? {
        switch state.focus {
        case .records:
            guard let key = state.list.selectedRow?.key else { return nil }
            return CopyTarget(text: key.rawValue, what: "key \(key.rawValue)")
        case .record: return fieldCopy(pathForm: pathForm)
        case .watches: return watchCopy(pathForm: pathForm)
        case .query: return consoleCopy(pathForm: pathForm)
        }
    }

    /// `y`/`Y`: copies the target, or says why not (nothing selected, too big for a clipboard).
    mutating func copySelection(pathForm: Bool) {
        guard let target = copyTarget(pathForm: pathForm) else {
            fail(ExplorerError.invalid("nothing to copy here"))
            return
        }
        let bytes = target.text.utf8.count
        guard bytes <= ClipboardEscape.limit else {
            fail(ExplorerError.invalid("not copied: \(target.what) is \(MissGroup.number(bytes)) bytes; "
                + "a terminal clipboard (OSC 52) takes at most \(MissGroup.number(ClipboardEscape.limit))"))
            return
        }
        state.pendingCopy = target.text
        inform("copied \(target.what), \(MissGroup.number(bytes)) byte\(bytes == 1 ? "" : "s")")
    }

    /// The text the terminal should put on its clipboard now, taken (the loop writes it once).
    package mutating func takePendingCopy() -> String? {
        defer { state.pendingCopy = nil }
        return state.pendingCopy
    }

    /// The selected field's value (a string as it is, a reference as its key, lists and objects
    /// as record JSON), or its path (`Droid:2001.friends[1]`).
    private func fieldCopy(pathForm: Bool) -> CopyTarget? {
        guard let view = state.record, let row = view.selectedRow else { return nil }
        let record = try? backend.loadRecord(view.key)
        let path = Self.path(of: row, in: record, key: view.key)
        if pathForm { return CopyTarget(text: path, what: "path \(path)") }
        return CopyTarget(text: ValueText.editStart(row.value).1, what: "\(path) value")
    }

    /// `Droid:2001.friends[1]`: list elements in brackets, object members after dots, found by
    /// walking the stored value (a row's path alone cannot tell index `1` from member `1`).
    static func path(of row: FieldRow, in record: Record?, key: CacheKey) -> String {
        var text = "\(key.rawValue).\(row.field)"
        var value = record?.fields[row.field]
        for step in row.path {
            switch value {
            case .list(let items)?:
                text += "[\(step)]"
                value = Int(step).flatMap { items.indices.contains($0) ? items[$0] : nil }
            case .object(let members)?:
                text += ".\(step)"
                value = members[step]
            default:
                text += ".\(step)"
                value = nil
            }
        }
        return text
    }

    /// The selected watch's result lines, or (`pathForm`) its document.
    private func watchCopy(pathForm: Bool) -> CopyTarget? {
        guard let watch = selectedWatchSnapshot else { return nil }
        if pathForm { return CopyTarget(text: watch.document, what: "\(watch.name)'s document") }
        return CopyTarget(text: watch.resultLines.joined(separator: "\n"), what: "\(watch.name)'s result")
    }

    /// The console's result as it reads (report, or error), or (`pathForm`) its document.
    private func consoleCopy(pathForm: Bool) -> CopyTarget? {
        let console = state.console
        if pathForm {
            guard !console.input.text.isEmpty else { return nil }
            return CopyTarget(text: console.input.text, what: "the console's document")
        }
        guard let lines = consoleResultLines, !lines.isEmpty else { return nil }
        return CopyTarget(text: lines.joined(separator: "\n"), what: "the console's result")
    }

    /// The console's result as text lines, nil before a run.
    private var consoleResultLines: [String]? {
        if let error = state.console.error { return [error] }
        guard let report = state.console.report else { return nil }
        let fetch = state.console.fetch?.styledLines(undoKey: keyMap.keyNameAfterLeavingTheConsole(.undo)) ?? []
        return (fetch + report.styledLines).map(\.0)
    }
}
