import GraphQLCache

/// A `type:`/`re:` filter or an order by size or typename over many keys is built in the
/// background (`ListKeysWork`): keys stay answered meanwhile, the progress line says what
/// runs, `Esc` stops it, and the list takes the keys when they arrive.
extension Explorer {
    /// Builds the list's keys for `source`: at once over a few keys (`ListKeys.inlineLimit`),
    /// else in the background, keeping the keys shown until the new ones arrive when they
    /// are for the same filter and order (a change of the data) and showing none otherwise.
    mutating func buildListKeys(_ filter: ListFilter, for source: ListBuilding.Source, rebuild: Bool) throws {
        if !rebuild, listKeysSource == source, listKeys != nil || state.list.building?.source == source { return }
        if try backend.keyCount(matching: nil) <= ListKeys.inlineLimit {
            stopListBuild()
            let keys = try ListKeys.build(filter, order: source.order, backend: backend)
            setListKeys(keys, for: source)
            return
        }
        if listKeysSource != source {
            listKeys = []
            listKeysSource = source
            state.list.count = 0
        }
        let id = listWork.start(filter, order: source.order, backend: backend) { [inbox] in inbox.post($0) }
        state.list.building = ListBuilding(id: id, source: source)
        state.list.countIsExact = false
    }

    private mutating func setListKeys(_ keys: [CacheKey], for source: ListBuilding.Source) {
        listKeys = keys
        listKeysSource = source
        state.list.count = keys.count
        state.list.countIsExact = true
    }

    /// The background build `id` got `fraction` of the way.
    mutating func listKeysProgressed(id: Int, fraction: Double) {
        guard var building = state.list.building, building.id == id else { return }
        building.fraction = max(building.fraction, fraction)
        state.list.building = building
    }

    /// The background build `id` ended: the list shows its keys (or says why there are none).
    mutating func listKeysBuilt(id: Int, _ outcome: ListBuilding.Outcome) {
        guard let building = state.list.building, building.id == id else { return }
        state.list.building = nil
        switch outcome {
        case .keys(let keys):
            setListKeys(keys, for: building.source)
            reloadList(refetch: true, rebuildingKeys: false)
        case .failed(let reason):
            fail(ExplorerError.invalid("\(building.label) failed: \(reason)"))
        }
    }

    /// Stops the build under way, if any; true when one ran.
    @discardableResult
    mutating func stopListBuild() -> Bool {
        guard state.list.building != nil else { return false }
        listWork.stop()
        state.list.building = nil
        return true
    }

    /// `Esc` while a build runs: stops it and goes back to what needs none, every key in key
    /// order (the filter cleared, as `Esc` clears it anyway).
    mutating func cancelListBuild() -> Bool {
        guard let building = state.list.building else { return false }
        stopListBuild()
        state.list.order = .key
        applyFilter("")
        inform("stopped \(building.label): every key, in key order")
        return true
    }
}
