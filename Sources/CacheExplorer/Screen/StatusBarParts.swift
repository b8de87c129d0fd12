import CacheDiagnostics
import GraphQLCache

/// The status bar's parts (file, records, schema, network, policy, mode, read-only, …), each
/// with a shorter form and a rank, fitted to the width: the least needed parts are shortened
/// first, then dropped, so that a 60-column terminal still says where you are. What is kept
/// longest: the record count, the mode, read-only, problems (broken rows, a failed schema), a
/// `:find` under way, then the file, the schema, the network and the policy.
struct StatusBarParts {
    struct Part {
        var text: String
        /// A shorter form, tried before the part is dropped.
        var short: String?
        /// Lower ranks go first when the bar is too long; nil: never dropped.
        var rank: Int?
    }

    var parts: [Part] = []

    /// The parts for `state`, in the order they are shown.
    init(_ state: ExplorerState) {
        parts.append(Part(text: state.sourceName, short: Self.lastComponent(state.sourceName), rank: 5))
        let count = "\(MissGroup.number(state.list.count))\(state.list.countIsExact ? "" : "+")"
        let noun = state.list.count == 1 && state.list.countIsExact ? "record" : "records"
        parts.append(Part(text: "\(count) \(state.list.filter.isEmpty ? noun : "matching")", short: count, rank: nil))
        let broken = state.brokenRows.brokenKeys.count
        if broken > 0 { parts.append(Part(text: "\(broken) broken row\(broken == 1 ? "" : "s")", short: "\(broken) broken", rank: 7)) }
        let keyless = state.brokenRows.nullKeyRows
        if keyless > 0 { parts.append(Part(text: "\(keyless) row\(keyless == 1 ? "" : "s") without a key", short: "\(keyless) keyless", rank: 7)) }
        if let find = state.find {
            parts.append(Part(text: "find \(find.matches.count)\(find.isFinished ? "" : " (\(Int(find.fraction * 100))%)")", rank: 8))
        }
        parts.append(Self.schemaPart(state))
        parts.append(Part(text: state.networkName ?? "offline", rank: 3))
        parts.append(Part(text: "policy: \(state.console.policy.rawValue)", short: Self.shortName(state.console.policy), rank: 2))
    }

    private static func schemaPart(_ state: ExplorerState) -> Part {
        if let problem = state.schemaProblem {
            return Part(text: "introspection failed: \(problem)", short: "schema: \(problem)", rank: 7)
        }
        guard let types = state.schemaTypes else { return Part(text: "no schema", rank: 4) }
        return Part(text: "schema: \(MissGroup.number(types)) type\(types == 1 ? "" : "s")", short: "\(types) types", rank: 4)
    }

    /// The texts, shortened and dropped (lowest rank first) until they and `fixed` fit `width`.
    func fitted(width: Int, fixed: [String]) -> [String] {
        var shown = parts
        let separator = DisplayWidth.of(" │ ")
        func length() -> Int {
            let texts = shown.map(\.text).filter { !$0.isEmpty } + fixed
            return texts.reduce(0) { $0 + DisplayWidth.of($1) } + separator * texts.count + 1
        }
        let order = shown.indices.filter { shown[$0].rank != nil }.sorted { shown[$0].rank! < shown[$1].rank! }
        for index in order where length() > width {
            if let short = shown[index].short { shown[index].text = short }
        }
        var dropped = Set<Int>()
        for index in order where length() > width {
            dropped.insert(index)
            shown[index].text = ""
        }
        return shown.indices.filter { !dropped.contains($0) }.map { shown[$0].text }
    }

    /// `cache.sqlite` of `/path/to/cache.sqlite`.
    static func lastComponent(_ path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let name = String(path[path.index(after: slash)...])
        return name.isEmpty ? nil : name
    }

    /// Apollo iOS 2.x's name of a policy (`cacheOnly`), shorter than the 1.x raw value.
    static func shortName(_ policy: CachePolicy) -> String {
        switch policy {
        case .cacheFirst: return "cacheFirst"
        case .networkOnly: return "networkOnly"
        case .fetchIgnoringCacheCompletely: return "ignoreCache"
        case .cacheOnly: return "cacheOnly"
        case .cacheAndNetwork: return "cacheAndNetwork"
        case .networkFirst: return "networkFirst"
        }
    }
}
