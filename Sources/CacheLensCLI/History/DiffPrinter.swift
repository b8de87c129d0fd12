import GraphQLCache

/// Writes a diff as it is found, text or JSON, buffering up to `flushSize` bytes between writes
/// so that a diff of 100,000 records makes a few hundred writes, not one per line.
struct DiffPrinter {
    static let flushSize = 1 << 16
    let json: Bool
    /// Whether each record is printed (false for `--stats`, which prints the growth only).
    let listsRecords: Bool
    let before: String
    let after: String
    private var buffer: [UInt8] = []
    private var records = 0

    init(json: Bool, listsRecords: Bool, before: String, after: String) {
        self.json = json
        self.listsRecords = listsRecords
        self.before = before
        self.after = after
        if json {
            let header: JSONObject = ["a": .string(before), "b": .string(after)]
            var text = JSONValue.object(header).jsonText
            text.removeLast()
            buffer = Array((text + ",\"records\":[").utf8)
        }
    }

    /// Prints one differing record.
    mutating func record(_ delta: RecordDelta) throws {
        guard listsRecords else { return }
        if json {
            if records > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer += Array(delta.jsonValue.jsonText.utf8)
        } else {
            buffer += Array(Self.text(delta).utf8)
        }
        records += 1
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// Prints the counts (and the growth per typename for `--stats`) and writes what is left.
    mutating func finish(tally: DiffTally, broken: [BrokenRecord], growth: [GroupGrowth]?) throws {
        if json {
            var summary: JSONObject = ["added": .int(tally.all.added), "removed": .int(tally.all.removed),
                                       "changed": .int(tally.all.changed), "repointed": .int(tally.all.repointed)]
            summary["byTypename"] = .object(JSONObject(tally.sortedTypenames.map { ($0.name, $0.counts.json) }))
            var tail: JSONObject = ["summary": .object(summary),
                                    "broken": .array(broken.map { .object(["key": .string($0.key.rawValue), "reason": .string($0.reason)]) })]
            if let growth { tail["growth"] = .array(growth.map(\.json)) }
            var text = JSONValue.object(tail).jsonText
            text.removeFirst()
            buffer += Array(("]," + text + "\n").utf8)
        } else {
            buffer += Array(Self.summary(tally, growth: growth).utf8)
        }
        try flush()
    }

    private mutating func flush() throws {
        try StandardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

extension DiffPrinter {
    /// `+ KEY (Type)` for an added record, `- KEY` removed, `~ KEY` changed, then one line per
    /// field: `name: "Luke" -> "Luke S."`, `(absent)` where a side has no such field.
    static func text(_ delta: RecordDelta) -> String {
        let escape = TerminalText.escaped
        let mark = delta.kind == .added ? "+" : delta.kind == .removed ? "-" : "~"
        var text = "\(mark) \(escape(delta.key.rawValue))" + (delta.typename.map { " (\(escape($0)))" } ?? "") + "\n"
        for field in delta.fields {
            let line: String
            switch delta.kind {
            case .added: line = value(field.after)
            case .removed: line = value(field.before)
            case .changed: line = value(field.before) + " -> " + value(field.after) + (field.isRepointed ? "  (re-pointed)" : "")
            }
            text += "    \(escape(field.field)): \(line)\n"
        }
        return text
    }

    /// A value as record JSON (a reference is `{"$reference":"KEY"}`), escaped for the terminal.
    static func value(_ value: CacheValue?) -> String {
        guard let value else { return "(absent)" }
        return TerminalText.escaped(RecordJSON.jsonValue(value).jsonText)
    }

    /// The closing counts; nothing when the caches are equal and no growth was asked for.
    static func summary(_ tally: DiffTally, growth: [GroupGrowth]?) -> String {
        var lines: [String] = []
        if let growth {
            lines.append("typename\trecords before\trecords after\tchange\tbytes before\tbytes after\tchange")
            lines += growth.map { group in
                [TerminalText.escaped(group.name), "\(group.before.records)", "\(group.after.records)", signed(group.recordChange),
                 "\(group.before.bytes)", "\(group.after.bytes)", signed(group.byteChange)].joined(separator: "\t")
            }
        }
        let all = tally.all
        guard all.total > 0 else { return lines.map { $0 + "\n" }.joined() }
        lines.append("\(all.added) added, \(all.removed) removed, \(all.changed) changed; \(all.repointed) reference field(s) re-pointed")
        lines.append("by typename:")
        lines += tally.sortedTypenames.map { name, counts in
            "  \(TerminalText.escaped(name))\t+\(counts.added) -\(counts.removed) ~\(counts.changed)"
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private static func signed(_ number: Int) -> String { number > 0 ? "+\(number)" : "\(number)" }
}
