import CacheDiagnostics
import ArgumentParser
import GraphQLCache

/// `cachelens lint CACHE`: the health of a whole cache in one pass (`CacheLint`): objects without
/// cache ids, duplicates, dangling references, unreachable records, broken rows, records without
/// `__typename`. Exit 0 when clean, 2 with findings.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a cache file's health: missing cache ids, duplicates, dangling references, broken rows.",
        discussion: """
            Findings: noCacheId (objects of a type stored under response paths, with the \
            @typePolicy line to add), duplicateEntity (one object under several keys with values \
            that differ), danglingReference, unreachable (what the explorer's :gc would delete), \
            brokenRow, missingTypename. Each names its count, example keys and the fix. Exits 0 \
            when there are no findings, 2 when there are, 1 when the file cannot be read. --json \
            prints {"findings":[{"kind","message","keys","count","suggestion"?}]}.
            """)

    @Argument(help: "The cache: a SQLite cache file (opened read-only) or a snapshot file ending in .json.")
    var cache: String

    @Option(name: .customLong("schema"), help: "A schema or schema extension file (@typePolicy key fields); repeatable.")
    var schemaFiles: [String] = []

    @OptionGroup(title: "Limits")
    var limitOptions: LimitOptions

    @Flag(help: "Print the findings as JSON.")
    var json = false

    func run() throws {
        let schemas = try SchemaFiles.load(schemaFiles, limits: limitOptions.limits())
        let opened = try CacheFile.open(cache, readOnly: true)
        let findings: [LintFinding]
        let records: Int
        do {
            findings = try CacheLint(configuration: schemas.configuration).run(on: opened.cache)
            records = try opened.cache.recordCount()
        } catch {
            throw CommandError.cache(path: cache, message: "\(cache): \(error)")
        }
        if json {
            let object: JSONObject = ["findings": .array(findings.map { .object($0.jsonObject) })]
            try StandardOutput.write(JSONValue.object(object).jsonText + "\n")
        } else {
            try StandardOutput.write(TerminalText.escapedLines(Self.text(findings, cache: cache, records: records)))
        }
        if !findings.isEmpty { throw ExitCode(2) }
    }

    static func text(_ findings: [LintFinding], cache: String, records: Int) -> String {
        var lines = ["\(cache): \(MissGroup.number(records)) records, \(findings.isEmpty ? "no findings" : "\(findings.count) finding(s)")"]
        for finding in findings {
            lines.append("")
            lines.append("\(finding.kind.rawValue) (\(MissGroup.number(finding.count))): \(finding.message)")
            let shown = finding.keys.prefix(5).map(\.rawValue).joined(separator: ", ")
            if !shown.isEmpty { lines.append("  e.g. " + shown + (finding.count > 5 ? ", …" : "")) }
            if let suggestion = finding.suggestion { lines.append("  fix: " + suggestion) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
