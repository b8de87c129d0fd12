import GraphQLCache

/// "View whole" (`v`) and the record's JSON (`J`): what the focused pane has selected, whole,
/// in the pager — a value however long, a record field by field, a watch, the console's report.
extension Explorer {
    /// `v`: the selected thing whole.
    mutating func viewSelected() {
        switch state.focus {
        case .records: viewRecord(state.list.selectedRow?.key)
        case .record:
            if let row = state.record?.selectedRow { viewValue(row) } else { viewRecord(state.record?.key) }
        case .watches: viewWatch()
        case .query: viewConsoleReport()
        }
    }

    /// The selected record (the one the record pane shows, else the list's selection) as
    /// pretty Apollo record JSON, references as `{"$reference": "KEY"}`; a broken row's text as
    /// stored. Nil when nothing is selected or it cannot be read.
    package func selectedRecordJSON() -> String? {
        guard let key = state.targetKey, let stored = try? backend.loadStoredRecords(forKeys: [key])[key] else { return nil }
        switch stored {
        case .record(let record): return PrettyRecordJSON.text(record.fields)
        case .broken(let row): return row.text
        }
    }

    /// `J`: the selected record's JSON in the pager, or, while it is shown, back.
    mutating func toggleRecordJSON() {
        if case .pager(let pager) = state.mode, case .recordJSON = pager.content {
            closePager()
            return
        }
        guard let key = state.targetKey else { inform("nothing selected"); return }
        guard let json = selectedRecordJSON() else { inform("\(key.rawValue) does not exist"); return }
        openPager(title: "\(key.rawValue) · record JSON", text: json, content: .recordJSON(key))
    }

    /// A record field by field, each value whole.
    private mutating func viewRecord(_ key: CacheKey?) {
        guard let key else { inform("nothing selected"); return }
        do {
            switch try backend.loadStoredRecords(forKeys: [key])[key] {
            case .record(let record)?:
                let fields = RecordRows.orderedFields(record).map { name in
                    "\(name): " + Self.wholeText(record.fields[name] ?? .null, indent: "")
                }
                let count = "\(record.fields.count) field\(record.fields.count == 1 ? "" : "s")"
                openPager(title: "\(key.rawValue) · \(count)", text: fields.joined(separator: "\n"))
            case .broken(let row)?:
                openPager(title: "\(key.rawValue) · broken row", text: "✗ not a record: \(row.error)\n\n\(row.text)")
            case nil:
                inform("\(key.rawValue) does not exist")
            }
        } catch {
            fail(error)
        }
    }

    /// One value of the record pane, whole: a string as its text, lists and objects as JSON.
    private mutating func viewValue(_ row: FieldRow) {
        guard let view = state.record else { return }
        let place = ([row.field] + row.path).joined(separator: ".")
        let text: String
        if case .string(let value) = row.value { text = value } else { text = Self.wholeText(row.value, indent: "") }
        openPager(title: "\(view.key.rawValue) · \(place)", text: text)
    }

    /// A value as the pager shows it in a record: strings quoted, lists and objects as JSON.
    static func wholeText(_ value: CacheValue, indent: String) -> String {
        switch value {
        case .list, .object: return PrettyRecordJSON.text(value, indent: indent)
        default: return ValueText.plain(value)
        }
    }

    /// The selected (or open) watch: what the workspace shows, whole.
    private mutating func viewWatch() {
        let name = state.openWatch ?? (state.watches.indices.contains(state.selectedWatch) ? state.watches[state.selectedWatch].name : nil)
        guard let watch = state.watches.first(where: { $0.name == name }) else {
            inform(DisabledReason.noWatchMessage(keyMap))
            return
        }
        let header = WatchWorkspace.header(watch, now: state.now, changedAt: state.watchChangedAt[watch.name], keys: keyMap)
        let body = WatchWorkspace.body(watch, width: Int.max / 2, keys: keyMap)
        let document = watch.document.isEmpty ? [] : ["", watch.document]
        openPager(title: "Watch \(watch.name)", text: (header.map(\.0) + document + [""] + body.map(\.0)).joined(separator: "\n"))
    }

    /// The console's last report (or its error), whole.
    private mutating func viewConsoleReport() {
        if let error = state.console.error {
            openPager(title: "Query console · error", text: error)
        } else if let report = state.console.report {
            openPager(title: "Query console · report", text: report.styledLines.map(\.0).joined(separator: "\n"))
        } else {
            inform("no report yet: type a document and press Enter")
        }
    }

    /// Whether the selected field's value is cut in the record pane (Enter then shows it whole).
    func selectedValueIsCut() -> Bool {
        guard let view = state.record, let row = view.selectedRow, let rect = Layout(state: state).record else { return false }
        let room = rect.inner.width - Renderer.labelWidth(view, inner: rect.inner) - 2
        let text = ValueText.segments(row.value, dangling: row.isDangling, expanded: row.isExpanded).map(\.0).joined()
        return DisplayWidth.of(VisibleText.shown(text, asciiOnly: state.asciiOnly)) > room
    }
}
