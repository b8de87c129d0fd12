import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Real processes on one file: a writer killed with SIGKILL mid-stream leaves a sound file with
/// every merge whole or absent, and a reader beside a writer sees only whole merges, no errors.
@Suite struct ProcessSafetyTests {
    static let itemsPerMerge = 400

    /// `count` merge requests; merge `g` sets every `Item:i` to generation `g`.
    static func mergeStream(count: Int, items: Int = itemsPerMerge) -> String {
        let padding = String(repeating: "x", count: 64)
        return (0..<count).map { generation in
            let records = (0..<items).map { #""Item:\#($0)":{"gen":\#(generation),"pad":"\#(padding)"}"# }
            return #"{"id":\#(generation),"op":"merge","records":{\#(records.joined(separator: ","))}}"#
        }.joined(separator: "\n") + "\n"
    }

    /// The generations of every `Item` record: one value when the merges were atomic.
    static func generations(_ cache: SQLiteNormalizedCache, items: Int = itemsPerMerge) throws -> (count: Int, generations: Set<CacheValue>) {
        let keys = Set((0..<items).map { CacheKey("Item:\($0)") })
        let records = try cache.loadRecords(forKeys: keys)
        return (records.count, Set(records.values.compactMap { $0["gen"] }))
    }

    @Test func aWriterKilledMidStreamLeavesEachMergeWholeOrAbsent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        let input = directory.path("merges.jsonl")
        try Data(Self.mergeStream(count: 400).utf8).write(to: URL(fileURLWithPath: input))
        let (process, stdout) = try CacheLensProcess.start(["harness", "--cache", path], inputPath: input)
        let acknowledged = CacheLensProcess.readLines(stdout, count: 25)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(acknowledged.count >= 25)

        let cache = try SQLiteNormalizedCache(path: path)
        #expect(try SQLiteTestFile.scalar("PRAGMA integrity_check", at: path) == "ok")
        let (count, generations) = try Self.generations(cache)
        #expect(count == Self.itemsPerMerge)
        #expect(generations.count == 1)
        if case .int(let generation)? = generations.first {
            #expect(generation >= acknowledged.count - 1)
        } else {
            Issue.record("no generation stored: \(generations)")
        }
    }

    @Test func aReaderBesideAWriterOnOneWALFileSeesWholeMergesWithoutErrors() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let input = directory.path("merges.jsonl")
        let items = 100
        try Data(Self.mergeStream(count: 300, items: items).utf8).write(to: URL(fileURLWithPath: input))
        let reader = try SQLiteNormalizedCache(path: path)
        let output = directory.path("responses.jsonl")
        let process = try CacheLensProcess.start(["harness", "--cache", path], inputPath: input, outputPath: output)
        var reads = 0, sawChange = false
        var torn: [Set<CacheValue>] = []
        while process.isRunning {
            let (count, generations) = try Self.generations(reader, items: items)
            if count > 0 && generations.count != 1 { torn.append(generations) }
            sawChange = try reader.hasExternalChanges() || sawChange
            _ = try reader.keys(matching: "item:1", offset: 0, limit: 20)
            reads += 1
        }
        process.waitUntilExit()
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(process.terminationStatus == 0)
        #expect(lines.count == 300 && lines.allSatisfy { $0.contains(#""ok":true"#) })
        #expect(torn.isEmpty)
        #expect(reads > 0)
        #expect(sawChange)
        #expect(try Self.generations(reader, items: items).generations == [.int(299)])
    }
}
