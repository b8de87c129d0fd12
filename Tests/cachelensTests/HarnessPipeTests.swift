import Testing

/// The real `cachelens harness` process over real pipes, as outside tools drive it.
@Suite struct HarnessPipeTests {
    @Test func mergeAndRecordsOverAPipe() throws {
        let (lines, status) = try ExecutableLocator.run(["harness"], input: """
            {"id":1,"op":"merge","records":{"Droid:2001":{"name":"R2-D2"}}}
            {"id":2,"op":"records"}

            """)
        #expect(status == 0)
        #expect(lines == [
            #"{"id":1,"ok":true,"changedKeys":["Droid:2001.name"]}"#,
            #"{"id":2,"ok":true,"records":{"Droid:2001":{"name":"R2-D2"}}}"#,
        ])
    }

    @Test func malformedLineGetsBadRequestAndTheNextLineIsAnswered() throws {
        let (lines, status) = try ExecutableLocator.run(["harness"], input: """
            {"id":1,"op":"merge",
            {"id":2,"op":"stats"}
            """)
        #expect(status == 0)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"ok":false,"error":{"code":"badRequest","message":"the line is not JSON"#) == true)
        #expect(lines.last == #"{"id":2,"ok":true,"records":0,"networkRequests":0,"watchers":0}"#)
    }
}
