import CacheExplorer

/// Typing into the explorer: the time of each key press to its new frame, one key at a time,
/// as a user types a filter (budget: each under 16 ms at a million keys).
extension ExplorerTiming {
    /// What typing measured: each key press (applying it and rendering the frame), in order.
    struct Typing: Sendable {
        /// The time of each key press, in the order of the keys.
        var keyPresses: [Duration]
        /// The screen after the last key.
        var lastScreen: String
    }

    /// Opens an explorer on `backend`, presses `before` unmeasured, then measures each of `keys`;
    /// `untilAnswered`, up to the answer of work the key started in the background (the
    /// explorer settled: `r` and the `D` preview over a big cache), not only the key's frame.
    static func type(_ keys: [Key], after before: [Key] = [], backend: any ExplorerBackend,
                     size: Size = Size(width: 120, height: 40), untilAnswered: Bool = false) -> Typing {
        let clock = ContinuousClock()
        var explorer = Explorer(backend: backend, size: size)
        explorer.press(before)
        _ = explorer.render()
        var times: [Duration] = []
        var screen = ""
        for key in keys {
            let start = clock.now
            explorer.press([key])
            if untilAnswered { explorer.settle() }
            screen = explorer.render().text
            times.append(clock.now - start)
        }
        return Typing(keyPresses: times, lastScreen: screen)
    }
}
