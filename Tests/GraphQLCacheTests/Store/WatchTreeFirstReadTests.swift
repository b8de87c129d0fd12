import Testing
@testable import GraphQLCache

/// A watch's first read makes its dependencies from its nodes without listing them by record
/// (the index is left to the first patch): they must equal a plain read's, for records read by
/// one node, by several nodes through different selections, and by a list's node that read the
/// elements it left out; and the first patch, which lists the nodes then, must still find the
/// nodes a change touched.
@Suite struct WatchTreeFirstReadTests {
    private let executor = GraphQLExecutor()

    /// 50 items owned by two users, and the root's own `owner`, so that `User:0` is read by 25
    /// items' owner nodes (`id`) and by the root's owner node (`name`).
    private static func records() -> RecordSet {
        var records = (0..<50).map { index in
            Record(key: CacheKey("Item:\(index)"), ["id": .string("\(index)"), "name": .string("item \(index)"),
                                                     "owner": .reference(CacheKey("User:\(index % 2)"))])
        }
        records += (0..<2).map { Record(key: CacheKey("User:\($0)"), ["id": .string("\($0)"), "name": .string("user \($0)")]) }
        records.append(Record(key: "QUERY_ROOT", ["items": .list((0..<50).map { .reference(CacheKey("Item:\($0)")) }),
                                                  "owner": .reference("User:0")]))
        return RecordSet(records: records)
    }

    private static let document = "{ items { id owner { id } } owner { name } }"

    @Test(arguments: [nil, 10])
    func theFirstReadDependsOnWhatAPlainReadDoes(listElementLimit: Int?) throws {
        let records = Self.records()
        let query = try executor.operation(document: Self.document)
        let options = ReadOptions(listElementLimit: listElementLimit)
        let (first, made) = try WatchTree.read(query, executor: executor, options: options, source: records)
        #expect(made != nil)
        let plain = try executor.read(query, from: records, options: options)
        #expect(first.dependencies == plain.dependencies)
        #expect(first.dependencies.fields(of: "User:0") == ["id", "name"])
        #expect(first.data == plain.data)
        #expect(first.elided == plain.elided)
    }

    @Test(arguments: [nil, 10])
    func theFirstPatchFindsEveryNodeThatReadTheChangedField(listElementLimit: Int?) throws {
        var records = Self.records()
        let query = try executor.operation(document: Self.document)
        let options = ReadOptions(listElementLimit: listElementLimit)
        let tree = try #require(try WatchTree.read(query, executor: executor, options: options, source: records).1)
        _ = records.merge(records: RecordSet(records: [Record(key: "User:0", ["id": .string("zero"), "name": .string("new")])]))
        let patched = try tree.patch(fields: [FieldKey(record: "User:0", field: "id"), FieldKey(record: "User:0", field: "name")],
                                     removed: [], records: [], source: records)
        let plain = try executor.read(query, from: records, options: options)
        #expect(patched?.data == plain.data)
        #expect(patched?.dependencies == plain.dependencies)
        #expect(patched?.elided == plain.elided)
    }
}
