import GraphQLCache

/// The `:` command line: runs the rows of `LineCommand.allCases`, and the handlers they name.
extension Explorer {
    mutating func runCommandLine(_ line: String) {
        let text = line.trimmed
        let name = String(text.prefix { $0 != " " })
        let argument = String(text.dropFirst(name.count)).trimmed
        guard !name.isEmpty else { return }
        guard let command = LineCommand(named: name) else {
            fail(ExplorerError.invalid("unknown command :\(name); commands: \(LineCommand.names)"))
            return
        }
        if let reason = state.disabledReason(for: command) {
            fail(ExplorerError.invalid(reason.message(keys: keyMap)))
            return
        }
        command.action(&self, argument, name.hasSuffix("!"))
    }

    /// `:open FILE`, first asking when changes live only in memory and would be lost, as
    /// quitting does; `force` (`:open!`) does not ask.
    mutating func openFile(_ path: String, force: Bool) {
        guard !path.isEmpty else { listFoundCaches(); return }
        if !force, state.unsavedChanges > 0 {
            state.mode = .confirm(.open(path: path, unsavedChanges: state.unsavedChanges))
            return
        }
        do {
            replaceBackend(try environment.openBackend(path))
            inform("opened \(path)")
        } catch {
            fail(error)
        }
    }

    mutating func switchTheme(_ name: String) {
        guard !name.isEmpty else { inform("theme: \(theme.name)"); return }
        do {
            setTheme(try environment.loadTheme(name))
            inform("theme \(name)")
        } catch {
            fail(error)
        }
    }

    /// `; not exported: 2 broken rows (Human:1000, Item:7), 1 row without a key`, or nothing.
    static func notExported(_ rows: BrokenRowSummary) -> String {
        var parts: [String] = []
        let broken = rows.brokenKeys
        if !broken.isEmpty {
            let named = broken.prefix(3).map(\.rawValue).joined(separator: ", ") + (broken.count > 3 ? ", …" : "")
            parts.append("\(broken.count) broken row\(broken.count == 1 ? "" : "s") (\(named))")
        }
        if rows.nullKeyRows > 0 { parts.append("\(rows.nullKeyRows) row\(rows.nullKeyRows == 1 ? "" : "s") without a key") }
        return parts.isEmpty ? "" : "; not exported: " + parts.joined(separator: ", ")
    }

    /// `w` / `:watch`: a document typed in, or a file holding one, optionally followed (a file
    /// only) by its variables as JSON: `:watch Luke.graphql {"id": "1000"}`. A document that
    /// declares variables and comes without them opens the two-field dialog to fill them in.
    mutating func addWatch(_ text: String) {
        let source = text.trimmed
        guard !source.isEmpty else {
            inform(":watch needs a query: a document, or a .graphql file and its variables (:watch FILE {\"id\": \"1000\"}); w types one")
            return
        }
        do {
            let looksLikeDocument = source.hasPrefix("{") || source.hasPrefix("query") || source.hasPrefix("fragment")
            let (path, variables) = looksLikeDocument ? (source, nil) : Self.fileAndVariables(source)
            let document = looksLikeDocument ? source : try environment.readFile(path)
            guard variables != nil || VariablesText.declared(in: document).isEmpty else {
                state.mode = .editWatch(.adding(Self.documentLine(document)))
                return
            }
            try startWatch(document, variables: variables ?? "")
        } catch {
            fail(error)
        }
    }

    /// `Luke.graphql {"id": "1000"}` → the path and the variables text (nil without one).
    private static func fileAndVariables(_ source: String) -> (String, String?) {
        guard let space = source.firstIndex(where: \.isWhitespace) else { return (source, nil) }
        let rest = String(source[space...]).trimmed
        return (String(source[..<space]), rest.isEmpty ? nil : rest)
    }

    /// Adds the watch, selects it and says so.
    mutating func startWatch(_ document: String, variables: String) throws {
        let name = try watching().addWatch(name: nil, document: document, variables: variables)
        refreshWatches()
        state.focus = .watches
        state.selectedWatch = state.watches.firstIndex { $0.name == name } ?? 0
        inform("watching \(name)")
    }

    /// `:query`: the console with a document typed or read from a file, run at once.
    mutating func openQuery(_ argument: String) {
        state.focus = .query
        guard !argument.isEmpty else { return }
        do {
            let document = argument.hasSuffix(".graphql") ? try environment.readFile(argument) : argument
            state.console.input = LineInput(Self.documentLine(document))
            runQuery(state.console.input.text)
        } catch {
            state.console.error = "\(error)"
        }
    }

    /// Runs a document (with the console's variables) against the cache in the query console,
    /// in the background: keys keep working, progress shows after a moment, `Esc` cancels.
    mutating func runQuery(_ document: String) {
        guard !document.trimmed.isEmpty else { return }
        if let running = state.console.running { explainer?.cancelExplain(running) }
        let variables = state.console.variables.text
        if let id = explainer?.startExplain(document: document, variables: variables) {
            state.console.running = id
            state.console.error = nil
            updateBusy()
            return
        }
        do {
            guard let explainer else {
                throw ExplorerError.unsupported("\(backend.sourceName) has no GraphQL store to run queries on")
            }
            queryExplainedNow(.report(try explainer.explain(document: document, variables: variables)))
        } catch {
            queryExplainedNow(.failed("\(error)"))
        }
    }

    private mutating func queryExplainedNow(_ outcome: QueryOutcome) {
        state.console.running = 0
        queryExplained(id: 0, outcome)
    }
}
