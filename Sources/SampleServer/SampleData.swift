import Foundation
import GraphQLCache
import Synchronization

/// The Star Wars fixture data (`starwars-data.json`) the sample server answers from, plus the
/// reviews created by `createReview`, which live in memory for the server's lifetime.
///
/// The file holds `characters` and `starships` (objects with `__typename` and `id`; `friends` as
/// lists of ids) and `heroes` (episode name to character id, with a `default`).
final class SampleData: Sendable {
    /// Every object with an id, by id.
    let objectsByID: [String: SampleObject]
    /// Characters then starships, in file order: the order `search` answers in.
    let searchable: [SampleObject]
    /// Episode name (or `default`) to the id of that episode's hero.
    let heroes: [String: String]
    private let storedReviews = Mutex<[SampleObject]>([])

    /// Reads the fixture object; `path` names the file in errors.
    init(json: JSONObject, path: String) throws(SampleServerError) {
        let characters = try Self.objects(json["characters"], member: "characters", path: path)
        let starships = try Self.objects(json["starships"], member: "starships", path: path)
        searchable = characters + starships
        var byID: [String: SampleObject] = [:]
        for object in searchable {
            guard let id = object.id, byID.updateValue(object, forKey: id) == nil else {
                throw .invalidData(path: path, message: "id \(object.id ?? "?") is used twice")
            }
        }
        objectsByID = byID
        heroes = try Self.heroes(json["heroes"], path: path)
        try checkReferences(path: path)
    }

    private static func objects(_ value: JSONValue?, member: String, path: String) throws(SampleServerError) -> [SampleObject] {
        guard let items = value?.arrayValue else {
            throw .invalidData(path: path, message: "\"\(member)\" must be a list of objects")
        }
        var objects: [SampleObject] = []
        for (index, item) in items.enumerated() {
            guard let fields = item.objectValue, let typename = fields["__typename"]?.stringValue,
                  fields["id"]?.stringValue != nil else {
                throw .invalidData(path: path, message: "\"\(member)\"[\(index)] needs a string \"__typename\" and \"id\"")
            }
            objects.append(SampleObject(typename: typename, fields: fields))
        }
        return objects
    }

    private static func heroes(_ value: JSONValue?, path: String) throws(SampleServerError) -> [String: String] {
        guard let object = value?.objectValue, object["default"]?.stringValue != nil else {
            throw .invalidData(path: path, message: "\"heroes\" must map episodes to ids, with a \"default\"")
        }
        var heroes: [String: String] = [:]
        for (episode, id) in object {
            guard let id = id.stringValue else {
                throw .invalidData(path: path, message: "\"heroes\".\(episode) must be an id string")
            }
            heroes[episode] = id
        }
        return heroes
    }

    /// Every `friends` id and hero id must name an object, so a typo in the file fails at load.
    private func checkReferences(path: String) throws(SampleServerError) {
        for object in searchable {
            for friend in object.fields["friends"]?.arrayValue ?? [] {
                guard let id = friend.stringValue, objectsByID[id] != nil else {
                    throw .invalidData(path: path, message: "friends of \(object.id ?? "?") name unknown id \(friend.jsonText)")
                }
            }
        }
        for (episode, id) in heroes where objectsByID[id] == nil {
            throw .invalidData(path: path, message: "hero of \(episode) is unknown id \(id)")
        }
    }

    /// The object with `id`, if it is one of `typenames` (any type when nil).
    func object(id: String, typenames: Set<String>? = nil) -> SampleObject? {
        guard let object = objectsByID[id] else { return nil }
        guard let typenames else { return object }
        return typenames.contains(object.typename) ? object : nil
    }

    /// The hero of `episode`: the episode's entry, else the default.
    func hero(episode: String?) -> SampleObject? {
        let id = episode.flatMap { heroes[$0] } ?? heroes["default"]
        return id.flatMap { objectsByID[$0] }
    }

    /// Characters and starships whose name contains `text`, ignoring case; everything when nil.
    func search(text: String?) -> [SampleObject] {
        guard let text, !text.isEmpty else { return searchable }
        return searchable.filter { $0.name?.localizedCaseInsensitiveContains(text) ?? false }
    }

    /// Records a review and returns it.
    func addReview(_ review: SampleObject) -> SampleObject {
        storedReviews.withLock { $0.append(review) }
        return review
    }

    /// Reviews created so far, oldest first.
    var reviews: [SampleObject] { storedReviews.withLock { $0 } }
}
