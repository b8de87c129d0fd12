@testable import GraphQLCache

/// The caches every store behaviour test runs on (SQLite joins when its branch lands).
enum StoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory

    func makeCache(_ records: [Record] = []) -> NormalizedCache {
        switch self {
        case .memory: return InMemoryNormalizedCache(records: RecordSet(records: records))
        }
    }

    func makeStore(_ records: [Record] = []) -> CacheStore {
        CacheStore(cache: makeCache(records))
    }

    var description: String { rawValue }
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
