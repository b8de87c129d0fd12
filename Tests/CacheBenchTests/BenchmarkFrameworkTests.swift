import CacheTestSupport
import Testing
import GraphQLCache
@testable import CacheBench

@Suite struct BenchmarkFrameworkTests {
    @Test func medianOfOddAndEvenSampleCounts() {
        #expect(Samples([3, 1, 2]).median == 2)
        #expect(Samples([4, 1, 2, 3]).median == 2.5)
        #expect(Samples([4, 1, 2, 3]).min == 1)
        #expect(Samples([4, 1, 2, 3]).max == 4)
    }

    @Test func figureJSONHasExactlyTheProtocolMembers() {
        let figure = BenchmarkFigure(name: "x", unit: "ms", median: 3, min: 2, max: 4, floor: 1.5, budget: 3)
        #expect(figure.jsonObject.keys == ["name", "unit", "median", "min", "max", "floor", "ratio", "budget", "met"])
        #expect(figure.jsonObject["budget"] == .double(3) && figure.jsonObject["met"] == .bool(true))
        #expect(figure.ratio == 2)
        #expect(figure.meetsBudget == true)
        #expect(BenchmarkFigure(name: "y", unit: "ms", median: 5, min: 5, max: 5, floor: 1, budget: 3).meetsBudget == false)
    }

    @Test func workloadIsDeterministicAndConsistent() throws {
        let workload = ItemUserWorkload(itemCount: 10)
        let records = workload.records()
        #expect(records.count == 10 + 100 + 1)
        #expect(records["Item:9"]?["related"] == .list([.reference("Item:0"), .reference("Item:1")]))
        #expect(records["Item:3"]?["owner"] == .reference("User:3"))
        #expect(workload.records() == records)
        let response = try JSONValue.parse(workload.responseJSON())
        #expect(response["items"]?.arrayValue?.count == 10)
        #expect(response["items"]?.arrayValue?.first?["related"]?.arrayValue?.count == 2)
    }

    @Test func filterSelectsGroupsByName() {
        #expect(BenchmarkSuite.selected(by: "JSON").map(\.name) == ["recordjson"])
        #expect(BenchmarkSuite.selected(by: "nothing-like-this").isEmpty)
        #expect(BenchmarkSuite.selected(by: nil).count == BenchmarkSuite.groups.count)
    }
}

extension BenchmarkFrameworkTests {
    @Test func sqliteFiltersSelectTheSQLiteGroup() {
        #expect(BenchmarkSuite.selected(by: "SQLite").map(\.name) == ["sqlite"])
        #expect(BenchmarkSuite.groups.map(\.name) == ["recordjson", "normalize", "sqlite", "watchers", "patches", "network", "explorer", "explorer-work", "frozen", "scans", "record-pane", "history", "huge"])
        #expect(BenchmarkSuite.selected(by: "explorer").map(\.name) == ["explorer", "explorer-work"])
        #expect(BenchmarkSuite.selected(by: "watch").map(\.name) == ["watchers"])
    }
}

extension BenchmarkFrameworkTests {
    @Test func megabyteFiguresHaveABudgetButNoFloor() {
        let figure = BenchmarkFigure.megabytes("m", Samples([60, 64, 70]), budget: 100)
        #expect(figure.unit == "MB" && figure.median == 64 && figure.floor == nil && figure.ratio == nil)
        #expect(figure.meetsBudget == true)
        #expect(figure.jsonObject["floor"] == .null && figure.jsonObject["ratio"] == .null)
        #expect(figure.jsonObject["budget"] == .double(100) && figure.jsonObject["met"] == .bool(true))
    }

    @Test func reportPrintsOneJSONObjectPerFigure() throws {
        let figures = [
            BenchmarkFigure(name: "a", unit: "ms", median: 1.23456, min: 1, max: 2, floor: 0.5, budget: 3),
            BenchmarkFigure(name: "b", unit: "MB", median: 64, min: 63, max: 65),
        ]
        let lines = BenchmarkReport.jsonLines(figures).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONValue.parse(String(lines[0]))
        #expect(first.objectValue?.keys == ["name", "unit", "median", "min", "max", "floor", "ratio", "budget", "met"])
        #expect(first["median"] == .double(1.235))
        #expect(first["ratio"] == .double(2.469))
        #expect(first["met"] == .bool(true))
        let second = try JSONValue.parse(String(lines[1]))
        #expect(second["budget"] == .null && second["met"] == .null)
    }
}

extension BenchmarkFrameworkTests {
    /// The network figure fetches the workload from the bench's own loopback server (the fetch
    /// checks that every item arrived) and has the transfer plus parse as its floor.
    @Test func fetchOverHTTPIsMeasuredBesideItsFloor() throws {
        let directory = try TemporaryDirectory()
        let context = BenchmarkContext(scale: .small, scratchDirectory: directory.url.path, executablePath: "", progress: { _ in })
        let figure = try HTTPFetchBenchmarks.fetch(context: context)
        #expect(figure.name.hasPrefix("fetch over HTTP, 2000 items"))
        #expect((figure.floor ?? 0) > 0)
        #expect(figure.budget == 2)
    }
}
