import ArgumentParser
import Foundation
import GraphQLCache

/// `--limit NAME=N` (repeatable): raises (or lowers) one of `CacheLimits` for a command that
/// parses documents, schemas or reads records, the way the limit errors tell a user to. An
/// unknown name or a value that is not a whole number from 1 to the limit's ceiling is an error
/// naming the option and what is accepted.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("limit"), help: ArgumentHelp(
        "Raise a limit, as NAME=N; repeatable. " + LimitOptions.namesHelp, valueName: "name=n"))
    var settings: [String] = []

    /// Each limit with its default, for `--help`.
    static var namesHelp: String {
        let defaults = CacheLimits()
        let names = CacheLimits.Name.allCases.map { name in
            "\(name.rawValue) (\(name.summary); default \(defaults[name])"
                + (name.ceiling == Int.max ? ")" : ", at most \(name.ceiling))")
        }
        return "Limits: " + names.joined(separator: "; ") + "."
    }

    func validate() throws {
        do { _ = try limits() } catch { throw ValidationError(error.description) }
    }

    /// The defaults with every `--limit` applied in order (a later one wins).
    func limits() throws(CommandError) -> CacheLimits {
        var limits = CacheLimits()
        for setting in settings {
            let (name, value) = try Self.parse(setting)
            limits[name] = value
        }
        return limits
    }

    private static func parse(_ setting: String) throws(CommandError) -> (CacheLimits.Name, Int) {
        let known = CacheLimits.Name.allCases.map(\.rawValue).joined(separator: ", ")
        guard let equals = setting.firstIndex(of: "=") else {
            throw .invalidOption(name: "--limit", value: setting, reason: "expected NAME=N, one of \(known)")
        }
        let text = setting[..<equals].trimmingCharacters(in: .whitespaces)
        guard let name = CacheLimits.Name(rawValue: text) else {
            throw .invalidOption(name: "--limit", value: setting, reason: "unknown limit '\(text)'; the limits are \(known)")
        }
        let digits = setting[setting.index(after: equals)...].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
        guard let value = Int(digits), value >= 1, value <= name.ceiling else {
            let range = name.ceiling == Int.max ? "a whole number of 1 or more" : "a whole number from 1 to \(name.ceiling)"
            let why = name == .maximumNestingDepth ? " (GraphQL's parser is recursive: deeper input would overflow the stack)" : ""
            throw .invalidOption(name: "--limit", value: setting, reason: "\(name.rawValue) must be \(range)\(why)")
        }
        return (name, value)
    }
}
