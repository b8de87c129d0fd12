import GraphQLCache

/// A large load with its decoding on a second thread (`RecordDecodingPipeline`): this thread
/// reads each chunk of rows under the connection's lock and copies them out, the other decodes
/// them meanwhile; the records are put in the result in chunk order.
extension SQLiteNormalizedCache {
    func loadRecordsDecodingConcurrently(_ all: [CacheKey]) throws -> [CacheKey: Record] {
        var records = [CacheKey: Record](minimumCapacity: all.count)
        let pipeline = RecordDecodingPipeline()
        defer { pipeline.stop() }
        var submitted = 0, inserted = 0
        func insert(_ result: DecodedBatch) throws {
            switch result {
            case .records(let decoded): for record in decoded { records[record.key] = record }
            case .broken(let broken): throw SQLiteError.brokenRecord(path: path, broken)
            }
            inserted += 1
        }
        for start in stride(from: 0, to: all.count, by: Self.loadChunkSize) {
            let chunk = Array(all[start..<min(start + Self.loadChunkSize, all.count)])
            let batch = try withTurn { state in
                var batch = RowBatch(reservingRows: chunk.count)
                try SQLiteRows.select(keys: chunk, on: state.connection) { key, bytes in
                    state.tracker?.sawRead(key, bytes)
                    batch.append(key, bytes)
                }
                return batch
            }
            pipeline.submit(batch)
            submitted += 1
            // Whatever the other thread has finished goes in now, while it decodes the rest.
            while inserted < submitted, let result = pipeline.takeIfReady(inserted) { try insert(result) }
        }
        var decodedHere = pipeline.decodeRemaining()
        while inserted < submitted {
            try insert(decodedHere.removeValue(forKey: inserted) ?? pipeline.take(inserted))
        }
        return records
    }
}
