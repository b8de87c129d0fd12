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
    /// Why: a merge needs both for every incoming record; the encoder notes on its one walk
    /// whether what it writes reads back as the same fields, where `write` then `roundTrips`
    /// walked twice.
    package static func writeCheckingRoundTrip(_ fields: [String: CacheValue], to writer: inout JSONWriter) -> Bool {
        writer.encodeRecord { encoder in
            encoder.object(fields)
            return encoder.roundTrips
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
