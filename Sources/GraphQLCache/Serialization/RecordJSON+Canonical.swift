extension RecordJSON {
    /// The record's JSON (as `encode` writes it) when decoding those bytes gives back exactly
    /// `fields`; nil when it would not (a non-finite double is written as `null`; a custom
    /// scalar object with a `$reference` member reads back as a reference or an error).
    ///
    /// Why: a merge can then tell that a stored row already holds the incoming record by
    /// comparing bytes, without decoding the row; equal bytes mean equal fields.
    public static func canonicalEncoding(_ fields: [String: CacheValue]) -> [UInt8]? {
        roundTrips(fields) ? encode(fields) : nil
    }

    /// Whether decoding what `write(_:to:)` writes for `fields` gives back exactly `fields`.
    public static func roundTrips(_ fields: [String: CacheValue]) -> Bool {
        fields.values.allSatisfy(roundTrips)
    }

    /// Appends the fields exactly as `write(_:to:)` does and returns `roundTrips(fields)`.
    ///
    /// Why: a merge needs both for every incoming record; one walk over the fields finds the
    /// room to reserve and the answer together, where `write` then `roundTrips` walked twice.
    public static func writeCheckingRoundTrip(_ fields: [String: CacheValue], to writer: inout JSONWriter) -> Bool {
        var roundTrips = true
        let bound = sizeBound(fields, roundTrips: &roundTrips)
        writer.write(bound: bound) { $0.recordObject(fields) }
        return roundTrips
    }

    /// `sizeBound(fields)`, clearing `roundTrips` on a value that would not read back as written.
    private static func sizeBound(_ fields: [String: CacheValue], roundTrips: inout Bool) -> Int {
        var bound = 2
        for (key, value) in fields {
            bound += JSONCursor.quotedBound(key.utf8.count) + 2 + sizeBound(value, roundTrips: &roundTrips)
        }
        return bound
    }

    private static func sizeBound(_ value: CacheValue, roundTrips: inout Bool) -> Int {
        switch value {
        case .double(let v):
            if !v.isFinite { roundTrips = false }
            return JSONCursor.doubleBound
        case .list(let items):
            var bound = 2
            for item in items { bound += sizeBound(item, roundTrips: &roundTrips) + 1 }
            return bound
        case .object(let members):
            if members["$reference"] != nil { roundTrips = false }
            return sizeBound(members, roundTrips: &roundTrips)
        case .null, .bool, .int, .string, .reference:
            return sizeBound(value)
        }
    }

    private static func roundTrips(_ value: CacheValue) -> Bool {
        switch value {
        case .null, .bool, .int, .string, .reference: return true
        case .double(let v): return v.isFinite
        case .list(let items): return items.allSatisfy(roundTrips)
        case .object(let members): return members["$reference"] == nil && members.values.allSatisfy(roundTrips)
        }
    }
}
