import CacheExplorer

/// Times the headless explorer for the probe (`ExplorerProbe`): open on a backend, render the
/// first frame, apply key presses, render again — the figures docs/BENCHMARKS.md budgets (first frame
/// under 200 ms, a key press under 16 ms on a 1,000,000-record file).
enum ExplorerTiming {
    /// What one run measured.
    struct Measurement: Sendable {
        /// Opening the explorer (counting keys, fetching the first page) and rendering it.
        var firstFrame: Duration
        /// Applying the keys and rendering the next frame.
        var keyPress: Duration
        /// The first screen, to check that something real was drawn.
        var firstScreen: String
        /// The screen after the keys.
        var secondScreen: String
    }

    /// The probe's terminal size.
    static let size = Size(width: 120, height: 40)

    /// Measures the first frame and one key press on `backend` at `size`.
    static func measure(backend: any ExplorerBackend, size: Size = ExplorerTiming.size,
                        keys: [Key] = [.character("G")]) -> Measurement {
        let clock = ContinuousClock()
        let start = clock.now
        var explorer = Explorer(backend: backend, size: size)
        let first = explorer.render()
        let opened = clock.now
        explorer.press(keys)
        let second = explorer.render()
        let pressed = clock.now
        return Measurement(firstFrame: opened - start, keyPress: pressed - opened, firstScreen: first.text, secondScreen: second.text)
    }
}
