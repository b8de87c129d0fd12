import GraphQLCache
import GraphQLCacheSQLite

func heroName(transport: any NetworkTransport) async throws -> String? {
    let store = CacheStore(cache: try SQLiteNormalizedCache(path: "cache.sqlite"),
                           configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"])))
    let client = GraphQLClient(store: store, transport: transport)
    let query = try store.executor.operation(document: "{ hero { id name } }")

    let result = try await client.fetch(query: query)               // cacheFirst
    try await store.withinReadWriteTransaction { transaction in     // a local edit
        try await transaction.update(query: query) { $0["hero"]?["name"] = "Artoo" }
    }
    for await update in client.watch(query: query, cachePolicy: .cacheOnly) {
        print(try update.get().data ?? [:])                         // {"hero":{"id":…,"name":"Artoo"}}
        break                                                       // leaving the loop ends the watch
    }
    return result.data?["hero"]?["name"]?.stringValue               // what the server said
}
