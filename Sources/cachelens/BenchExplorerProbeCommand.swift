import ArgumentParser
import CacheBench
import CacheExplorer
import Foundation
import GraphQLCache

/// `cachelens bench-explorer-probe FILE` (hidden): opens FILE read-only in the headless
/// explorer as `explore` would, renders the first frame, presses `G` (to the bottom) at once,
/// then in new explorers on the same open file `j` and `G` again (the key order now ready), and
/// prints one JSON object with the times and the peak resident memory.
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
        let down = ExplorerBenchmark.measure(backend: backend, keys: [.character("j")])
        let bottomAgain = ExplorerBenchmark.measure(backend: backend, keys: [.character("G")])
        guard bottom.firstScreen.contains("Item:"), bottom.secondScreen != bottom.firstScreen else {
            throw ValidationError("\(file): the explorer drew no records, or the key press changed nothing")
        }
        let result: JSONObject = [
            "firstFrameMs": .double(Self.milliseconds(open + bottom.firstFrame)),
            "keyPressBottomMs": .double(Self.milliseconds(bottom.keyPress)),
            "keyPressDownMs": .double(Self.milliseconds(down.keyPress)),
            "keyPressBottomAgainMs": .double(Self.milliseconds(bottomAgain.keyPress)),
            "peakResidentMB": ResidentMemory.peakBytes.map { .double(Double($0) / 1_048_576) } ?? .null,
        ]
        print(JSONValue.object(result).jsonText)
    }

    private static func milliseconds(_ duration: Duration) -> Double { duration.secondsValue * 1000 }
}
