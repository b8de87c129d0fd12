import GraphQLCache

/// `--schema` files (a schema, then extension files with `@typePolicy`/`@fieldPolicy`) loaded
/// into one `CacheSchema`; a file that cannot be read or loaded is an error naming it.
enum SchemaFiles {
    /// The schema made of `paths` in order; nil when there are none.
    static func load(_ paths: [String]) throws -> CacheSchema? {
        guard !paths.isEmpty else { return nil }
        let texts = try paths.map { try FileAccess.readText($0, role: "--schema") }
        do { return try CacheSchema.load(sdl: texts) } catch {
            throw CommandError(culprit(texts: texts, paths: paths, error: error))
        }
    }

    /// Names the first file whose addition makes the schema fail to load.
    private static func culprit(texts: [String], paths: [String], error: GraphQLCacheError) -> String {
        for count in 1..<texts.count {
            do { _ = try CacheSchema.load(sdl: Array(texts.prefix(count))) } catch {
                return "--schema \(paths[count - 1]): \(error.description)"
            }
        }
        return "--schema \(paths[paths.count - 1]): \(error.description)"
    }
}
