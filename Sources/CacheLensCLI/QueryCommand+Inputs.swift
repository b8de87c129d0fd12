import GraphQLCache

extension QueryCommand {
    /// The operation from `-e`/`-f`, `--operation-name` and `--variables`, or, with neither
    /// `-e` nor `-f`, the one a bundle (`cachelens extract`) carries; errors name the document's
    /// source with line and column, or the variable.
    func makeOperation(executor: GraphQLExecutor, bundle: ReproBundle.Header? = nil) throws -> GraphQLOperation {
        if let bundle, document == nil, documentFile == nil {
            var input = OperationInput(text: bundle.operation, source: cache, operationName: operationName ?? bundle.operationName,
                                       variables: variables)
            input.defaultVariables = bundle.variables
            return try input.operation(executor: executor)
        }
        let source = documentFile ?? "-e"
        let text = try documentFile.map { try InputFile.readText($0, role: "document") } ?? document ?? ""
        return try OperationInput(text: text, source: source, operationName: operationName, variables: variables)
            .operation(executor: executor)
    }

    /// The bundle header of the cache file, when it is a bundle and no document was given.
    func bundleHeader() throws -> ReproBundle.Header? {
        guard document == nil, documentFile == nil, CacheFile.isSnapshotPath(cache) else { return nil }
        do {
            return try ReproBundle.header(in: try InputFile.read(cache, role: "snapshot"), source: cache)
        } catch let error as GraphQLCacheError {
            throw CommandError.invalidContent(path: cache, role: "snapshot", message: error.description)
        }
    }

    /// `--schema` files, or the schema texts a bundle carries when none is given.
    func schemas(bundle: ReproBundle.Header?) throws -> SchemaFiles {
        let limits = try limitOptions.limits()
        guard let bundle, schemaFiles.isEmpty, !bundle.schema.isEmpty else { return try SchemaFiles.load(schemaFiles, limits: limits) }
        do {
            return SchemaFiles(texts: bundle.schema, schema: try CacheSchema.load(sdl: bundle.schema, limits: limits), limits: limits,
                               origins: [cache])
        } catch {
            throw CommandError.invalidContent(path: cache, role: "bundle schema", message: "\(cache): \(error.description)")
        }
    }
}
