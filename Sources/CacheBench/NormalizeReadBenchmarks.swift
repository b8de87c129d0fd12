import Foundation
import GraphQLCache

/// Normalizing a large response into memory, and reading the same query back, beside
/// Foundation's `JSONSerialization` parsing the same payload (budget: normalize+write within
/// 3x of parsing the same JSON).
enum NormalizeReadBenchmarks {
    static let configuration = CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"]))

    static let group = BenchmarkGroup(name: "normalize") { context in
        let workload = ItemUserWorkload(itemCount: context.scale.responseItems)
        let text = workload.responseJSON()
        let bytes = Array(text.utf8)
        let payload = Data(bytes)
        let executor = GraphQLExecutor(configuration: configuration)
        let operation = try executor.operation(document: ItemUserWorkload.query)
        guard case .object(let data) = try JSONValue.parse(text) else { throw BenchmarkError("the workload response is not an object") }
        let n = workload.itemCount

        let floor = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            _ = try JSONSerialization.jsonObject(with: payload)
        }
        let parse = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            _ = try JSONValue.parse(bytes: bytes)
        }
        let normalizeMerge = try Samples.measure(
            warmup: context.warmup, iterations: context.iterations, setUp: { InMemoryNormalizedCache() }
        ) { cache in
            try cache.merge(records: try executor.normalize(data: data, for: operation))
        }
        let endToEnd = try Samples.measure(
            warmup: context.warmup, iterations: context.iterations, setUp: { InMemoryNormalizedCache() }
        ) { cache in
            guard case .object(let parsed) = try JSONValue.parse(bytes: bytes) else { return }
            try cache.merge(records: try executor.normalize(data: parsed, for: operation))
        }
        let cache = InMemoryNormalizedCache()
        try cache.merge(records: try executor.normalize(data: data, for: operation))
        let source = CacheRecordSource(cache)
        let read = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            let result = try executor.read(operation, from: source)
            if !result.isComplete { throw BenchmarkError("the workload read missed: \(result.misses.first.map(\.jsonObject) ?? [:])") }
        }
        return [
            .milliseconds("parse response JSON, \(n) items (floor: JSONSerialization)", parse, floor: floor),
            .milliseconds("normalize+merge into memory, \(n) items (floor: JSONSerialization)", normalizeMerge,
                          floor: floor, budget: 3),
            .milliseconds("parse+normalize+merge into memory, \(n) items (floor: JSONSerialization)", endToEnd,
                          floor: floor),
            .milliseconds("read query from memory, \(n) items (floor: JSONSerialization)", read, floor: floor),
        ]
    }
}
