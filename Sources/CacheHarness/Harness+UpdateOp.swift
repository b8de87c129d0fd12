import GraphQLCache

/// The `update` op (HARNESS.md second edition): Apollo's local cache mutation. The query is
/// read (absent nullable fields read as null), each `set` is applied to that data, and the data
/// is written back in one transaction; fields the data did not hold and no `set` touched stay
/// absent in the cache.
extension Harness {
    /// One `set` entry: where in the data (response names and list indices) and the new value.
    struct UpdateStep {
        let path: [PathComponent]
        let value: JSONValue
    }

    func registerUpdateOp() {
        register("update") { [unowned self] request throws(HarnessError) in
            let document = try request.string("document")
            let name = try request.optionalString("operationName")
            let variables = try request.optionalObject("variables") ?? JSONObject()
            let query = try Self.graphQL { () throws(GraphQLCacheError) in
                try self.session.executor.operation(document: document, operationName: name, variables: variables)
            }
            let steps = try Self.updateSteps(try request.array("set"))
            return try self.update(query, steps)
        }
    }

    private func update(_ query: GraphQLOperation, _ steps: [UpdateStep]) throws(HarnessError) -> JSONObject {
        do {
            let changed = try store.withinReadWriteTransaction { transaction in
                try transaction.update(query: query) { data throws(HarnessError) in
                    for step in steps { try Self.apply(step, to: &data) }
                }
            }
            return ["changedKeys": Self.sortedKeys(changed)]
        } catch let error as HarnessError {
            throw error
        } catch let error as GraphQLCacheError {
            throw Self.harnessError(error)
        } catch {
            throw HarnessError(.storage, "\(error)")
        }
    }

    /// `set`'s entries: `{"path":[…],"value":…}` each, with a non-empty path.
    static func updateSteps(_ items: [JSONValue]) throws(HarnessError) -> [UpdateStep] {
        var steps: [UpdateStep] = []
        for (index, item) in items.enumerated() {
            guard case .object(let entry) = item, case .array(let parts)? = entry["path"], !parts.isEmpty,
                  let value = entry["value"] else {
                throw .badRequest("op \"update\": set[\(index)] must be {\"path\":[names and indices],\"value\":…}")
            }
            var path: [PathComponent] = []
            for part in parts {
                switch part {
                case .string(let name): path.append(.field(name))
                case .int(let position) where position >= 0: path.append(.index(position))
                default: throw .badRequest("op \"update\": set[\(index)].path holds \(part.kindName), not a name or an index")
                }
            }
            steps.append(UpdateStep(path: path, value: value))
        }
        return steps
    }

    /// Sets `step.value` at `step.path` in `data`; the objects and lists on the way must exist.
    static func apply(_ step: UpdateStep, to data: inout JSONObject) throws(HarnessError) {
        var root = JSONValue.object(data)
        try set(step.value, at: step.path[...], in: &root, whole: step.path)
        if case .object(let object) = root { data = object }
    }

    private static func set(_ value: JSONValue, at path: ArraySlice<PathComponent>, in target: inout JSONValue,
                            whole: [PathComponent]) throws(HarnessError) {
        guard let first = path.first else { return target = value }
        switch (first, target) {
        case (.field(let name), .object(var object)):
            var child = object[name] ?? .null
            if path.count > 1 && object[name] == nil { throw missing(whole) }
            try set(value, at: path.dropFirst(), in: &child, whole: whole)
            object[name] = child
            target = .object(object)
        case (.index(let position), .array(var items)) where items.indices.contains(position):
            try set(value, at: path.dropFirst(), in: &items[position], whole: whole)
            target = .array(items)
        default:
            throw missing(whole)
        }
    }

    private static func missing(_ path: [PathComponent]) -> HarnessError {
        .badRequest("op \"update\": the query's data has nothing at path \(path.map(\.description).joined(separator: "."))")
    }
}
