import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing
@testable import CacheHarness

/// The harness reports what it cannot return as records: broken rows by key with their error,
/// and rows without a key, beside every readable record.
@Suite struct HarnessBrokenRowTests {
    @Test func recordsListsEveryReadableRecordAndNamesTheBrokenRows() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("broken.sqlite")
        let connection = try SQLiteConnection(path: path, readOnly: false, create: true, busyTimeoutMilliseconds: 5000)
        try connection.exec("""
            CREATE TABLE records (_id INTEGER, key TEXT UNIQUE, record TEXT, PRIMARY KEY(_id AUTOINCREMENT));
            INSERT INTO records (key, record) VALUES ('Droid:2001', '{"name":"R2-D2"}');
            INSERT INTO records (key, record) VALUES ('Human:1000', '{"name":');
            INSERT INTO records (key, record) VALUES ('Human:1001', '[1,2]');
            INSERT INTO records (key, record) VALUES (NULL, '{}');
            """, context: "test setup")
        let harness = Harness(cache: try SQLiteNormalizedCache(path: path))
        #expect(harness.handle(line: #"{"id":1,"op":"records"}"#) == [
            #"{"id":1,"ok":true,"records":{"Droid:2001":{"name":"R2-D2"}},"brokenRows":["#
                + #"{"key":"Human:1000","error":"unexpected end of input at line 1, column 9"},"#
                + #"{"key":"Human:1001","error":"expected a JSON object of fields, found list"}],"nullKeyRows":1}"#,
        ])
    }
}
