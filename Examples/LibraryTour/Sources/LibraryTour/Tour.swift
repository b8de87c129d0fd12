import GraphQLCache
import GraphQLCacheSQLite

/// The tour's steps, each one a snippet of docs/LIBRARY.md (a test in the repository checks
/// that every snippet there is found here, so the docs compile when this package builds).
struct Tour {
    let store: CacheStore
    let client: GraphQLClient
    let heroQuery: GraphQLOperation

    /// A server's answer for the run without a URL.
    static let scriptedHero = #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]}}}"#

    init(cachePath: String, transport: any NetworkTransport) throws {
        // snippet: setup
        let cache = try SQLiteNormalizedCache(path: cachePath)
        let store = CacheStore(cache: cache, configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"])))
        let client = GraphQLClient(store: store, transport: transport)
        let heroQuery = try store.executor.operation(document: "{ hero { id name friends { id name } } }")
        // end snippet
        self.store = store
        self.client = client
        self.heroQuery = heroQuery
    }

    func run() async throws {
        try await fetch()
        try await watchAndUpdate()
        try await readAndDecode()
        try await partialAndGarbage()
    }

    private func fetch() async throws {
        // snippet: fetch
        let result = try await client.fetch(query: heroQuery, cachePolicy: .cacheFirst)
        print(result.source, result.data?["hero"]?["name"]?.stringValue ?? "no hero")
        // end snippet
        // snippet: cacheAndNetwork
        for try await result in client.fetch(query: heroQuery, cachePolicy: .cacheAndNetwork) {
            print("cacheAndNetwork:", result.source)
            break
        }
        // end snippet
    }

    private func watchAndUpdate() async throws {
        // snippet: watch
        var names: [String] = []
        for await update in client.watch(query: heroQuery, cachePolicy: .cacheOnly) {
            names.append(try update.get().data?["hero"]?["name"]?.stringValue ?? "?")
            if names.count == 1 { try await rename() }
            if names.count == 2 { break }  // leaving the loop cancels the watcher
        }
        // end snippet
        print("watch saw:", names)
    }

    private func rename() async throws {
        // snippet: update
        try await store.withinReadWriteTransaction { transaction in
            try await transaction.update(query: heroQuery) { data in
                data["hero"]?["name"] = "Artoo"
            }
        }
        // end snippet
    }

    private func readAndDecode() async throws {
        // snippet: read
        let data = try await store.withinReadTransaction { try await $0.read(query: heroQuery) }
        let cached = try await store.load(query: heroQuery)  // nil on a miss
        // end snippet
        // snippet: decode
        struct HeroData: Decodable {
            struct Hero: Decodable { let id: String; let name: String }
            let hero: Hero
        }
        let hero = try data.decode(HeroData.self).hero
        // end snippet
        print("read:", hero.name, cached != nil)
    }

    private func partialAndGarbage() async throws {
        // snippet: partial
        let wider = try store.executor.operation(document: "{ hero { id name appearsIn } }")
        let partial = try await store.loadPartial(query: wider)
        for miss in partial.missingFields { print("missing:", miss) }
        // end snippet
        // snippet: gc
        let removed = try store.garbageCollect()
        print("gc removed", removed.removedKeys.count, "records and", removed.removedFields.count, "fields")
        // end snippet
    }
}
