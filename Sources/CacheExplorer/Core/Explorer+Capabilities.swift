import GraphQLCache

/// The backend's capabilities beyond browsing, found where they are used: data without a
/// store behind it is read-only and has no watches, console or background search.
extension Explorer {
    /// The backend, when it can change the data.
    var writer: (any RecordWriting)? { backend as? any RecordWriting }
    /// The backend, when it hosts watches.
    var watchHost: (any WatchHosting)? { backend as? any WatchHosting }
    /// The backend, when the console can run documents on it.
    var explainer: (any QueryExplaining)? { backend as? any QueryExplaining }
    /// The backend, when it searches values in the background.
    var finder: (any ValueFinding)? { backend as? any ValueFinding }

    /// The writer, or the read-only refusal (the bindings grey such keys out before this).
    func writable() throws(ExplorerError) -> any RecordWriting {
        guard let writer, !writer.isReadOnly else { throw ExplorerError.readOnly }
        // One big change at a time: a second would wait for the first's transaction.
        if let work = state.longWork { throw .invalid("\(work.label) is under way; wait, or \(keyMap.keyName(.cancel)) cancels it") }
        return writer
    }

    /// The watch host, or why there are no watches.
    func watching() throws(ExplorerError) -> any WatchHosting {
        guard let watchHost else { throw ExplorerError.unsupported("\(backend.sourceName) has no GraphQL store to watch queries on") }
        return watchHost
    }

    /// Whether `backend` opens read-only: it cannot write, or was opened `--read-only`.
    static func isReadOnly(_ backend: any RecordBrowsing) -> Bool {
        (backend as? any RecordWriting)?.isReadOnly ?? true
    }
}
