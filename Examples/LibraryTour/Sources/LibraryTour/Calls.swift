import GraphQLCache
import GraphQLCacheSQLite

/// The right-hand column of docs/LIBRARY.md's table, Apollo iOS 2.x's calls as CacheLens spells
/// them: compiled with the tour (a repository test checks every call of the table is here);
/// `tableCalls` is never run.
enum Calls {
    static func tableCalls(store: CacheStore, client: GraphQLClient, transport: any NetworkTransport, cachePath: String,
                           heroQuery: GraphQLOperation, renameMutation: GraphQLOperation, droidFragment: GraphQLOperation,
                           data: JSONObject, records: RecordSet) async throws {
        _ = try SQLiteNormalizedCache(path: cachePath)
        _ = InMemoryNormalizedCache()
        _ = CacheStore(cache: InMemoryNormalizedCache())
        _ = GraphQLClient(store: store, transport: transport)
        _ = try await client.fetch(query: heroQuery)
        _ = try await client.fetch(query: heroQuery, cachePolicy: .networkOnly)
        _ = client.fetch(query: heroQuery, cachePolicy: .cacheAndNetwork)
        _ = try await client.fetch(query: heroQuery, cachePolicy: .cacheOnly, returnPartialData: true)
        _ = try await client.perform(mutation: renameMutation)
        _ = client.watch(query: heroQuery)
        _ = try await store.withinReadTransaction { try await $0.read(query: heroQuery) }
        _ = try await store.withinReadTransaction { try await $0.readObject(fragment: droidFragment, withKey: "Droid:2001") }
        try await store.withinReadWriteTransaction { try await $0.write(data: data, for: heroQuery) }
        try await store.withinReadWriteTransaction { try await $0.update(query: heroQuery) { $0["hero"]?["name"] = "Artoo" } }
        try await store.withinReadWriteTransaction { try await $0.removeObject(for: "Droid:2001") }
        try await store.withinReadWriteTransaction { try await $0.removeObjects(matching: "Droid:") }
        _ = try await store.load(query: heroQuery)
        _ = try await store.loadResult(query: heroQuery)
        _ = try store.publish(records: records)
        try store.clearCache()
        _ = try store.removeUnreachableRecords()
        _ = try store.removeDanglingReferences()
        _ = try store.garbageCollect()
        _ = store.subscribe { change in print(change) }
        _ = try JSONObject(jsonText: #"{"hero":{"name":"R2-D2"}}"#)
    }
}
