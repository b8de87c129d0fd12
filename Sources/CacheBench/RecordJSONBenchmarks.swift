import Foundation
import GraphQLCache

/// Record JSON decoding and encoding of the workload's records, beside Foundation's
/// `JSONSerialization` doing the same bytes: the codec sits under every SQLite load and merge.
enum RecordJSONBenchmarks {
    static let group = BenchmarkGroup(name: "recordjson") { context in
        let records = Array(ItemUserWorkload(itemCount: context.scale.responseItems).records().records)
        let encoded = records.map { RecordJSON.encode($0.fields) }
        let datas = encoded.map { Data($0) }
        let decode = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            for (record, bytes) in zip(records, encoded) { _ = try RecordJSON.decode(bytes, key: record.key) }
        }
        // As a load or scan decodes rows: one table of field names (and of members) for them all.
        let decodeWithTable = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            let names = FieldNameTable()
            for (record, bytes) in zip(records, encoded) {
                _ = try bytes.withUnsafeBufferPointer { try RecordJSON.decode(buffer: $0, key: record.key, names: names) }
            }
        }
        // What `stats` and `lint` do with each row instead of decoding it.
        let check = Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            var sound = 0
            for bytes in encoded where bytes.withUnsafeBufferPointer({ RecordTextCheck.check($0) }) != nil { sound += 1 }
            precondition(sound == encoded.count, "the text check vouched for \(sound) of \(encoded.count) records")
        }
        let foundationDecode = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            for data in datas { _ = try JSONSerialization.jsonObject(with: data) }
        }
        let encode = Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            for record in records { _ = RecordJSON.encode(record.fields) }
        }
        let objects = try datas.map { try JSONSerialization.jsonObject(with: $0) }
        let foundationEncode = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            for object in objects { _ = try JSONSerialization.data(withJSONObject: object) }
        }
        let count = records.count
        return [
            .milliseconds("record JSON decode, \(count) records (floor: JSONSerialization)", decode, floor: foundationDecode),
            .milliseconds("record JSON decode, \(count) records, one field name table (floor: JSONSerialization)",
                          decodeWithTable, floor: foundationDecode),
            .milliseconds("record text check, \(count) records (floor: record JSON decode, one field name table)",
                          check, floor: decodeWithTable),
            .milliseconds("record JSON encode, \(count) records (floor: JSONSerialization)", encode, floor: foundationEncode),
        ]
    }
}
