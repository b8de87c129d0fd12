import CacheExplorer
import GraphQLCache

/// A four-record cache small enough to state whole explorer states about.
enum TinyCache {
    static let records: [Record] = [
        Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
        Record(key: "Droid:2001", [
            "__typename": .string("Droid"), "name": .string("R2-D2"), "age": .int(33),
            "friends": .list([.reference("Human:1000"), .reference("Human:9999")]),
        ]),
        Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke"), "height": .double(1.72)]),
        Record(key: "Human:1002", ["__typename": .string("Human"), "name": .string("Han"), "best": .reference("Human:1000")]),
    ]

    static func backend(readOnly: Bool = false) -> StoreBackend {
        StoreBackend(cache: InMemoryNormalizedCache(records: RecordSet(records: records)), sourceName: "tiny", readOnly: readOnly)
    }

    static func explorer(size: Size = Size(width: 80, height: 24), readOnly: Bool = false) -> (Explorer, StoreBackend) {
        let backend = backend(readOnly: readOnly)
        return (Explorer(backend: backend, size: size), backend)
    }

    /// The list row of `key` as the explorer shows it.
    static func row(_ key: CacheKey) -> RecordRow {
        let record = records.first { $0.key == key }!
        return RecordRow(key: key, typename: record.typename, size: RecordJSON.encode(record.fields).count)
    }

    /// The state right after opening, at 80x24: the first key selected and its record previewed.
    static func initialState(size: Size = Size(width: 80, height: 24), readOnly: Bool = false) -> ExplorerState {
        var state = ExplorerState(size: size, sourceName: "tiny", readOnly: readOnly)
        state.list = RecordListState(count: 4, rows: [row(.queryRoot), row("Droid:2001"), row("Human:1000"), row("Human:1002")])
        state.record = view(.queryRoot)
        state.keepsWriteLog = true
        return state
    }

    /// The record view of `key` as the preview shows it: fields in order, nothing open, the first
    /// selected. (No record here refers to an absent record outside a list.)
    static func view(_ key: CacheKey) -> RecordViewState {
        let record = records.first { $0.key == key }!
        let rows = record.fields.keys.sorted().map { FieldRow(field: $0, label: $0, value: record.fields[$0]!) }
        return RecordViewState(key: key, exists: true, typename: record.typename, fieldCount: record.fields.count, rows: rows)
    }

    /// The record view of Droid:2001, friends collapsed, first field selected.
    static func droidView(selected: Int = 0, expanded: Bool = false) -> RecordViewState {
        var rows = [
            FieldRow(field: "__typename", label: "__typename", value: .string("Droid")),
            FieldRow(field: "age", label: "age", value: .int(33)),
            FieldRow(field: "friends", label: "friends", value: .list([.reference("Human:1000"), .reference("Human:9999")]),
                     isExpanded: expanded),
        ]
        if expanded {
            rows.append(FieldRow(field: "friends", path: ["0"], label: "[0]", value: .reference("Human:1000")))
            rows.append(FieldRow(field: "friends", path: ["1"], label: "[1]", value: .reference("Human:9999"), isDangling: true))
        }
        rows.append(FieldRow(field: "name", label: "name", value: .string("R2-D2")))
        return RecordViewState(key: "Droid:2001", exists: true, typename: "Droid", fieldCount: 4, rows: rows,
                               expanded: expanded ? ["friends"] : [], selected: selected)
    }
}
