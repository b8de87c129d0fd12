import CacheDiagnostics
import GraphQLCache

/// The ops that work on records directly, with no GraphQL document.
extension Harness {
    func registerRecordOps() {
        register("records") { [unowned self] _ throws(HarnessError) in
            let records = try storage { try self.cache.allRecords() }
            var response: JSONObject = ["records": .object(Snapshot.jsonObject(records))]
            if let rows = self.cache as? BrokenRowReporting {
                let summary = try storage { try rows.brokenRowSummary() }
                let stored = try storage { try rows.loadStoredRecords(forKeys: Set(summary.brokenKeys)) }
                if !summary.brokenKeys.isEmpty {
                    response["brokenRows"] = .array(summary.brokenKeys.map { key in
                        let error = if case .broken(let row)? = stored[key] { row.error } else { "cannot be read" }
                        return .object(["key": .string(key.rawValue), "error": .string(error)])
                    })
                }
                if summary.nullKeyRows > 0 { response["nullKeyRows"] = .int(summary.nullKeyRows) }
            }
            return response
        }
        register("record") { [unowned self] request throws(HarnessError) in
            let key = CacheKey(try request.string("key"))
            let record = try storage { try self.cache.loadRecord(forKey: key) }
            return ["record": record.map { .object(RecordJSON.jsonObject($0.fields)) } ?? .null]
        }
        register("merge") { [unowned self] request throws(HarnessError) in
            let records = try Self.recordSet(from: try request.object("records"))
            let changed = try storage { try self.store.merge(records: records) }
            return ["changedKeys": Self.sortedKeys(changed)]
        }
        register("setField") { [unowned self] request throws(HarnessError) in
            let key = CacheKey(try request.string("key"))
            let field = try request.string("field")
            let value = try Self.cacheValue(try request.required("value"), at: "\(key.rawValue).\(field)")
            let changed = try storage { try self.store.merge(records: RecordSet(records: [Record(key: key, [field: value])])) }
            return ["changedKeys": Self.sortedKeys(changed)]
        }
        register("removeRecord") { [unowned self] request throws(HarnessError) in
            let key = CacheKey(try request.string("key"))
            let removed = try storage { try self.store.removeRecord(for: key) }
            return ["removedKeys": .array(removed ? [.string(key.rawValue)] : [])]
        }
        register("removeMatching") { [unowned self] request throws(HarnessError) in
            let pattern = try request.string("pattern")
            let removed = try storage { try self.store.removeRecords(matching: pattern) }
            return ["removedKeys": Self.byteSorted(removed.map(\.rawValue))]
        }
        register("clear") { [unowned self] _ throws(HarnessError) in
            try storage { try self.store.clear() }
            return [:]
        }
        register("lint") { [unowned self] _ throws(HarnessError) in
            let lint = CacheLint(configuration: self.session.executor.configuration)
            let findings = try storage { try lint.run(on: self.cache) }
            return ["findings": .array(findings.map { .object($0.jsonObject) })]
        }
        register("stats") { [unowned self] _ throws(HarnessError) in
            let count = try storage { try self.cache.recordCount() }
            return ["records": .int(count), "networkRequests": .int(self.client.networkRequestCount), "watchers": .int(self.watches.count)]
        }
    }

    /// Runs a cache call, reporting its failure as a `storage` error.
    func storage<T>(_ body: () throws -> T) throws(HarnessError) -> T {
        do { return try body() } catch let error as GraphQLCacheError {
            throw Harness.harnessError(error)
        } catch {
            throw HarnessError(.storage, "\(error)")
        }
    }

    /// Reads `{KEY: {field: value}}` (the `merge` op), naming the bad key on error.
    static func recordSet(from object: JSONObject) throws(HarnessError) -> RecordSet {
        do { return try Snapshot.records(from: object) } catch {
            guard case .invalidSnapshot(_, .badRecord(let key, let field, let reason)) = error else {
                throw .badRequest(error.description)
            }
            throw .badRequest(field.map { "\(key).\($0): \(reason)" } ?? "record \"\(key)\" \(reason)")
        }
    }

    static func cacheValue(_ json: JSONValue, at place: String) throws(HarnessError) -> CacheValue {
        do { return try RecordJSON.cacheValue(from: json, context: place) } catch {
            throw .badRequest("\(place): \(error.brokenRecord?.reason ?? error.description)")
        }
    }

    static func sortedKeys<Keys: Sequence<FieldKey>>(_ keys: Keys) -> JSONValue {
        byteSorted(keys.map(\.description))
    }

    /// Keys as a JSON array sorted by their bytes: keys equal as text but not as bytes are two
    /// keys (third edition) and must come out in one order every time.
    static func byteSorted(_ keys: [String]) -> JSONValue {
        .array(keys.sorted(by: ExactUTF8.precedes).map(JSONValue.string))
    }
}
