import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Testing

/// Big changes run as background work (issue 27, 31): a delete by pattern of 1,000 records or
/// more starts, says what it does while it runs, ends in an undo step and a message naming what
/// it did, and its undo runs the same way; a small one stays on the UI thread.
@Suite struct BackgroundWriteTests {
    static let count = 1_500

    static func explorer(_ kind: CacheKind, in directory: TemporaryDirectory) throws -> (Explorer, StoreBackend) {
        let cache = try kind.makeCache(in: directory)
        var records = [Record(key: "Other:1", ["name": .string("kept")])]
        records += (0..<count).map { Record(key: CacheKey("Item:\($0)"), ["name": .string("item \($0)")]) }
        try cache.merge(records: RecordSet(records: records))
        let backend = StoreBackend(cache: cache, sourceName: "items")
        return (Explorer(backend: backend, size: Size(width: 100, height: 30)), backend)
    }

    @Test(arguments: CacheKind.allCases)
    func aBigDeleteRunsInTheBackgroundAndItsUndoToo(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        var (explorer, backend) = try Self.explorer(kind, in: directory)
        explorer.press([.character("D")] + "Item:".map(Key.character) + [.enter])
        // `send`, not `press`: a turn would apply the work's end if it came at once.
        explorer.send(.keyPressed(.character("y")))
        #expect(explorer.state.longWork?.label == "deleting 1,500 records")
        #expect(explorer.render().text.contains("deleting 1,500 records…"))
        explorer.settle()
        #expect(explorer.state.longWork == nil)
        #expect(try backend.keyCount(matching: nil) == 1)
        #expect(explorer.state.message?.text == "deleted 1,500 records; u undoes")
        #expect(explorer.state.undo.count == 1)
        explorer.send(.keyPressed(.character("u")))
        #expect(explorer.state.longWork?.label == "restoring 1,500 records")
        explorer.settle()
        #expect(try backend.keyCount(matching: nil) == Self.count + 1)
        #expect(explorer.state.message?.text == #"undone: delete "Item:" (1,500 records restored)"#)
        #expect(explorer.state.undo.isEmpty)
    }

    @Test func aSmallDeleteStaysOnTheUIThread() throws {
        let directory = try TemporaryDirectory()
        var (explorer, backend) = try Self.explorer(.memory, in: directory)
        explorer.press([.character("D")] + "Other:".map(Key.character) + [.enter, .character("y")])
        #expect(explorer.state.longWork == nil)
        #expect(try backend.keyCount(matching: nil) == Self.count)
    }
}
