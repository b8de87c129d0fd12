import CacheExplorer
import CacheTestSupport
import GraphQLCache

/// Records with a list of lists of references (`squads[0][1]` names Human:1) and an object,
/// for landing on an element: inbound references, `:find`, sorting and typename filters.
enum SquadsCache {
    static let records: [Record] = [
        Record(key: .queryRoot, ["squads": .list([
            .list([.reference("Human:2"), .reference("Human:1")]),
            .list([.reference("Human:3")]),
        ])]),
        Record(key: "Human:1", ["__typename": .string("Human"), "id": .string("1"), "name": .string("Luke"),
                                "homePlanet": .string("Tatooine")]),
        Record(key: "Human:2", ["__typename": .string("Human"), "id": .string("2"), "name": .string("Leia"),
                                "homePlanet": .string("Alderaan"), "friends": .list([.reference("Human:1")])]),
        Record(key: "Human:3", ["__typename": .string("Human"), "id": .string("3"), "name": .string("Han"),
                                "address": .object(["planet": .string("Corellia"), "ship": .reference("Human:1")])]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "id": .string("2001"), "name": .string("R2-D2"),
                                   "primaryFunction": .string("Astromech, with a much longer function text")]),
    ]

    static func explorer(_ kind: CacheKind = .memory, size: Size = Size(width: 100, height: 30),
                         environment: ExplorerEnvironment = .isolated) -> Explorer {
        Explorer(backend: StoreBackend(cache: kind.makeCache(records), sourceName: "squads"), size: size,
                 environment: environment)
    }
}
