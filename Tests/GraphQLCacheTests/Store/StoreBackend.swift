@testable import GraphQLCache
import GraphQLCacheSQLite
import Foundation

/// The caches every store behaviour test runs on: one specification for both backends.
enum StoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory
    case sqlite

    /// A new cache holding `records`. SQLite files go to a per-process scratch folder that is
    /// removed when the test process exits. A cache that cannot be made is a broken test
    /// environment, so it stops the test run with the reason.
    func makeCache(_ records: [Record] = []) -> NormalizedCache {
        switch self {
        case .memory:
            return InMemoryNormalizedCache(records: RecordSet(records: records))
        case .sqlite:
            do {
                let cache = try SQLiteNormalizedCache(path: StoreScratch.newDatabasePath())
                try cache.merge(records: RecordSet(records: records))
                return cache
            } catch {
                preconditionFailure("cannot make a SQLite cache for a store test: \(error)")
            }
        }
    }

    func makeStore(_ records: [Record] = []) -> CacheStore {
        CacheStore(cache: makeCache(records))
    }

    var description: String { rawValue }
}

/// Where SQLite store tests put their files: one folder per test process. The test runner ends
/// without running exit handlers, so each run first removes the folders of test processes that
/// are gone.
enum StoreScratch {
    private static let prefix = "cachelens-store-tests-"

    static var directory: String {
        FileManager.default.temporaryDirectory.appendingPathComponent(prefix + "\(getpid())").path
    }

    static func newDatabasePath() throws -> String {
        let folder = directory
        if !FileManager.default.fileExists(atPath: folder) {
            removeFoldersOfEndedProcesses()
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return folder + "/" + UUID().uuidString + ".sqlite"
    }

    private static func removeFoldersOfEndedProcesses() {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}

/// Collects what a store's subscribers receive, for assertions.
final class ChangeRecorder: Sendable {
    private let changes = Mutex<[CacheChange]>([])

    func record(_ change: CacheChange) { changes.withLock { $0.append(change) } }

    var all: [CacheChange] { changes.withLock { $0 } }
    var count: Int { changes.withLock { $0.count } }

    /// Subscribes to `store`, recording every change.
    static func subscribed(to store: CacheStore) -> (ChangeRecorder, CacheSubscription) {
        let recorder = ChangeRecorder()
        let subscription = store.subscribe { recorder.record($0) }
        return (recorder, subscription)
    }
}

import Synchronization

extension FieldKey {
    /// `FieldKey` from its printed form `RECORD.field`, for readable expectations (test keys
    /// never contain a dot in the field part).
    static func printed(_ text: String) -> FieldKey {
        let dot = text.lastIndex(of: ".")!
        return FieldKey(record: CacheKey(String(text[..<dot])), field: String(text[text.index(after: dot)...]))
    }
}

func fieldKeys(_ texts: String...) -> Set<FieldKey> { Set(texts.map(FieldKey.printed)) }
