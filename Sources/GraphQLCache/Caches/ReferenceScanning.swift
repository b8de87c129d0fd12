/// A cache that lists every row's references from its stored text, without decoding the
/// records (`RecordJSON.forEachReference`): garbage collection's scan. A cache without it is
/// scanned with `forEachRecord`.
package protocol ReferenceScanning: NormalizedCache {
    /// Adds every row that has a key to `graph`, with the keys its record references. A row that
    /// cannot be decoded is added with what references its text shows: it is left alone, and
    /// the records it may point at are kept. Rows added from their text may wait in the graph's
    /// batch (`ReferenceGraph.addRow(key:json:)`); `referenceGraph()` finishes them.
    func scanReferences(into graph: inout ReferenceGraph) throws
}

extension BrowsableNormalizedCache {
    /// Every row with a key and its references: from the stored text when the cache can
    /// (`ReferenceScanning`), else from each decoded record (broken rows have none to give).
    func referenceGraph() throws -> ReferenceGraph {
        var graph = ReferenceGraph()
        if let scanning = self as? any ReferenceScanning {
            try scanning.scanReferences(into: &graph)
            graph.finishRows()
            return graph
        }
        try forEachRecord { row in
            switch row {
            case .record(let record): graph.addRow(record)
            case .broken(let broken): if !broken.key.rawValue.isEmpty { graph.addRow(broken.key, references: []) }
            }
        }
        return graph
    }
}
