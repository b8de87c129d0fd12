import CacheExplorer
import Foundation
import GraphQLCache

/// The one way the explorer is measured, used by `cachelens-bench` (in a child process,
/// `cachelens-bench explorer-probe FILE`, so that the bench's own memory does not count) and by
/// `cachelens-bench measure-explorer FILE`.
///
/// It opens the backend, renders the first frame (on a big file, how far the first read of the
/// keys got), waits until the list shows the keys, presses `G` (to the bottom) at once, asks for
/// a page of keys from the middle (the key sort likely still running), then in new explorers on
/// the same backend `j` and `G` again (the key order now ready), then (a second later, as a user
/// would) types the filter `/Item:99` one key at a time, a Backspace, in another explorer `é`
/// after `/Item`, and in another `x` (no key has one) after `/`; and reads the peak resident
/// memory.
public struct ExplorerProbe: Sendable {
    /// Every figure by the name the bench reads (milliseconds, `peakResidentMB` in megabytes).
    public let figures: JSONObject
    /// Whether the screens showed the bench file's items: records drawn, the key presses and
    /// the middle page answered, the filter shown as typed.
    public let drewItems: Bool

    /// Measures the explorer on the backend `open` returns (its time is part of the first frame).
    package static func run(open: () throws -> any ExplorerBackend) throws -> ExplorerProbe {
        let clock = ContinuousClock()
        let start = clock.now
        let backend = try open()
        var opening = Explorer(backend: backend, size: ExplorerTiming.size)
        _ = opening.render()
        let firstFrame = clock.now - start
        opening.settle()
        let listed = opening.render()
        let keysListed = clock.now - start
        let bottom = ExplorerTiming.measure(backend: backend, keys: [.character("G")])
        let middleStart = clock.now
        let middle = try backend.keys(matching: nil, offset: try backend.keyCount(matching: nil) / 2, limit: 38)
        let middlePage = clock.now - middleStart
        let down = ExplorerTiming.measure(backend: backend, keys: [.character("j")])
        let bottomAgain = ExplorerTiming.measure(backend: backend, keys: [.character("G")])
        Thread.sleep(forTimeInterval: 1)
        let typing = FilterTyping(backend)
        var figures: JSONObject = [
            "firstFrameMs": .double(milliseconds(firstFrame)),
            "keysListedMs": .double(milliseconds(keysListed)),
            "keyPressBottomMs": .double(milliseconds(bottom.keyPress)),
            "middlePageMs": .double(milliseconds(middlePage)),
            "keyPressDownMs": .double(milliseconds(down.keyPress)),
            "keyPressBottomAgainMs": .double(milliseconds(bottomAgain.keyPress)),
        ]
        for (name, value) in typing.figures { figures[name] = value }
        figures["peakResidentMB"] = ResidentMemory.peakBytes.map { .double(Double($0) / 1_048_576) } ?? .null
        let drewItems = listed.text.contains("Item:") && bottom.firstScreen.contains("Item:") && bottom.secondScreen != bottom.firstScreen
            && middle.count == 38 && typing.showedFilters
        return ExplorerProbe(figures: figures, drewItems: drewItems)
    }

    /// Throws, naming `file`, unless the screens showed the bench file's items.
    public func checkDrewItems(file: String) throws {
        guard drewItems else {
            throw BenchmarkError("\(file): the explorer drew no records, a key press changed nothing, or the filter did not show")
        }
    }

    /// The figures as one line of JSON.
    public var jsonText: String { JSONValue.object(figures).jsonText }

    static func milliseconds(_ duration: Duration) -> Double { duration.secondsValue * 1000 }
}

/// The filter figures: `/Item:99` typed then Backspace, `é` after `/Item` in another explorer
/// and `x` after `/` in a third; each key press in milliseconds.
private struct FilterTyping {
    let figures: JSONObject
    /// Whether each explorer showed what was typed (and `x` no match).
    let showedFilters: Bool

    init(_ backend: any ExplorerBackend) {
        let keys: [Key] = "/Item:99".map { Key.character($0) } + [.backspace]
        let typed = ExplorerTiming.type(keys, backend: backend)
        let accented = ExplorerTiming.type([.character("é")], after: "/Item".map { Key.character($0) }, backend: backend)
        let none = ExplorerTiming.type([.character("x")], after: [.character("/")], backend: backend)
        showedFilters = typed.lastScreen.contains("Item:9") && accented.lastScreen.contains("/Itemé")
            // Over many keys the frame searches a bounded share and says it goes on searching.
            && (none.lastScreen.contains("0 matching") || none.lastScreen.contains("searching for \"x\""))
        let times = typed.keyPresses.map(ExplorerProbe.milliseconds)
        let characters = Array(times[1..<(times.count - 1)])
        figures = [
            "filterSlashMs": .double(times[0]),
            "filterSlowestCharacterMs": .double(characters.max() ?? 0),
            "filterMedianCharacterMs": .double(characters.sorted()[characters.count / 2]),
            "filterCharactersMs": .array(characters.map(JSONValue.double)),
            "filterBackspaceMs": .double(times[times.count - 1]),
            "filterNonASCIIMs": .double(ExplorerProbe.milliseconds(accented.keyPresses[0])),
            "filterNoMatchMs": .double(ExplorerProbe.milliseconds(none.keyPresses[0])),
        ]
    }
}
