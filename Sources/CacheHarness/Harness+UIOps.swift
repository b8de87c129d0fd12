import CacheExplorer
import GraphQLCache

/// The `ui` op: drives the headless explorer on the harness's store, so that scripts can test
/// the UI without a terminal. The explorer lives across `ui` requests (its selection, history
/// and undo stay) and sees every change the other ops made in between.
extension Harness {
    /// The size used when a request gives none.
    static let defaultUISize = Size(width: 100, height: 30)

    func registerUIOps() {
        let session = UISession()
        register("ui") { [unowned self] request throws(HarnessError) in
            let keys = try Self.uiKeys(request)
            let paste = try Self.uiPaste(request)
            let size = try Self.uiSize(request)
            if request.body["reset"] == .bool(true) { session.explorer = nil }
            var explorer = session.explorer
                ?? Explorer(backend: StoreBackend(client: self.client, browsing: self.cache, sourceName: "harness"), size: size)
            if explorer.state.size != size { explorer.send(.resized(size)) }
            explorer.send(.storeDidChange(CacheChange()))
            explorer.press(keys)
            if let paste {
                explorer.send(.pasted(paste))
                explorer.settle()
            }
            // Watch reads and console queries run in the background: wait for them, so that
            // the screen does not depend on timing.
            explorer.settle()
            explorer.finishCounting()
            explorer.send(.tick(ContinuousClock.now - session.started))
            session.explorer = explorer
            return ["screen": .string(explorer.render().text)]
        }
    }

    /// `keys`: key names (`j`, `Enter`, `C-c`) or text typed character by character.
    private static func uiKeys(_ request: HarnessRequest) throws(HarnessError) -> [Key] {
        guard let value = request.body["keys"], !value.isNull else { return [] }
        guard let items = value.arrayValue else {
            throw .badRequest("op \"ui\": field \"keys\" must be an array of strings, found \(value.kindName)")
        }
        var keys: [Key] = []
        for item in items {
            guard let name = item.stringValue else {
                throw .badRequest("op \"ui\": every entry of \"keys\" must be a string, found \(item.kindName)")
            }
            keys.append(contentsOf: Key.sequence(from: name))
        }
        return keys
    }

    /// `paste`: text delivered whole after the keys, as a terminal's bracketed paste (newlines
    /// stay in the text: a pasted multi-line query does not run at each one).
    private static func uiPaste(_ request: HarnessRequest) throws(HarnessError) -> String? {
        guard let value = request.body["paste"], !value.isNull else { return nil }
        guard let text = value.stringValue else {
            throw .badRequest("op \"ui\": field \"paste\" must be a string, found \(value.kindName)")
        }
        return text
    }

    /// `size`: `[columns, rows]`, at least 20x6.
    private static func uiSize(_ request: HarnessRequest) throws(HarnessError) -> Size {
        guard let value = request.body["size"], !value.isNull else { return defaultUISize }
        guard let items = value.arrayValue, items.count == 2,
              case .int(let width) = items[0], case .int(let height) = items[1] else {
            throw .badRequest("op \"ui\": field \"size\" must be [columns, rows], found \(value.jsonText)")
        }
        guard (20...1000).contains(width), (6...1000).contains(height) else {
            throw .badRequest("op \"ui\": size \(width)x\(height) is out of range (20x6 to 1000x1000)")
        }
        return Size(width: width, height: height)
    }
}

/// The explorer a harness keeps between `ui` requests.
final class UISession {
    var explorer: Explorer?
    /// The clock origin for ticks: a watch's flash ends on the first request 1.5 s after it began.
    let started = ContinuousClock.now
}
