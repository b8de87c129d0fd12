import Dispatch
import Foundation
import GraphQLCache
import Synchronization

/// A command that talks to an http(s) endpoint and was given no `--schema` asks the endpoint for
/// its schema (the standard introspection query) and says so on standard error; when that fails
/// (introspection switched off, a server that is down, a result that does not load), it says why
/// on one line and goes on without a schema, as before. `--no-introspection` refuses to ask.
extension SchemaFiles {
    /// The `--schema` files; with none, an http(s) `network` choice and no `--no-introspection`,
    /// the schema introspected through `transport` (which carries the command's headers and
    /// timeout). `say` gets the one line reporting what happened.
    static func load(_ paths: [String], limits: CacheLimits, network: TransportOptions, transport: any NetworkTransport,
                     say: (String) -> Void = { StandardOutput.error($0 + "\n") }) throws(CommandError) -> SchemaFiles {
        guard paths.isEmpty, !network.noIntrospection, case .http(let url, _, _, _)? = try network.choice() else {
            return try load(paths, limits: limits)
        }
        let fallback = SchemaFiles(texts: [], schema: nil, limits: limits)
        let introspected: IntrospectedSchema
        switch Self.blocking({ () async -> Result<IntrospectedSchema, GraphQLCacheError> in
            do throws(GraphQLCacheError) { return .success(try await IntrospectedSchema.fetch(from: transport)) } catch { return .failure(error) }
        }) {
        case .success(let schema): introspected = schema
        case .failure(let error):
            let reason = if case .network(let failure) = error { failure.description } else { error.description }
            say("schema: not introspected from \(url): \(TerminalText.escaped(reason)); going on without a schema "
                + "(give --schema FILE, or --no-introspection to skip asking)")
            var failed = fallback
            failed.introspectionProblem = Self.shortReason(error)
            return failed
        }
        do {
            let schema = try CacheSchema.load(sdl: [introspected.sdl], limits: limits)
            say("schema: introspected from \(url) (\(introspected.typeCount) types)")
            return SchemaFiles(texts: [introspected.sdl], schema: schema, limits: limits, origins: ["introspection of \(url)"])
        } catch {
            say("schema: the schema introspected from \(url) does not load: \(TerminalText.escaped(error.description)); "
                + "going on without a schema (give --schema FILE)")
            return fallback
        }
    }

    /// `HTTP 401`, or the first words of another failure, for a status bar.
    static func shortReason(_ error: GraphQLCacheError) -> String {
        if case .network(let failure) = error, let status = failure.httpStatus { return "HTTP \(status)" }
        let text = if case .network(let failure) = error { failure.description } else { error.description }
        let words = TerminalText.escaped(text).split(separator: " ").prefix(4).joined(separator: " ")
        return words.count > 32 ? String(words.prefix(31)) + "…" : words
    }

    /// Runs `work` to completion on its own task, blocking the calling (command) thread.
    private static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let value = await work()
            box.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return box.withLock { $0 }!
    }
}
