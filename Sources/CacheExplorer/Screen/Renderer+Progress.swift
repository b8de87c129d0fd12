/// The progress line under the panes: what waits for another process's lock, what long work
/// runs and how far it got, what reads in the background; each says how `Esc` stops it.
extension Renderer {
    /// ` ⠿ waiting for the file's lock (app) 3 s… Esc cancels`, while the lock keeps the
    /// explorer out (and `Esc` has not dismissed it), naming the process that holds it when it
    /// is known and the big change that waits if one does (` ⠿ deleting 1 record: waiting…`).
    var lockWaitLine: String? {
        guard let elapsed = state.lockWait, !state.lockWaitDismissed else { return nil }
        let seconds = elapsed.components.seconds
        let what = state.longWork.map { "\($0.label): " } ?? ""
        let holder = state.lockHolder.map { "(\($0)) " } ?? ""
        return " \(Self.spinner(at: state.now)) \(what)waiting for the file's lock \(holder)\(seconds) s… \(keyMap.keyName(.cancel)) cancels"
    }

    /// ` ⠿ deleting 100,000 records… 40 % · Esc cancels` while a big change runs.
    var longWorkLine: String? {
        guard let work = state.longWork else { return nil }
        let percent = Int(work.fraction * 100)
        let end = work.cancelling ? "cancelling" : "\(keyMap.keyName(.cancel)) cancels"
        return " \(Self.spinner(at: state.now)) \(work.label)… \(percent) % · \(end)"
    }

    /// ` ⠿ filtering type:Item… 40 % · Esc stops` while the list's keys are built.
    var listBuildLine: String? {
        guard let building = state.list.building else { return nil }
        return " \(Self.spinner(at: state.now)) \(building.label)… \(Int(building.fraction * 100)) % · \(keyMap.keyName(.cancel)) stops"
    }

    /// ` ⠿ linting 10,000,000 records… 40 % · Esc stops` while a command's scan runs; on a
    /// narrow screen the label is cut, never the share or how to stop it (the message when
    /// stopped says the label whole).
    var scanLine: String? {
        guard let scan = state.scan else { return nil }
        let head = " \(Self.spinner(at: state.now)) "
        let tail = "… \(Int(scan.fraction * 100)) % · \(keyMap.keyName(.cancel)) stops"
        return head + Self.prefix(of: scan.label, width: state.size.width - DisplayWidth.of(head) - DisplayWidth.of(tail)) + tail
    }

    /// The longest start of `text` at most `width` columns wide.
    private static func prefix(of text: String, width: Int) -> String {
        var used = 0, kept = ""
        for character in text {
            used += DisplayWidth.of(character)
            if used > width { break }
            kept.append(character)
        }
        return kept
    }

    /// ` ⠿ reading the keys… 24 %` while a big file's keys are first read (nothing to stop:
    /// no list can be shown without them).
    var keyReadLine: String? {
        guard let reading = state.list.readingKeys else { return nil }
        return " \(Self.spinner(at: state.now)) reading the keys… \(Int(reading.fraction * 100)) %"
    }

    /// The spinner's frame at `time` (one frame a tenth of a second).
    static func spinner(at time: Duration) -> String {
        let tenths = time.components.seconds * 10 + time.components.attoseconds / 100_000_000_000_000_000
        return ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"][Int(tenths % 10)]
    }
}
