import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// The formats other than Apollo iOS's that `CacheFile.open` recognises from the file's content:
/// Apollo Client extracts among `.json` files, Apollo Kotlin's SQLite caches among the rest.
/// They are read into memory and never written back (`CacheFormat.readOnlyReason`).
extension CacheFile {
    /// An Apollo Client `extract()` (or an `apollo3-cache-persist` string of one), or nil when
    /// the JSON is something else (a CacheLens snapshot).
    static func openApolloClientExtract(_ path: String, bytes: [UInt8]) throws(CommandError) -> CacheFile? {
        let marks = ["\"ROOT_QUERY\"", "\"ROOT_MUTATION\"", "ROOT_QUERY\\\""].map { Array($0.utf8) }
        guard marks.contains(where: { bytes.firstRange(of: $0) != nil }),
              let value = try? JSONValue.parse(String(decoding: bytes, as: UTF8.self)), ApolloClientExtract.isExtract(value) else {
            return nil
        }
        do {
            let records = try ApolloClientExtract.records(from: value)
            return CacheFile(path: path, cache: InMemoryNormalizedCache(records: records), sqlite: nil, format: .apolloClient)
        } catch {
            throw .invalidContent(path: path, role: "Apollo Client cache", message: "\(path): \(error.description)")
        }
    }

    /// An Apollo Kotlin cache (classic or 1.0) read into memory, or nil when the file is not one
    /// (Apollo iOS's format, a new file, or no cache at all, which `SQLiteNormalizedCache` reports).
    static func openForeignSQLite(_ path: String) throws(CommandError) -> CacheFile? {
        // Only a regular file is probed: opening a FIFO or a device would block or read it.
        guard FileKind(path: path) == .regular, CacheFileProbe.format(path: path).map({ $0 != .apolloIOS }) == true else {
            return nil
        }
        do {
            guard let loaded = try ForeignSQLite.load(path: path) else { return nil }
            return CacheFile(path: path, cache: InMemoryNormalizedCache(records: loaded.records), sqlite: nil,
                             format: loaded.format, updated: loaded.updated, received: loaded.received)
        } catch {
            throw .cache(path: path, message: "\(error)")
        }
    }
}
