import GraphQLCache

/// The bytes followed rows held before another process's commit changed or removed them, kept
/// for a write log to claim: the log knows only the rows its own changes touched, while the
/// change tracker knows every row the screen read, so with these the app's change to the
/// record the user is looking at is logged with each field's before and after, not only its
/// new fields. Kept only once asked for (`keepExternalBeforeImages()`), and within a budget:
/// images nobody claims are dropped past it, never piled up.
struct ExternalBeforeImages {
    /// Most bytes of unclaimed images.
    static let byteBudget = 16 << 20

    private var isKept = false
    private var images: [CacheKey: [UInt8]] = [:]
    private var bytes = 0

    mutating func keep() { isKept = true }

    /// Adds the images of one look; a key already waiting keeps its older image (the state
    /// before both commits, which the log has not seen either).
    mutating func add(_ found: [CacheKey: [UInt8]]) {
        guard isKept else { return }
        for (key, image) in found where images[key] == nil && bytes + image.count <= Self.byteBudget {
            images[key] = image
            bytes += image.count
        }
    }

    /// The images of `keys` that are waiting, forgotten once taken.
    mutating func take(_ keys: Set<CacheKey>) -> [CacheKey: [UInt8]] {
        var taken: [CacheKey: [UInt8]] = [:]
        for key in keys {
            guard let image = images.removeValue(forKey: key) else { continue }
            bytes -= image.count
            taken[key] = image
        }
        return taken
    }
}

extension SQLiteNormalizedCache {
    /// From now on, keeps the before-images of the followed rows other processes' commits
    /// change or remove, for `takeExternalBeforeImages(_:)`.
    package func keepExternalBeforeImages() {
        state.withLock { $0.externalBefore.keep() }
    }

    /// The stored bytes `keys` held before the other processes' commits last reported, for
    /// those whose bytes the change tracker had kept; each image is handed out once.
    package func takeExternalBeforeImages(_ keys: Set<CacheKey>) -> [CacheKey: [UInt8]] {
        state.withLock { $0.externalBefore.take(keys) }
    }
}
