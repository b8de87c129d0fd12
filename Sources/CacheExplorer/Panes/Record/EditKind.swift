/// The kinds of value `e` can write; Tab cycles through them.
public enum EditKind: String, CaseIterable, Hashable, Sendable {
    case string, int, float, bool, null, reference, json
}
