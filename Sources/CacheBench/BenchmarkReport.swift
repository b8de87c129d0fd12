import GraphQLCache

/// Prints figures as an aligned table (median, spread, floor, ratio, budget) or as JSON lines.
public enum BenchmarkReport {
    /// One JSON object per figure, one per line.
    public static func jsonLines(_ figures: [BenchmarkFigure]) -> String {
        figures.map { JSONValue.object($0.jsonObject).jsonText }.joined(separator: "\n")
    }

    /// The header line of the table.
    public static var tableHeader: String {
        pad("figure", 72) + lpad("median", 12) + lpad("min", 11) + lpad("max", 11) + lpad("floor", 11)
            + lpad("ratio", 8) + "  budget"
    }

    /// One row of the table.
    public static func tableRow(_ figure: BenchmarkFigure) -> String {
        let unit = " " + figure.unit
        var row = pad(figure.name, 72) + lpad(format(figure.median) + unit, 12)
        row += lpad(format(figure.min), 11) + lpad(format(figure.max), 11)
        row += lpad(figure.floor.map(format) ?? "-", 11)
        row += lpad(figure.ratio.map { format($0) + "x" } ?? "-", 8)
        if let budget = figure.budget, let met = figure.meetsBudget {
            row += "  " + (figure.ratio != nil ? "≤\(format(budget))x" : "≤\(format(budget)) \(figure.unit)")
            row += met ? " met" : " MISSED"
        }
        return row
    }

    static func format(_ value: Double) -> String {
        if value >= 100 { return String(Int(value.rounded())) }
        let scaled = (value * 100).rounded() / 100
        return String(scaled)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func lpad(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
