import GraphQL
import GraphQLCache

/// The field resolvers of the sample server: root fields look objects up in `SampleData`; every
/// other field reads the object's fixture member, turning ids into objects where the schema
/// returns an object and converting lengths when a `unit: FOOT` argument asks for feet.
struct SampleResolvers: Sendable {
    /// Feet per meter, for `height(unit: FOOT)` and `length(unit: FOOT)`.
    static let feetPerMeter = 3.28084
    static let characterTypes: Set<String> = ["Human", "Droid"]

    let data: SampleData

    /// The resolver of `type.field`; every field gets one, so the executor's reflection-based
    /// default is never used.
    func resolver(type: String, field: String) -> GraphQLFieldResolve? {
        switch (type, field) {
        case ("Query", "hero"): return { _, args, _, _ in data.hero(episode: args.member("episode")?.string) }
        case ("Query", "human"): return byID(["Human"])
        case ("Query", "droid"): return byID(["Droid"])
        case ("Query", "character"): return byID(Self.characterTypes)
        case ("Query", "starship"): return byID(["Starship"])
        case ("Query", "characters"):
            // Unknown ids are left out rather than answered with null: GraphQL 4.3.0's executor
            // cannot return a null inside a list (its final Map conversion fails with MapError).
            return { _, args, _, _ in
                (args.member("ids")?.array ?? []).compactMap { id -> (any Sendable)? in
                    id.string.flatMap { data.object(id: $0, typenames: Self.characterTypes) }
                }
            }
        case ("Query", "search"):
            return { _, args, _, _ in data.search(text: args.member("text")?.string).map { $0 as (any Sendable)? } }
        case ("Mutation", "createReview"):
            return { _, args, _, _ in data.addReview(Self.review(args)) }
        default:
            return memberResolver
        }
    }

    private func byID(_ typenames: Set<String>) -> GraphQLFieldResolve {
        { _, args, _, _ in args.member("id")?.string.flatMap { data.object(id: $0, typenames: typenames) } }
    }

    /// A `Review` from `createReview`'s arguments (the favourite colour is not kept).
    static func review(_ args: Map) -> SampleObject {
        let input = args.member("review")
        var fields: JSONObject = ["__typename": .string("Review")]
        fields["episode"] = args.member("episode").map(JSONValue.init(graphQLMap:)) ?? .null
        fields["stars"] = input?.member("stars").map(JSONValue.init(graphQLMap:)) ?? .null
        fields["commentary"] = input?.member("commentary").map(JSONValue.init(graphQLMap:)) ?? .null
        return SampleObject(typename: "Review", fields: fields)
    }

    private var memberResolver: GraphQLFieldResolve {
        { source, args, _, info in
            guard let object = source as? SampleObject, let value = object.fields[info.fieldName], !value.isNull else {
                // The executor's own non-null error would carry no path; this one gets it.
                guard !(info.returnType is GraphQLNonNull) else {
                    throw SampleServerError.unresolvableField("Cannot return null for non-nullable field \(info.parentType.name).\(info.fieldName).")
                }
                return nil
            }
            let feet = args.member("unit")?.string == "FOOT"
            return try resolve(value, as: info.returnType, inFeet: feet)
        }
    }

    /// A fixture value as the executor expects it for `type`: lists as arrays, ids as objects
    /// for composite types, leaves as `Map`.
    private func resolve(_ value: JSONValue, as type: GraphQLType, inFeet feet: Bool) throws -> (any Sendable)? {
        if let nonNull = type as? GraphQLNonNull { return try resolve(value, as: nonNull.ofType, inFeet: feet) }
        if value.isNull { return nil }
        if let list = type as? GraphQLList {
            guard let items = value.arrayValue else {
                throw SampleServerError.unresolvableField("sample data holds a \(value.kindName) where a list is expected")
            }
            return try items.map { try resolve($0, as: list.ofType, inFeet: feet) }
        }
        if type is GraphQLCompositeType {
            guard let id = value.stringValue else {
                throw SampleServerError.unresolvableField("sample data holds a \(value.kindName) where an object id is expected")
            }
            return data.object(id: id)
        }
        if feet, let meters = value.numberAsDouble { return Map.double(meters * Self.feetPerMeter) }
        return value.graphQLMap
    }
}

private extension Map {
    /// The member `key` of a dictionary map; nil when absent, undefined or not a dictionary.
    func member(_ key: String) -> Map? {
        guard let value = dictionary?[key], !value.isUndefined else { return nil }
        return value
    }
}

private extension JSONValue {
    /// The number as a double, for ints and doubles alike.
    var numberAsDouble: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
}
