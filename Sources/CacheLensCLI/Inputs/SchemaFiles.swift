import GraphQLCache

/// `--schema` files (a schema, then extension files with `@typePolicy`/`@fieldPolicy`), the one
/// way every command loads them; a file that cannot be read or loaded is an error naming it.
struct SchemaFiles {
    /// The files' texts, in the order given.
    let texts: [String]
    /// The schema they make together; nil when no file was given.
    let schema: CacheSchema?
    /// The limits the schema was loaded within, and that documents and reads keep (`--limit`).
    let limits: CacheLimits
    /// Where each text came from, for messages: the file paths, or the introspected endpoint.
    var origins: [String] = []
    /// Why introspecting the endpoint's schema failed (`HTTP 401`, a few words), when it did.
    var introspectionProblem: String?

    init(texts: [String], schema: CacheSchema?, limits: CacheLimits, origins: [String]? = nil) {
        self.texts = texts
        self.schema = schema
        self.limits = limits
        self.origins = origins ?? []
    }

    /// A configuration knowing the schema (schema-less without one) and the limits.
    var configuration: CacheConfiguration {
        var configuration = CacheConfiguration(schema: schema)
        configuration.limits = limits
        return configuration
    }

    /// Reads and loads `paths` in order, within `limits`.
    static func load(_ paths: [String], limits: CacheLimits = CacheLimits()) throws(CommandError) -> SchemaFiles {
        guard !paths.isEmpty else { return SchemaFiles(texts: [], schema: nil, limits: limits) }
        var texts: [String] = []
        for path in paths { texts.append(try InputFile.readText(path, role: "--schema")) }
        do {
            return SchemaFiles(texts: texts, schema: try CacheSchema.load(sdl: texts, limits: limits), limits: limits, origins: paths)
        } catch {
            throw culprit(texts: texts, paths: paths, limits: limits, error: error)
        }
    }

    /// Names the first file whose addition makes the schema fail to load.
    private static func culprit(texts: [String], paths: [String], limits: CacheLimits,
                                error: GraphQLCacheError) -> CommandError {
        var failing = (path: paths[paths.count - 1], error: error)
        for count in 1..<texts.count {
            do { _ = try CacheSchema.load(sdl: Array(texts.prefix(count)), limits: limits) } catch {
                failing = (paths[count - 1], error)
                break
            }
        }
        return .invalidContent(path: failing.path, role: "--schema", message: "--schema \(failing.path): \(failing.error.description)")
    }
}
