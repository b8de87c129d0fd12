import CacheExplorer
import Foundation

/// A key held down while the explorer works in the background (a watch's first read, a
/// console query, `:find`): pressed once a frame (every 16 ms, 60 a second, faster than a
/// keyboard's auto-repeat), each press followed by a frame, until the work is done.
///
/// Why paced: pressing as fast as the loop allows (thousands of frames a second) kept one of
/// the machine's two cores drawing frames no person could ask for, and the background read
/// shared the rest with them; what a user meets is a key press every frame at most.
enum HeldKey {
    static let interval: Duration = .milliseconds(16)

    /// What the presses measured.
    struct Presses {
        var slowest: Duration
        var count: Int
    }

    /// Presses `key` on `explorer`, rendering after each, until `done` holds; throws after
    /// `limit` (the work never ended).
    static func press(_ key: Key, on explorer: inout Explorer, limit: Duration = .seconds(300),
                      what: String, until done: (Explorer) -> Bool) throws -> Presses {
        let clock = ContinuousClock()
        let start = clock.now
        var presses = Presses(slowest: .zero, count: 0)
        while !done(explorer) {
            let pressedAt = clock.now
            explorer.press([key])
            _ = explorer.render()
            presses.slowest = max(presses.slowest, clock.now - pressedAt)
            presses.count += 1
            if clock.now - start > limit { throw BenchmarkError("\(what) did not end in \(limit)") }
            let next = pressedAt + interval
            if clock.now < next { Thread.sleep(forTimeInterval: (next - clock.now).secondsValue) }
        }
        return presses
    }
}
