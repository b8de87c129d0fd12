import CacheTestSupport
import GraphQLCache
import Testing

/// The snapshot format (`{KEY: record JSON}`) shared by the harness and the command line, and
/// writing a snapshot into either cache.
@Suite struct SnapshotTests {
    static let records = RecordSet(records: [
        Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
        Record(key: "Droid:2001", ["name": .string("R2-D2"), "mass": .double(32), "scores": .list([.list([.int(1)])])]),
    ])

    @Test func encodedSnapshotDecodesToTheSameRecords() throws {
        let bytes = Snapshot.encode(Self.records.records)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {
            "Droid:2001":{"mass":32.0,"name":"R2-D2","scores":[[1]]},
            "QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}}
            }

            """)
        #expect(try Snapshot.decode(bytes, source: "s.json") == Self.records)
    }

    @Test func emptySnapshotIsAnEmptyObject() throws {
        #expect(Snapshot.encode([Record]()) == Array("{}\n".utf8))
        #expect(try Snapshot.decode(Array("{}".utf8), source: "s.json").isEmpty)
    }

    @Test func jsonObjectSortsKeysAsTheRecordsOpDoes() {
        #expect(Snapshot.jsonObject(Self.records).keys == ["Droid:2001", "QUERY_ROOT"])
    }

    @Test func writerHandsOverChunksThatMakeTheWholeText() {
        var chunks: [[UInt8]] = []
        var writer = SnapshotWriter<Never>(chunkSize: 8) { chunks.append($0) }
        for record in Self.records.records.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { writer.append(record) }
        writer.finish()
        #expect(chunks.count == 3)
        #expect(chunks.flatMap { $0 } == Snapshot.encode(Self.records.records))
    }

    @Test func brokenJSONNamesTheFileLineAndColumn() {
        do {
            _ = try Snapshot.decode(Array("{\"A\":\n  {,}}".utf8), source: "s.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "s.json:2:4: not JSON: expected a string key")
        }
    }

    @Test func badRecordNamesItsKeyAndField() {
        do {
            _ = try Snapshot.decode(Array(#"{"A":{"f":{"$reference":1,"x":2}}}"#.utf8), source: "s.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"s.json: record "A" field "f": "$reference" must be the only member of its object"#)
        }
        do {
            _ = try Snapshot.records(from: ["B": .int(3)])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"record "B": must be an object of fields, found integer"#)
        }
    }

    @Test(arguments: CacheKind.allCases)
    func importMergesOrReplacesAndCountsChanges(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        try cache.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("R2-D2")]), Record(key: "Old:1", ["a": .int(1)])]))

        let merged = try cache.importSnapshot(Self.records, replacing: false)
        #expect(merged == SnapshotImportSummary(removedRecords: 0, records: 2, changedRecords: 2, changedFields: 3))
        #expect(try cache.recordCount() == 3)

        let replaced = try cache.importSnapshot(Self.records, replacing: true)
        #expect(replaced == SnapshotImportSummary(removedRecords: 3, records: 2, changedRecords: 2, changedFields: 4))
        #expect(try cache.allRecords() == Self.records)
    }
}
