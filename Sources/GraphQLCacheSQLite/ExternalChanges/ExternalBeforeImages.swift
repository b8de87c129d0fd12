import GraphQLCache

/// What rows held before another process's commit changed, removed or added them, kept for a
/// write log to claim: the log knows only the rows its own changes touched, while the change
/// tracker knows every row the screen read, so with these the app's change to the record the
/// user is looking at is logged with each field's before and after, not only its new fields.
/// A key can also be known to have had no row (a new key the current key listing did not
/// hold), so that the log says `added` only when it was; a key with nothing kept (a row nobody
/// read, replaced) is left out, and the log says its before was not seen. Kept only once asked
/// for (`keepExternalBeforeImages()`), and within a budget: images nobody claims are dropped
/// past it, never piled up (a dropped one reads as not seen, never as absent).
struct ExternalBeforeImages {
    /// Most bytes of unclaimed images (with their keys).
    static let byteBudget = 16 << 20

    private var isKept = false
    /// Each key's row before (nil: the key had no row).
    private var images: [CacheKey: [UInt8]?] = [:]
    private var bytes = 0

    mutating func keep() { isKept = true }

    /// Adds the images of one look; a key already waiting keeps its older image (the state
    /// before both commits, which the log has not seen either).
    mutating func add(_ found: [CacheKey: [UInt8]?]) {
        guard isKept else { return }
        for (key, image) in found where images.index(forKey: key) == nil {
            let cost = Self.cost(key, image)
            guard bytes + cost <= Self.byteBudget else { continue }
            images[key] = image
            bytes += cost
        }
    }

    /// The images of `keys` that are waiting, forgotten once taken.
    mutating func take(_ keys: Set<CacheKey>) -> [CacheKey: [UInt8]?] {
        var taken: [CacheKey: [UInt8]?] = [:]
        for key in keys {
            guard let image = images.removeValue(forKey: key) else { continue }
            bytes -= Self.cost(key, image)
            taken[key] = image
        }
        return taken
    }

    private static func cost(_ key: CacheKey, _ image: [UInt8]?) -> Int {
        key.rawValue.utf8.count + (image?.count ?? 0)
    }
}

extension SQLiteNormalizedCache {
    /// From now on, keeps the before-images of the followed rows other processes' commits
    /// change or remove, for `takeExternalBeforeImages(_:)`.
    package func keepExternalBeforeImages() {
        state.withLock { $0.externalBefore.keep() }
    }

    /// What `keys` held before the other processes' commits last reported: the stored bytes
    /// where the change tracker had kept them, nil for a key known to have had no row; a key
    /// left out is not known (it may have had a row). Each is handed out once.
    package func takeExternalBeforeImages(_ keys: Set<CacheKey>) -> [CacheKey: [UInt8]?] {
        state.withLock { $0.externalBefore.take(keys) }
    }
}
