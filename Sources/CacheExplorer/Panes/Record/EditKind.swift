/// The kinds of value `e` can write; Tab cycles through them.
package enum EditKind: String, CaseIterable, Hashable, Sendable {
    case string, int, float, bool, null, reference, json
}
