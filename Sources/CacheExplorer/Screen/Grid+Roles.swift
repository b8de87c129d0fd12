/// The grid's style roles as text, beside `Grid.text` in golden files: what a screen means
/// (selection, matches, dangling references, flashes, errors) is compared, not only its letters.
extension Grid {
    /// One line per screen row that has cells with a role other than `text`: the row number,
    /// then each run of equal roles as inclusive columns and the role's name, e.g.
    /// `3: 0-39 list.selection, 41-60 value.reference`. Rows with only `text` are left out.
    package var roleRuns: String {
        var lines: [String] = []
        for row in 0..<size.height {
            let runs = roleRuns(row: row)
            guard !runs.isEmpty else { continue }
            let described = runs.map { "\($0.columns.lowerBound)-\($0.columns.upperBound) \($0.role.rawValue)" }
            lines.append("\(row): " + described.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// The runs of non-`text` roles in `row`, left to right.
    package func roleRuns(row: Int) -> [(columns: ClosedRange<Int>, role: StyleRole)] {
        var runs: [(columns: ClosedRange<Int>, role: StyleRole)] = []
        var start = 0
        for column in 0...size.width {
            let role = column < size.width ? self[row, column].role : nil
            if column > 0, role != self[row, column - 1].role {
                let previous = self[row, column - 1].role
                if previous != .text { runs.append((start...(column - 1), previous)) }
                start = column
            }
        }
        return runs
    }
}
