/// A list overlay whose selection the shared move rows (`OverlayKeys.moves`) step through:
/// inbound references, lint findings, the caches found, a field's readers, a diff, sizes. Each
/// says which rows the selection may stop on (a lint finding's text lines and a diff's field
/// lines are skipped), so one stepping rule serves them all.
protocol SteppedList {
    /// The selected row.
    var selected: Int { get set }
    /// The rows the selection may stop on, in order.
    var stops: [Int] { get }
}

/// Where a move row sends the selection.
enum ListStep: Sendable {
    case down, up, top, bottom

    /// The stop `self` leads to from `selected` (itself when there is nowhere to go).
    func target(from selected: Int, stops: [Int]) -> Int {
        switch self {
        case .down: return stops.first { $0 > selected } ?? selected
        case .up: return stops.last { $0 < selected } ?? selected
        case .top: return stops.first ?? selected
        case .bottom: return stops.last ?? selected
        }
    }
}

extension SteppedList {
    /// The list with its selection moved by `step`.
    func stepped(_ step: ListStep) -> Self {
        var copy = self
        copy.selected = step.target(from: selected, stops: stops)
        return copy
    }

    /// The selected row's index when the selection stands on a stop.
    var chosen: Int? {
        stops.contains(selected) ? selected : nil
    }
}

extension InboundList: SteppedList {
    var stops: [Int] { Array(references.indices) }
}

extension FoundCacheList: SteppedList {
    var stops: [Int] { Array(lines.indices) }
}

extension ReaderList: SteppedList {
    var stops: [Int] { Array(watches.indices) }
}

extension LintList: SteppedList {
    var stops: [Int] { rows.indices.filter { rows[$0].isSelectable } }
}

extension DiffList: SteppedList {
    var stops: [Int] { rows.indices.filter { rows[$0].key != nil } }
}

extension SizesList: SteppedList {
    var stops: [Int] { Array(rows.indices) }
}
