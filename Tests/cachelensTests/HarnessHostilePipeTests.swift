import CacheTestSupport
import Testing

/// Finding 10 of issue 15 through the real `cachelens harness` process: a whitespace-only line
/// gets its response, and a view named `records` is refused by the harness as by `dump`.
@Suite struct HarnessHostilePipeTests {
    @Test func aWhitespaceOnlyLineGetsABadRequestOverThePipe() throws {
        let (lines, status) = try ExecutableLocator.run(["harness"], input: "   \t \n{\"id\":2,\"op\":\"stats\"}\n")
        #expect(status == 0)
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""code":"badRequest""#) == true)
        #expect(lines.last?.hasPrefix(#"{"id":2,"ok":true"#) == true)
    }

    @Test func aViewNamedRecordsIsRefusedByTheHarnessAsByDump() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("view.sqlite")
        try SQLiteTestFile.run("CREATE TABLE real (key TEXT, record TEXT); CREATE VIEW records AS SELECT * FROM real;", at: path)
        let harness = try CacheLensProcess.run(["harness", "--cache", path], input: #"{"op":"stats"}"# + "\n")
        let dump = try CacheLensProcess.run(["dump", path])
        #expect(harness.status != 0 && dump.status != 0)
        #expect(harness.stdout.isEmpty)
        #expect(harness.stderr.contains("\"records\" is a view"))
        #expect(dump.stderr.contains("\"records\" is a view"))
    }
}
