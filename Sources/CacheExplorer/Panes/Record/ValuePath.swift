import GraphQLCache

/// Where a value sits inside a record: a field, then the list indices and object members below
/// it (`squads[0][1]`, `address.city`). The record view's rows carry the same path as their id
/// (`squads/0/1`), so a place found here can be opened: the lists around it expanded, its row
/// selected. Inbound references and `:find` land on the value this way instead of on the
/// record's first field.
package struct ValuePath: Hashable, Sendable {
    /// One step below a field.
    package enum Step: Hashable, Sendable {
        case index(Int)
        case member(String)
    }

    /// The top-level field key.
    package var field: String
    /// The steps below it, outermost first.
    package var steps: [Step]

    package init(field: String, steps: [Step] = []) {
        self.field = field
        self.steps = steps
    }

    /// As people read it: `squads[0][1]`, `address.city`.
    package var text: String {
        field + steps.map { step in
            switch step {
            case .index(let index): return "[\(index)]"
            case .member(let name): return ".\(name)"
            }
        }.joined()
    }

    /// The record view's row path (`FieldRow.path`): `["0", "1"]`.
    var rowPath: [String] {
        steps.map { step in
            switch step {
            case .index(let index): return String(index)
            case .member(let name): return name
            }
        }
    }

    /// The row id of the value (`squads/0/1`) and the ids of the rows to open around it
    /// (`squads`, `squads/0`), outermost first.
    var rowIDs: (row: String, enclosing: [String]) {
        var components = [field]
        var enclosing: [String] = []
        for component in rowPath {
            enclosing.append(components.joined(separator: "/"))
            components.append(component)
        }
        return (components.joined(separator: "/"), enclosing)
    }

    /// Every place in `value` (the value of `field`) whose leaf satisfies `matches`, in the
    /// record view's order: list items by index, then (`objects`) object members in natural
    /// order. References are looked for in lists only, as the cache reads them: an object value
    /// is JSON, and a `$reference` inside it refers to nothing.
    package static func places(in value: CacheValue, field: String, objects: Bool = true,
                               where matches: (CacheValue) -> Bool) -> [ValuePath] {
        var found: [ValuePath] = []
        walk(value, ValuePath(field: field), matches, into: &found, limit: .max, objects: objects)
        return found
    }

    /// The first place in `record` (fields in the record view's order, only `field` when given)
    /// whose leaf satisfies `matches`.
    static func first(in record: Record, field: String? = nil, where matches: (CacheValue) -> Bool) -> ValuePath? {
        for name in field.map({ [$0] }) ?? RecordRows.orderedFields(record) {
            guard let value = record.fields[name] else { continue }
            var found: [ValuePath] = []
            walk(value, ValuePath(field: name), matches, into: &found, limit: 1)
            if let place = found.first { return place }
        }
        return nil
    }

    private static func walk(_ value: CacheValue, _ place: ValuePath, _ matches: (CacheValue) -> Bool,
                             into found: inout [ValuePath], limit: Int, objects: Bool = true) {
        guard found.count < limit else { return }
        switch value {
        case .list(let items):
            for (index, item) in items.enumerated() {
                walk(item, place.appending(.index(index)), matches, into: &found, limit: limit, objects: objects)
            }
        case .object(let members):
            guard objects else { return }
            for name in members.keys.sorted(by: NaturalOrder.precedes) {
                guard let member = members[name] else { continue }
                walk(member, place.appending(.member(name)), matches, into: &found, limit: limit, objects: objects)
            }
        default:
            if matches(value) { found.append(place) }
        }
    }

    private func appending(_ step: Step) -> ValuePath {
        ValuePath(field: field, steps: steps + [step])
    }
}
