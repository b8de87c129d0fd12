import CacheDiagnostics
import GraphQLCache

/// The commands that read every record (`:lint`, `:gc`, `:sizes`, `:diff`, `:export`, `r` and
/// the `D` preview) run in the background over a big cache (`ScanWork`): the keys stay
/// answered, the progress line says what runs and how far it got, `Esc` stops it, and its
/// overlay opens when it ends (once no prompt has the keyboard). Over a few records they run
/// at once, as they take about a frame.
///
/// Why: on the UI thread, `:sizes` over ten million records froze the explorer for half a
/// minute, `:lint` and `:gc` for a quarter, the `D` preview for five seconds and `r` for two,
/// with nothing on screen and no way to stop them.
extension Explorer {
    /// Scans over more records than this run in the background.
    static let backgroundScanThreshold = 10_000

    /// How many records a scan would read, and whether that is enough to run it in the
    /// background (always while a big file's keys are first read).
    private var scanSize: (records: Int, inBackground: Bool) {
        if let reading = state.list.readingKeys { return (reading.estimated, true) }
        let records = (try? backend.keyCount(matching: nil)) ?? 0
        return (records, records > Self.backgroundScanThreshold)
    }

    /// Runs `scan`, stopping one under way: at once over a few records, else in the background.
    mutating func runScan(_ kind: BackgroundScan.Kind, _ scan: @escaping @Sendable () throws -> BackgroundScan.Outcome) {
        stopScan()
        let size = scanSize
        guard size.inBackground else {
            let outcome: BackgroundScan.Outcome
            do { outcome = try scan() } catch { outcome = .failed(BackgroundScan.Failure(error)) }
            return scanEnded(kind, outcome)
        }
        let id = scanWork.start(scan) { [inbox] in inbox.post($0) }
        state.scan = BackgroundScan(id: id, kind: kind, records: size.records)
        state.message = nil
    }

    /// The background scan `id` got `fraction` of the way (a scan of two passes starts over).
    mutating func scanProgressed(id: Int, fraction: Double) {
        guard var scan = state.scan, scan.id == id else { return }
        scan.fraction = fraction
        state.scan = scan
    }

    /// The background scan `id` ended: its overlay opens now, or once no prompt has the keyboard.
    mutating func scanFinished(id: Int, _ outcome: BackgroundScan.Outcome) {
        guard let scan = state.scan, scan.id == id else { return }
        state.scan = nil
        finishedScan = (scan.kind, outcome)
        showFinishedScan()
    }

    /// Shows the outcome of the scan that ended while a prompt or a dialog had the keyboard,
    /// once none has.
    mutating func showFinishedScan() {
        guard let (kind, outcome) = finishedScan, keyboardIsFree else { return }
        finishedScan = nil
        scanEnded(kind, outcome)
    }

    /// Whether no prompt or confirmation has the keyboard (the query console's focus does not
    /// count: an overlay opens over it).
    private var keyboardIsFree: Bool {
        if case .confirm = state.mode { return false }
        if case .normal = state.mode { return true }
        return !state.readsText
    }

    private mutating func scanEnded(_ kind: BackgroundScan.Kind, _ outcome: BackgroundScan.Outcome) {
        switch outcome {
        case .lint(let findings): showLint(findings)
        case .garbage(let keys): previewGarbage(keys)
        case .sizes(let list): showSizes(list)
        case .inbound(let list): state.mode = .inbound(list)
        case .patternPreview(let preview): showPatternPreview(preview, kind: kind)
        case let .diff(list, marks): showDiff(list, marks: marks)
        case .exported(let export): exported(export)
        case .failed(let failure):
            let error = failure.error
            if error is CancellationError { return }
            if !refusedForLock(error, again: command(of: kind)) { fail(error) }
        }
    }

    /// What the user typed to start a scan of `kind`, as a refusal names it.
    private func command(of kind: BackgroundScan.Kind) -> String {
        switch kind {
        case .lint: return ":lint"
        case .garbage: return ":gc"
        case .sizes: return ":sizes"
        case .inbound: return keyMap.keyName(.inbound)
        case .patternPreview: return keyMap.keyName(.deleteByPattern)
        case .diff(let file): return ":diff \(file)"
        case .export(let file): return ":export \(file)"
        }
    }

    /// Stops the background scan under way, if any; true when one ran.
    @discardableResult
    mutating func stopScan() -> Bool {
        guard state.scan != nil else { return false }
        scanWork.stop()
        state.scan = nil
        return true
    }

    /// `Esc` while a scan runs: stops it, saying so; false when none runs.
    mutating func cancelScan() -> Bool {
        guard let scan = state.scan else { return false }
        stopScan()
        inform("stopped \(scan.label)")
        return true
    }
}
