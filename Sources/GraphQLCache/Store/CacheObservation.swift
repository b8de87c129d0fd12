/// A handle on `CacheStore.observe`: the keys a handler depends on, which the owner updates as
/// its reads change (a query watcher after each re-read), and `cancel()`.
public final class CacheObservation: Sendable {
    private let dispatcher: ChangeDispatcher
    private let id: UInt64

    init(dispatcher: ChangeDispatcher, id: UInt64) {
        self.dispatcher = dispatcher
        self.id = id
    }

    /// Replaces the dependencies: later changes are matched against these keys.
    public func update(fields: Set<FieldKey>, records: Set<CacheKey> = []) {
        dispatcher.update(id, dependencies: FieldDependencies(fields), records: records)
    }

    /// Replaces the dependencies with keys already grouped by record (a read's
    /// `dependencies`, registered as they are).
    public func update(dependencies: FieldDependencies, records: Set<CacheKey> = []) {
        dispatcher.update(id, dependencies: dependencies, records: records)
    }

    /// The field keys depended on now, grouped by record (empty once cancelled).
    public var dependencies: FieldDependencies { dispatcher.dependencies(of: id)?.fields ?? FieldDependencies() }

    /// The field keys depended on now, as a set built on each call (empty once cancelled).
    public var fields: Set<FieldKey> { dependencies.fieldKeys }

    /// The whole records depended on now (empty once cancelled).
    public var records: Set<CacheKey> { dispatcher.dependencies(of: id)?.records ?? [] }

    /// Stops deliveries: none starts after this returns (one already under way finishes).
    public func cancel() { dispatcher.remove(id) }
}
