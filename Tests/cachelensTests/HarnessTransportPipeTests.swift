import Testing

/// `cachelens harness` over real pipes with watchers and transports, as outside tools drive it.
@Suite struct HarnessTransportPipeTests {
    @Test func harnessExampleOverAPipeGivesExactlyItsLines() throws {
        let (lines, status) = try ExecutableLocator.run(["harness"], input: """
            {"id":1,"op":"config","cacheKey":{"fields":["id"],"format":"typed"}}
            {"id":2,"op":"write","document":"{ hero { id name } }","data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}
            {"id":3,"op":"watch","watch":"w","document":"{ hero { name } }","policy":"returnCacheDataDontFetch"}
            {"id":4,"op":"setField","key":"Droid:2001","field":"name","value":"Artoo"}

            """)
        #expect(status == 0)
        #expect(lines == [
            #"{"id":1,"ok":true}"#,
            #"{"id":2,"ok":true,"changedKeys":["Droid:2001.__typename","Droid:2001.id","Droid:2001.name","QUERY_ROOT.hero"]}"#,
            #"{"id":3,"ok":true,"results":[{"source":"cache","data":{"hero":{"name":"R2-D2"}},"dependentKeys":["Droid:2001.name","QUERY_ROOT.hero"]}]}"#,
            #"{"event":"watch","watch":"w","source":"cache","data":{"hero":{"name":"Artoo"}}}"#,
            #"{"id":4,"ok":true,"changedKeys":["Droid:2001.name"]}"#,
        ])
    }

    @Test func sampleTransportAnswersFromTheOfflineServer() throws {
        let (lines, status) = try ExecutableLocator.run(["harness", "--transport", "sample"], input: """
            {"id":1,"op":"fetch","document":"{ hero(episode: EMPIRE) { name } }"}
            {"id":2,"op":"fetch","document":"{ hero(episode: EMPIRE) { name } }","policy":"cacheOnly"}
            {"id":3,"op":"respond","data":{}}
            {"id":4,"op":"stats"}

            """)
        #expect(status == 0)
        #expect(lines.count == 4)
        #expect(lines.first == #"{"id":1,"ok":true,"results":[{"source":"server","data":{"hero":{"name":"Luke Skywalker"}}}]}"#)
        #expect(lines.dropFirst().first == #"{"id":2,"ok":true,"results":[{"source":"cache","data":{"hero":{"name":"Luke Skywalker"}},"dependentKeys":["QUERY_ROOT.hero(episode:EMPIRE)","QUERY_ROOT.hero(episode:EMPIRE).name"]}]}"#)
        #expect(lines.dropFirst(2).first?.hasPrefix(#"{"id":3,"ok":false,"error":{"code":"unsupported""#) == true)
        #expect(lines.last == #"{"id":4,"ok":true,"records":2,"networkRequests":1,"watchers":0}"#)
    }

    @Test func unknownTransportStopsTheCommandWithAnError() throws {
        let (lines, status) = try ExecutableLocator.run(["harness", "--transport", "carrier-pigeon"], input: "")
        #expect(status != 0)
        #expect(lines.isEmpty)
    }
}
