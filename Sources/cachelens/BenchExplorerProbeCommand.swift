import ArgumentParser
import CacheBench
import CacheExplorer
import Foundation
import GraphQLCache

/// `cachelens bench-explorer-probe FILE` (hidden): opens FILE read-only in the headless
/// explorer as `explore` would, renders the first frame, presses `G` (to the bottom) at once,
/// asks for a page of keys from the middle (the key sort likely still running), then in new
/// explorers on the same open file `j` and `G` again (the key order now ready), then (a second
/// later, as a user would) types the filter `/Item:99` one key at a time, a Backspace, in
/// another explorer `é` after `/Item`, and in another `x` (no key has one) after `/`, and prints
/// one JSON object with the times and the peak resident memory.
/// `cachelens bench` runs it in a child process so that its own memory does not count.
struct BenchExplorerProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-explorer-probe",
        abstract: "Measure the explorer's first frame and key presses on FILE (for cachelens bench).",
        shouldDisplay: false)

    @Argument(help: "A SQLite cache file.")
    var file: String

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let backend = try ExplorerFiles.openBackend(path: file, options: .init(readOnly: true))
        let open = clock.now - start
        let bottom = ExplorerBenchmark.measure(backend: backend, keys: [.character("G")])
        let middleStart = clock.now
        let middle = try backend.keys(matching: nil, offset: try backend.keyCount(matching: nil) / 2, limit: 38)
        let middlePage = clock.now - middleStart
        let down = ExplorerBenchmark.measure(backend: backend, keys: [.character("j")])
        let bottomAgain = ExplorerBenchmark.measure(backend: backend, keys: [.character("G")])
        guard bottom.firstScreen.contains("Item:"), bottom.secondScreen != bottom.firstScreen, middle.count == 38 else {
            throw ValidationError("\(file): the explorer drew no records, or the key press changed nothing")
        }
        Thread.sleep(forTimeInterval: 1)
        let typing = try Self.typeFilter(backend)
        let result: JSONObject = [
            "firstFrameMs": .double(Self.milliseconds(open + bottom.firstFrame)),
            "keyPressBottomMs": .double(Self.milliseconds(bottom.keyPress)),
            "middlePageMs": .double(Self.milliseconds(middlePage)),
            "keyPressDownMs": .double(Self.milliseconds(down.keyPress)),
            "keyPressBottomAgainMs": .double(Self.milliseconds(bottomAgain.keyPress)),
            "filterSlashMs": .double(typing.slash),
            "filterSlowestCharacterMs": .double(typing.characters.max() ?? 0),
            "filterMedianCharacterMs": .double(typing.characters.sorted()[typing.characters.count / 2]),
            "filterCharactersMs": .array(typing.characters.map(JSONValue.double)),
            "filterBackspaceMs": .double(typing.backspace),
            "filterNonASCIIMs": .double(typing.nonASCII),
            "filterNoMatchMs": .double(typing.noMatch),
            "peakResidentMB": ResidentMemory.peakBytes.map { .double(Double($0) / 1_048_576) } ?? .null,
        ]
        print(JSONValue.object(result).jsonText)
    }

    /// Types `/Item:99` then Backspace, `é` after `/Item` in another explorer and `x` after `/`
    /// in a third; the times of each key press in milliseconds.
    private static func typeFilter(_ backend: any ExplorerBackend) throws
        -> (slash: Double, characters: [Double], backspace: Double, nonASCII: Double, noMatch: Double) {
        let keys: [Key] = "/Item:99".map { Key.character($0) } + [.backspace]
        let typed = ExplorerBenchmark.type(keys, backend: backend)
        let accented = ExplorerBenchmark.type([.character("é")], after: "/Item".map { Key.character($0) }, backend: backend)
        let none = ExplorerBenchmark.type([.character("x")], after: [.character("/")], backend: backend)
        guard typed.lastScreen.contains("Item:9"), accented.lastScreen.contains("/Itemé"), none.lastScreen.contains("0 matching") else {
            throw ValidationError("the filter typed in the explorer did not show: \(typed.lastScreen)")
        }
        let times = typed.keyPresses.map(milliseconds)
        return (times[0], Array(times[1..<(times.count - 1)]), times[times.count - 1], milliseconds(accented.keyPresses[0]),
                milliseconds(none.keyPresses[0]))
    }

    private static func milliseconds(_ duration: Duration) -> Double { duration.secondsValue * 1000 }
}
