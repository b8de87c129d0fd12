import GraphQLCache

/// `:find TEXT` (or `:find FIELD=TEXT`): records whose values contain the text, searched in the
/// background with progress in the status bar; `n` / `N` open the matches one by one; `Esc`
/// stops a running search, and clears a finished one.
extension Explorer {
    mutating func startFind(_ argument: String) {
        let text = argument.trimmed
        guard !text.isEmpty else { fail(ExplorerError.invalid(":find needs a text (or FIELD=TEXT)")); return }
        let search = Self.valueSearch(text)
        if let previous = state.find, !previous.isFinished { finder?.cancelFind(previous.id) }
        guard let id = finder?.startFind(search) else {
            var find = FindState(id: 0, search: search)
            do {
                try backend.forEachRecord { if search.matches($0) { find.matches.append($0.key) } }
            } catch {
                fail(error)
                return
            }
            find.matches.sort()
            find.fraction = 1
            find.isFinished = true
            state.find = find
            inform(find.summary(keys: keyMap))
            return
        }
        state.find = FindState(id: id, search: search)
        inform(state.find!.summary(keys: keyMap))
    }

    /// `name=Luke` searches field `name`; anything else (no `=`, or a space before it) every field.
    static func valueSearch(_ text: String) -> ValueSearch {
        if let equals = text.firstIndex(of: "="), equals != text.startIndex, !text[..<equals].contains(" "),
           text.index(after: equals) != text.endIndex {
            return ValueSearch(text: String(text[text.index(after: equals)...]), field: String(text[..<equals]))
        }
        return ValueSearch(text: text)
    }

    /// A slice of the search came in.
    mutating func found(id: Int, keys: [CacheKey], fraction: Double, finished: Bool) {
        guard var find = state.find, find.id == id, !find.isFinished else { return }
        find.matches += keys
        find.fraction = fraction
        if finished {
            find.isFinished = true
            find.matches.sort()
        }
        state.find = find
        if state.mode == .normal, state.message == nil || state.message?.text.hasPrefix("find ") == true {
            inform(find.summary(keys: keyMap))
        }
    }

    /// `n` / `N` with a find: opens the next (previous) match in the record pane.
    mutating func walkFind(forward: Bool) {
        guard var find = state.find else { return }
        guard !find.matches.isEmpty else { inform(find.summary(keys: keyMap)); return }
        let count = find.matches.count
        let index = find.current.map { ($0 + (forward ? 1 : -1) + count) % count } ?? (forward ? 0 : count - 1)
        find.current = index
        state.find = find
        open(find.matches[index])
        state.focus = .record
        let place = landOnMatch(find.search)
        inform("match \(index + 1)/\(count)\(find.isFinished ? "" : "+"): \(find.matches[index])" + (place.map { " · \($0.text)" } ?? ""))
    }

    /// Selects the first value of the record shown that the search matches (its field, or the
    /// element of a list), opening the lists around it; returns where that is.
    private mutating func landOnMatch(_ search: ValueSearch) -> ValuePath? {
        guard let key = state.record?.key, let record = try? backend.loadRecord(key) else { return nil }
        let pattern = KeyPattern(search.text)
        guard let place = ValuePath.first(in: record, field: search.field, where: { Self.leaf($0, matches: pattern) }) else { return nil }
        land(at: place)
        return place
    }

    /// Whether a scalar or reference contains the text, as `ValueSearch` reads values.
    static func leaf(_ value: CacheValue, matches pattern: KeyPattern) -> Bool {
        switch value {
        case .bool(let flag): return pattern.matches(flag ? "true" : "false")
        case .int(let number): return pattern.matches(String(number))
        case .double(let number): return pattern.matches(String(number))
        case .string(let text): return pattern.matches(text)
        case .reference(let key): return pattern.matches(key)
        case .null, .list, .object: return false
        }
    }

    /// `Esc` with a find: stops it while it runs, forgets it once finished.
    mutating func cancelFind() -> Bool {
        guard let find = state.find else { return false }
        if find.isFinished {
            state.find = nil
            inform("find cleared")
        } else {
            finder?.cancelFind(find.id)
            state.find?.isFinished = true
            inform("find stopped: \(find.matches.count) match\(find.matches.count == 1 ? "" : "es") so far; \(keyMap.keyName(.nextMatch)) walks them")
        }
        return true
    }
}
