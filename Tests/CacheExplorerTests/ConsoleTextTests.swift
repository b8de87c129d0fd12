import CacheExplorer
import Testing

/// The console draws only the lines on screen (`ConsoleText`); what it draws must be exactly
/// the slice of the report wrapped whole, for any width, scroll position and text.
@Suite struct ConsoleTextTests {
    static let report = QueryReport(
        verdict: "incomplete: 2 misses in 1 group", missCount: 2,
        policyVerdicts: ["returnCacheDataDontFetch: returns what is there, with errors for the misses"],
        groups: ["items[*].name missing (2)"],
        diagnoses: ["missingField: items[3].name is not in Item:3", "  fix: fetch items { name } again, or select only what was fetched"],
        lines: [
            .init(depth: 0, text: "items", status: .partial),
            .init(depth: 1, text: "[0] Item:0", status: .hit),
            .init(depth: 2, text: "id: \"0\"", status: .hit),
            .init(depth: 2, text: "name: \"a name long enough to need a second line at narrow widths\"", status: .hit),
            .init(depth: 2, text: "name: \"東京タワーの名前は横に二つずつ\"", status: .hit),
            .init(depth: 2, text: "note: \"bell\u{07} and\ttab\"", status: .hit),
            .init(depth: 2, text: "lines: \"one\ntwo\"", status: .hit),
            .init(depth: 2, text: "zero\u{200B}width", status: .miss),
            .init(depth: 1, text: "… 99,996 more elements", status: .plain),
            .init(depth: 1, text: "deferred fragment", status: .pending),
        ])

    static func state(asciiOnly: Bool) -> ExplorerState {
        var state = ExplorerState(size: Size(width: 80, height: 24), sourceName: "t", readOnly: false)
        state.console.report = report
        state.asciiOnly = asciiOnly
        return state
    }

    @Test(arguments: [false, true])
    func theDrawnSliceIsTheWholeReportWrappedAtEveryWidthAndScroll(asciiOnly: Bool) {
        let state = Self.state(asciiOnly: asciiOnly)
        for width in [1, 6, 12, 20, 33, 77, 200] {
            let whole = (Self.report.headLines + Self.report.lines.indices.map(Self.report.treeLine)).flatMap { line in
                TextWrap.lines(line.0, width: width, asciiOnly: asciiOnly).map { ($0, line.1) }
            }
            let text = ConsoleText(state, keys: .default, width: width)
            #expect(text.count == whole.count, "width \(width)")
            #expect(text.all.map(\.0) == whole.map(\.0), "width \(width)")
            for top in 0...whole.count {
                for limit in [1, 5, 40] {
                    let drawn = text.lines(from: top, limit: limit)
                    let expected = whole.dropFirst(top).prefix(limit)
                    #expect(drawn.map(\.0) == expected.map(\.0) && drawn.map(\.1) == expected.map(\.1),
                            "width \(width), top \(top), limit \(limit)")
                }
            }
        }
    }

    @Test func aTreeLineIsCountedWithoutBeingBuiltOnlyWhenItIsPrintableASCII() {
        for index in Self.report.lines.indices {
            let built = Self.report.treeLine(index).0
            if let columns = Self.report.treeLineColumns(index) {
                #expect(columns == built.unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) }, "\(built)")
            } else {
                #expect(!Self.report.lines[index].text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(built)")
            }
        }
    }
}
