@testable import CacheExplorer
import CacheTestSupport
import GraphQLCache

/// A store over an in-memory cache of `records` with a write log as its witness, naming every
/// change `test`. The log is returned to be held: the store holds its witness weakly.
func witnessedMemoryStore(_ records: [Record]) -> (CacheStore, WriteLog) {
    let cache = CacheKind.memory.makeCache(records)
    let store = CacheStore(cache: cache)
    let log = WriteLog(rows: .encoding(cache), names: { _ in "test" }, holdingCommits: { try $0() })
    store.setCommitWitness(log)
    return (store, log)
}
