import GraphQLCache

/// The ops on committed changes themselves: `subscribe` / `unsubscribe` (every change, as an
/// event line) and `poll` (commits another process made to the cache file).
extension Harness {
    func registerChangeOps() {
        register("subscribe") { [unowned self] request throws(HarnessError) in
            let name = try request.string("subscription")
            guard self.watches.subscription(named: name) == nil else {
                throw .badRequest("op \"subscribe\": a subscription named \"\(name)\" already exists")
            }
            let watches = self.watches
            let subscription = self.store.subscribe { change in
                watches.post(JSONValue.object(Self.event(subscription: name, change)).jsonText)
            }
            watches.add(subscription, named: name)
            return [:]
        }
        register("unsubscribe") { [unowned self] request throws(HarnessError) in
            let name = try request.string("subscription")
            guard let subscription = self.watches.removeSubscription(named: name) else {
                throw .badRequest("op \"unsubscribe\": no subscription named \"\(name)\"")
            }
            subscription.cancel()
            return [:]
        }
        register("poll") { [unowned self] _ throws(HarnessError) in
            do {
                return ["externalChanges": .int(try self.store.pollExternalChanges() ?? 0)]
            } catch {
                throw HarnessError(.storage, "\(error)")
            }
        }
    }

    /// `{"event":"change","subscription":NAME,"changedKeys":[…],"removedKeys":[…],"origin":…}`.
    static func event(subscription name: String, _ change: CacheChange) -> JSONObject {
        var event = JSONObject()
        event["event"] = .string("change")
        event["subscription"] = .string(name)
        event["changedKeys"] = Self.byteSorted(change.changedFields.map(\.description))
        event["removedKeys"] = Self.byteSorted(change.removedRecords.map(\.rawValue))
        event["origin"] = .string(change.isExternal ? "external" : "local")
        return event
    }
}
