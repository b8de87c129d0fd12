/// What garbage collection asks of the graph: the rows no root reaches, and the rows that
/// reference a key without a row.
extension ReferenceGraph {
    /// The rows no root (`QUERY_ROOT`, `MUTATION_ROOT`, `SUBSCRIPTION_ROOT`) reaches by
    /// following references from row to row: a walk with a stack of node numbers and an array
    /// of flags.
    func unreachableRows() -> [Int] {
        let reached = reachedFromRoots()
        return (0..<count).filter { isPresent[$0] && !reached[$0] }
    }

    /// Which nodes the roots reach, themselves included (only rows are reached).
    package func reachedFromRoots() -> [Bool] {
        var reached = [Bool](repeating: false, count: count)
        var pending = [CacheKey.queryRoot, .mutationRoot, .subscriptionRoot].compactMap(node(of:)).filter { isPresent[$0] }
        for root in pending { reached[root] = true }
        while let node = pending.popLast() {
            for target in edges(of: node) where isPresent[Int(target)] && !reached[Int(target)] {
                reached[Int(target)] = true
                pending.append(Int(target))
            }
        }
        return reached
    }

    /// The rows that reference a key without a row.
    func rowsReferencingAbsentKeys() -> [Int] {
        (0..<count).filter { node in isPresent[node] && edges(of: node).contains { !isPresent[Int($0)] } }
    }
}
