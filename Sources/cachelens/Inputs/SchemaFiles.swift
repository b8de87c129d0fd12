import GraphQLCache

/// `--schema` files (a schema, then extension files with `@typePolicy`/`@fieldPolicy`), the one
/// way every command loads them; a file that cannot be read or loaded is an error naming it.
struct SchemaFiles {
    /// The files' texts, in the order given.
    let texts: [String]
    /// The schema they make together; nil when no file was given.
    let schema: CacheSchema?

    /// A configuration knowing the schema (schema-less without one).
    var configuration: CacheConfiguration { CacheConfiguration(schema: schema) }

    /// Reads and loads `paths` in order.
    static func load(_ paths: [String]) throws(CommandError) -> SchemaFiles {
        guard !paths.isEmpty else { return SchemaFiles(texts: [], schema: nil) }
        var texts: [String] = []
        for path in paths { texts.append(try InputFile.readText(path, role: "--schema")) }
        do { return SchemaFiles(texts: texts, schema: try CacheSchema.load(sdl: texts)) } catch {
            throw culprit(texts: texts, paths: paths, error: error)
        }
    }

    /// Names the first file whose addition makes the schema fail to load.
    private static func culprit(texts: [String], paths: [String], error: GraphQLCacheError) -> CommandError {
        var failing = (path: paths[paths.count - 1], error: error)
        for count in 1..<texts.count {
            do { _ = try CacheSchema.load(sdl: Array(texts.prefix(count))) } catch {
                failing = (paths[count - 1], error)
                break
            }
        }
        return .invalidContent(path: failing.path, role: "--schema", message: "--schema \(failing.path): \(failing.error.description)")
    }
}
