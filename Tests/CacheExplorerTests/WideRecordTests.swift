import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Testing

/// Issue 15: a wide record (20,000 fields here; 100,000 in the bench) opens once (its rows built in one pass) and every key
/// press and frame afterwards works on what is on screen: no key press copies the rows, and the
/// label column, sized to the widest label of the whole record, is measured once, not per frame.
@Suite struct WideRecordTests {
    static let fieldCount = 20_000
    /// The longest field name; it sorts last, far below the first screen.
    static let longName = "zz_" + String(repeating: "w", count: 30)

    static func explorer(_ kind: CacheKind, in directory: TemporaryDirectory) throws -> Explorer {
        let cache = try kind.makeCache(in: directory)
        var fields: [String: CacheValue] = ["__typename": .string("Wide"), "owner": .reference("Zed:1"), longName: .int(-1)]
        for index in 0..<fieldCount { fields["f\(index)"] = .int(index) }
        try cache.merge(records: RecordSet(records: [Record(key: "Wide:1", fields), Record(key: "Zed:1", ["name": .string("u")])]))
        return Explorer(backend: StoreBackend(cache: cache, sourceName: "wide"), size: Size(width: 100, height: 30))
    }

    private func rowStorage(_ explorer: Explorer) -> UnsafeRawPointer? {
        explorer.state.record?.rows.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test(arguments: CacheKind.allCases)
    func keyPressesInAWideRecordNeverCopyItsRows(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        var explorer = try Self.explorer(kind, in: directory)
        explorer.press([.enter])
        #expect(explorer.state.record?.key == "Wide:1")
        #expect(explorer.state.record?.rows.count == Self.fieldCount + 3)
        // Natural order: __typename first, f2 before f10, the long name last.
        #expect(explorer.state.record?.rows.prefix(4).map(\.label) == ["__typename", "f0", "f1", "f2"])
        #expect(explorer.state.record?.rows.last?.label == Self.longName)
        let storage = rowStorage(explorer)
        for key: Key in [.character("j"), .pageDown, .character("k"), .character("G"), .character("g"), .pageDown] {
            explorer.press([key])
            _ = explorer.render()
            #expect(rowStorage(explorer) == storage, "\(key) copied the record's rows")
        }
    }

    @Test(arguments: CacheKind.allCases)
    func theLabelColumnFitsTheWidestLabelOfTheWholeRecord(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        var explorer = try Self.explorer(kind, in: directory)
        explorer.press([.enter])
        #expect(explorer.state.record?.widestLabel == Self.longName.count)
        // On the first screen (f0, f1, …) the values start where the long name far below needs
        // them to: as far right as the pane allows (half its width), not after `f1`.
        let line = explorer.render().text.split(separator: "\n").first { $0.contains(" f1 ") } ?? ""
        let gap = line.range(of: " f1 ").map { line[$0.upperBound...].prefix { $0 == " " }.count } ?? 0
        #expect(gap >= 10, "\(line)")
    }
}
