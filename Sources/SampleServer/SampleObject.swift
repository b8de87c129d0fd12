import GraphQLCache

/// One object of the sample data as the executor carries it: its concrete type name and its
/// members as in the fixture file. Members holding other objects hold their ids; the resolvers
/// turn ids into objects when the schema says the field returns an object.
struct SampleObject: Sendable {
    /// The concrete GraphQL type (`Human`, `Droid`, `Starship`, `Review`, `Query`, …).
    let typename: String
    /// The fixture members, `__typename` and `id` included.
    let fields: JSONObject

    init(typename: String, fields: JSONObject) {
        self.typename = typename
        self.fields = fields
    }

    var id: String? { fields["id"]?.stringValue }
    var name: String? { fields["name"]?.stringValue }
}

extension SampleObject {
    /// The root value handed to the executor: root fields have their own resolvers.
    static let root = SampleObject(typename: "Query", fields: JSONObject())
}
