import CacheDiagnostics
import ArgumentParser
import Foundation
import GraphQLCache

/// `cachelens check CACHE PATHS...`: every query in an app's `.graphql` files run against a
/// cache: which screens would show cached data offline, and for those that would not, the miss
/// groups and what to change.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every query of an app's .graphql files against a cache file: hit or miss, and why.",
        discussion: """
            PATHS are .graphql files or directories (searched recursively); fragments are resolved \
            across all files. Mutations and subscriptions are listed as skipped. --variables FILE is \
            a JSON object of variables by operation name ({"Human":{"id":"1000"}}). A file that \
            does not parse is one error row (file:line:column) and every other operation still \
            runs; an operation name defined in two files is a warning row naming both. Exits 1 \
            when a file or a query has an error (a bad document, a variable missing or of the \
            wrong type), else 2 when any query misses, 0 when every query is answered by the \
            cache. --json prints {"operations":[{"name","file","complete","misses","groups",\
            "diagnoses"}],"problems":[{"severity","file","line","column","operation","message"}]} \
            (misses is the count; an operation that could not run has "error" (and "line", \
            "column") instead, a skipped one (a mutation, a subscription) has "skipped").
            """)

    @Argument(help: "The cache: a SQLite cache file (opened read-only) or a snapshot file ending in .json.")
    var cache: String

    @Argument(help: "The app's .graphql files, or directories holding them.")
    var paths: [String]

    @Option(name: .customLong("schema"), help: "A schema or schema extension file (.graphqls, @typePolicy/@fieldPolicy); repeatable.")
    var schemaFiles: [String] = []

    @OptionGroup(title: "Limits")
    var limitOptions: LimitOptions

    @Option(name: .customLong("variables"), help: "A JSON file: {\"OperationName\": {variables}}.")
    var variablesFile: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    func run() throws {
        let schemas = try SchemaFiles.load(schemaFiles, limits: limitOptions.limits())
        let file = try CacheFile.open(cache, readOnly: true)
        let store = CacheStore(cache: file.cache, configuration: schemas.configuration)
        var files: [(path: String, text: String)] = []
        for path in try OperationFiles.find(paths) { files.append((path, try InputFile.readText(path, role: "operation file"))) }
        let catalog = OperationCatalog(collecting: files)
        let variables = try loadVariables()
        let diagnoser = MissDiagnoser(configuration: store.configuration, cache: file.cache)
        let checks = try catalog.entries.map { try OperationCheck.run($0, store: store, variables: variables[$0.name], diagnoser: diagnoser) }
        if json {
            let object: JSONObject = ["operations": .array(checks.map { .object($0.jsonObject) }),
                                      "problems": .array(catalog.problems.map { .object($0.jsonObject) })]
            try StandardOutput.write(JSONValue.object(object).jsonText + "\n")
        } else {
            try StandardOutput.write(TerminalText.escapedLines(OperationCheckTable(checks: checks, problems: catalog.problems).text))
        }
        if checks.contains(where: { $0.error != nil }) || catalog.problems.contains(where: { $0.severity == .error }) {
            throw ExitCode(1)
        }
        if checks.contains(where: { $0.explanation.map { !$0.result.isComplete } ?? false }) { throw ExitCode(2) }
    }

    private func loadVariables() throws -> [String: JSONObject] {
        guard let variablesFile else { return [:] }
        let text = try InputFile.readText(variablesFile, role: "--variables")
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw CommandError.invalidContent(path: variablesFile, role: "--variables", message: "\(variablesFile): not JSON: \(error.description)")
        }
        guard case .object(let object) = value else {
            throw CommandError.invalidContent(path: variablesFile, role: "--variables",
                                              message: "\(variablesFile): must be an object of variables by operation name, found \(value.kindName)")
        }
        var result: [String: JSONObject] = [:]
        for (name, member) in object {
            guard case .object(let variables) = member else {
                throw CommandError.invalidContent(path: variablesFile, role: "--variables",
                                                  message: "\(variablesFile): \"\(name)\" must be an object of variables, found \(member.kindName)")
            }
            result[name] = variables
        }
        return result
    }
}

/// `.graphql` files among paths: files as given, directories searched recursively, sorted.
enum OperationFiles {
    static func find(_ paths: [String]) throws -> [String] {
        var found: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandError.noSuchFile(path: path, role: "operation file or directory")
            }
            guard isDirectory.boolValue else { found.append(path); continue }
            let enumerator = FileManager.default.enumerator(atPath: path)
            var inside: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".graphql") { inside.append((path as NSString).appendingPathComponent(relative)) }
            }
            found += inside.sorted()
        }
        if found.isEmpty {
            throw CommandError.invalidOption(name: "PATHS", value: paths.joined(separator: " "), reason: "no .graphql files there")
        }
        return found
    }
}
