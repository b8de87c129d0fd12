import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing
@testable import CacheHarness

/// The catalogue of issue 15 as a bounded, seeded fuzz run: generated hostile lines go to a
/// harness over memory and one over SQLite. Every line gets exactly one response, the two
/// caches answer alike and end up holding the same records, and no record is lost (what is
/// left plus what was reported removed is what was there).
@Suite struct HarnessFuzzTests {
    /// What one run saw, for the issue note.
    struct Tally {
        var inputs = 0, errors = 0, removals = 0, lost = 0, disagreements = 0
    }

    private static let linesPerSeed = 400

    @Test(.timeLimit(.minutes(2)), arguments: [UInt64(15), 2_026, 0xC0FFEE])
    func hostileLinesGetOneResponseEachAndLoseNothing(seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        let memory = Harness(cache: InMemoryNormalizedCache())
        let sqlite = Harness(cache: try SQLiteNormalizedCache(path: directory.path("fuzz.sqlite")))
        var generator = HostileLineGenerator(seed: seed)
        var tally = Tally()
        for _ in 0..<Self.linesPerSeed {
            let line = generator.line()
            tally.inputs += 1
            let answers = try [memory, sqlite].map { harness in try answer(line, on: harness, tally: &tally) }
            if answers[0] != answers[1] {
                tally.disagreements += 1
                Issue.record("memory and SQLite answer differently to \(line.prefix(200)): \(answers)")
            }
            if answers[0].ok == false { tally.errors += 1 }
        }
        let recordsLine = #"{"op":"records"}"#
        #expect(memory.handle(line: recordsLine) == sqlite.handle(line: recordsLine))
        #expect(tally.lost == 0 && tally.disagreements == 0)
        print("hostile harness catalogue, seed \(seed): \(tally.inputs) inputs x 2 caches, \(tally.errors) errors, "
            + "\(tally.removals) removals checked, crashes 0, hangs 0, lost \(tally.lost), disagreements \(tally.disagreements)")
    }

    /// What a line's response says, for comparing caches: success, the error code, and for
    /// removals the keys removed.
    struct Answer: Equatable {
        var ok: Bool
        var code: String?
        var removed: Set<String>?
    }

    private func answer(_ line: String, on harness: Harness, tally: inout Tally) throws -> Answer {
        let before = try keys(harness.cache)
        let output = harness.handle(line: line)
        let responses = try output.map { try JSONValue.parse($0) }.filter { $0.objectValue?["event"] == nil }
        #expect(responses.count == 1, "one response for \(line.prefix(200))")
        let response = try #require(responses.last?.objectValue)
        guard case .bool(let ok)? = response["ok"] else {
            Issue.record("no ok member in \(response)")
            return Answer(ok: false)
        }
        var code: String?
        if case .object(let error)? = response["error"], case .string(let value)? = error["code"] { code = value }
        var removed: Set<String>?
        if ok, case .array(let list)? = response["removedKeys"] {
            removed = Set(list.compactMap(\.stringValue))
            let after = try keys(harness.cache)
            tally.removals += 1
            if after.union(removed ?? []) != before || !after.isDisjoint(with: removed ?? []) {
                tally.lost += 1
                Issue.record("\(line.prefix(200)): before \(before), after \(after), reported \(removed ?? [])")
            }
        }
        return Answer(ok: ok, code: code, removed: removed)
    }

    private func keys(_ cache: NormalizedCache) throws -> Set<String> {
        let browsable = try #require(cache as? any BrowsableNormalizedCache)
        return Set(try browsable.keys(matching: nil, offset: 0, limit: browsable.recordCount()).map(\.rawValue))
    }
}
