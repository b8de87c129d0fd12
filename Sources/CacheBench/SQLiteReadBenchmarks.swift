import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// The workload's query written into and read back from a SQLite cache, beside Foundation's
/// `JSONSerialization` parsing the response payload (as the in-memory figures are).
enum SQLiteReadBenchmarks {
    static func figures(context: BenchmarkContext) throws -> [BenchmarkFigure] {
        let workload = ItemUserWorkload(itemCount: context.scale.responseItems)
        let n = workload.itemCount
        let text = workload.responseJSON()
        let payload = Data(text.utf8)
        let executor = GraphQLExecutor(configuration: NormalizeReadBenchmarks.configuration)
        let operation = try executor.operation(document: ItemUserWorkload.query)
        guard case .object(let data) = try JSONValue.parse(text) else { throw BenchmarkError("the workload response is not an object") }
        let records = try executor.normalize(data: data, for: operation)
        let write = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in try SQLiteNormalizedCache(path: context.freshFile("read-write-\(n).sqlite")) },
            subject: { cache in try cache.merge(records: try executor.normalize(data: data, for: operation)) },
            setUpFloor: { _ in }, floor: { _ in _ = try JSONSerialization.jsonObject(with: payload) })
        let path = context.freshFile("read-\(n).sqlite")
        defer { context.removeFile(path) }
        let cache = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: records)
        let source = CacheRecordSource(cache)
        let read = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in },
            subject: { _ in
                let result = try executor.read(operation, from: source)
                if !result.isComplete { throw BenchmarkError("the workload read from SQLite missed: \(result.misses.first.map(\.jsonObject) ?? [:])") }
            },
            setUpFloor: { _ in }, floor: { _ in _ = try JSONSerialization.jsonObject(with: payload) })
        context.removeFile(context.freshFile("read-write-\(n).sqlite"))
        return [
            .milliseconds("normalize+merge into SQLite, \(n) items (floor: JSONSerialization)", write),
            .milliseconds("read query from SQLite, \(n) items (floor: JSONSerialization)", read),
        ]
    }
}
