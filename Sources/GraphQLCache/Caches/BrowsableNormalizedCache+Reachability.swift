extension BrowsableNormalizedCache {
    /// The keys of the readable records no root reaches, from one scan of the stored references
    /// (what `removeUnreachableRecords()` removes on the cache as it stands, and what the
    /// explorer's `:gc` lists before it deletes them undoably). A row that cannot be read is left
    /// out, as garbage collection leaves it alone.
    package func unreachableRecordKeys() throws -> Set<CacheKey> {
        let graph = try referenceGraph()
        let keys = Set(graph.unreachableRows().map(graph.key(of:)))
        guard !keys.isEmpty, let rows = self as? BrokenRowReporting else { return keys }
        return keys.subtracting(try rows.unreadableKeys(among: keys))
    }
}
