import GraphQLCache
import Testing
@testable import CacheExplorer

/// Issue 25, finding 13: the edit dialog's float kind refuses a number that would read as 0
/// (underflow), as the JSON kind and the harness do, instead of storing 0.0.
@Suite struct EditUnderflowTests {
    /// The explorer with the edit dialog open on `Droid:2001.age` (an int), kind switched to float.
    private func floatDialog() -> (Explorer, StoreBackend) {
        var (explorer, backend) = TinyCache.explorer()
        explorer.press([.character("j"), .enter, .character("j"), .character("e"), .tab, .control("u")])
        return (explorer, backend)
    }

    @Test(arguments: ["1e-330", "2e-400", "-4.5e-999", "0.000001e-400"])
    func aFloatThatWouldReadAsZeroIsRefused(text: String) throws {
        var (explorer, backend) = floatDialog()
        explorer.press(Key.sequence(from: text) + [.enter])
        guard case .edit(let dialog) = explorer.state.mode else {
            Issue.record("dialog closed; stored \(String(describing: try backend.loadRecord("Droid:2001")?["age"]))")
            return
        }
        #expect(dialog.error?.contains("too small") == true, "\(String(describing: dialog.error))")
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .int(33))
    }

    @Test(arguments: ["0", "0.0", "-0e-400", "0e5"])
    func zeroWrittenAsZeroIsStillAccepted(text: String) throws {
        var (explorer, backend) = floatDialog()
        explorer.press(Key.sequence(from: text) + [.enter])
        #expect(explorer.state.mode == .normal)
        #expect(try backend.loadRecord("Droid:2001")?["age"] == .double(0))
    }
}
