/// The explorer's performance entry for benchmarks: open on a backend, render the first frame
/// headless, apply one key press, render again — the two figures DESIGN.md budgets (first frame
/// under 200 ms, a key press under 16 ms on a 1,000,000-record file).
public enum ExplorerBenchmark {
    /// What one run measured.
    public struct Measurement: Sendable {
        /// Opening the explorer (counting keys, fetching the first page) and rendering it.
        public var firstFrame: Duration
        /// Applying `key` and rendering the next frame.
        public var keyPress: Duration
        /// The first screen, to check that something real was drawn.
        public var firstScreen: String
        /// The screen after the key.
        public var secondScreen: String
    }

    /// Measures the first frame and one key press on `backend` at `size`.
    public static func measure(backend: any ExplorerBackend, size: Size = Size(width: 120, height: 40),
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
