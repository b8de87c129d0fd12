/// Picks one cache of those `caches` lists: by its number in the list, by app id (exact, else
/// a case-insensitive part of it), or the only one there is. Several matches are an error that
/// lists them with their numbers, so the user can give the number instead.
enum CacheChoice {
    static func choose(_ found: [FoundCache], number: Int?, app: String?) throws(CommandError) -> FoundCache {
        if let number {
            guard found.indices.contains(number - 1) else {
                throw .discovery(message: "no cache number \(number): `cachelens caches` lists \(found.count)")
            }
            return found[number - 1]
        }
        let numbered = Array(zip(1..., found))
        var matches = numbered
        if let app {
            let exact = numbered.filter { $0.1.app == app }
            matches = exact.isEmpty ? numbered.filter { $0.1.app.lowercased().contains(app.lowercased()) } : exact
        }
        guard matches.count == 1, let match = matches.first else {
            let what = app.map { "app \($0)" } ?? "the search"
            if matches.isEmpty { throw .discovery(message: "no Apollo cache found for \(what) (run `cachelens caches` to see them all)") }
            let lines = matches.map { "  \($0.0)  \(CacheListing.line($0.1))" }
            throw .discovery(message: "\(matches.count) caches found for \(what); open one by its number "
                + "(`cachelens explore N`):\n" + lines.joined(separator: "\n"))
        }
        return match.1
    }
}
