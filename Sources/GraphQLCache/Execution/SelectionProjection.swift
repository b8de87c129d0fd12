/// Server data cut to exactly what a document selects: the `__typename` the client added to
/// the request (and anything else a server sends unasked) is dropped, so a result has one shape
/// whether it came from the cache or from the server (docs/HARNESS.md, `fetch`).
struct SelectionProjection {
    let schema: CacheSchema?
    let variables: JSONObject

    /// The members of `object` that `selections` select, in selection order.
    func project(_ object: JSONObject, _ selections: SelectionSetPlan, staticType: String?) -> JSONObject {
        var out = JSONObject()
        var typename = object["__typename"]?.stringValue
        if typename == nil, let staticType, schema?.isObjectType(staticType) ?? true { typename = staticType }
        projectItems(object, selections, typename: typename, into: &out)
        return out
    }

    private func projectItems(_ object: JSONObject, _ selections: SelectionSetPlan, typename: String?,
                              into out: inout JSONObject) {
        for item in selections.items {
            switch item {
            case .field(let field):
                guard field.inclusion.allSatisfy({ $0.holds(variables) }),
                      let value = object[field.responseName] else { continue }
                var projected = value
                if let inner = field.selectionSet { projected = projectValue(value, inner, staticType: field.type?.namedType) }
                out[field.responseName] = JSONValue.merged(out[field.responseName], projected)
            case .typeCase(let condition, let inclusion, _, let inner):
                guard inclusion.allSatisfy({ $0.holds(variables) }),
                      TypeMatching.applies(typename: typename, condition: condition, schema: schema, inner,
                                           variables: variables, has: { object[$0.responseName] != nil })
                else { continue }
                projectItems(object, inner, typename: typename, into: &out)
            }
        }
    }

    private func projectValue(_ value: JSONValue, _ selections: SelectionSetPlan, staticType: String?) -> JSONValue {
        switch value {
        case .object(let object): return .object(project(object, selections, staticType: staticType))
        case .array(let items): return .array(items.map { projectValue($0, selections, staticType: staticType) })
        default: return value
        }
    }
}
