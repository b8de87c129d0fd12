/// Every capability the explorer can use, as `StoreBackend` (the explorer over a `CacheStore`)
/// has them: what opening a file, the sample or the harness's store hands the explorer.
package typealias ExplorerBackend = RecordBrowsing & RecordWriting & BackgroundWriting & WatchHosting & QueryExplaining & ValueFinding
