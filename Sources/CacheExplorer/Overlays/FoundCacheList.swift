/// `:open` without a file: the Apollo caches found on this machine's simulators, Xcode
/// downloads and attached Android devices, one line each as `cachelens caches` prints them, so
/// the user picks one by moving instead of typing its path (Enter opens it as `:open N` would).
package struct FoundCacheList: Hashable, Sendable {
    /// `cachelens caches` lines (numbered from 1, aligned), in the list's order.
    package var lines: [String]
    package var selected: Int

    package init(lines: [String], selected: Int = 0) {
        self.lines = lines
        self.selected = selected
    }
}
