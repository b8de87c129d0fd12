import GraphQLCache

/// How one filter tests the encoded keys of one index, chosen once per filter: on the encoded
/// bytes themselves, on the decoded bytes as ASCII, or with the full Unicode test; and for a
/// filter no ASCII key can contain (`é` among ASCII keys), not at all. Always the same answer
/// as `KeyPattern.matches` on the decoded key.
struct KeyTest: Sendable {
    /// How keys are tested.
    enum Mode: Sendable, Equatable {
        /// The encoded bytes hold the filter's text verbatim (plain ASCII keys, a filter of
        /// printable non-digit ASCII).
        case encoded
        /// Decoded, then compared byte-wise (plain ASCII keys).
        case ascii
        /// Decoded; ASCII keys compared byte-wise when the filter has an ASCII form, others
        /// with the full Unicode test.
        case unicode
        /// No key can match (every key is ASCII and the filter has a character no ASCII key has).
        case none
    }

    /// Bytes a decoded key may take before the test falls back to a `String`.
    static let scratchCapacity = 4096

    let mode: Mode
    /// The filter as given: the full test.
    let pattern: KeyPattern
    /// The filter's test on ASCII keys.
    let asciiForm: KeyPattern.ASCIIKeyForm
    /// The filter's ASCII pattern, when it has one.
    private let asciiPattern: KeyPattern?
    /// A byte every accepted key's encoding holds, for plain ASCII keys.
    private let sentinel: KeySentinel?

    /// The test of `pattern` on an index whose keys are all plain ASCII (`plainASCII`) or not.
    init(_ pattern: KeyPattern, plainASCII: Bool) {
        self.pattern = pattern
        asciiForm = pattern.asciiKeyForm
        if case .pattern(let ascii) = asciiForm { asciiPattern = ascii } else { asciiPattern = nil }
        guard plainASCII else { mode = .unicode; sentinel = nil; return }
        switch asciiForm {
        case .noMatch: mode = .none; sentinel = nil
        case .unknown: mode = .unicode; sentinel = nil
        case .pattern(let ascii):
            let textOnly = ascii.pattern.utf8.allSatisfy { $0 >= 0x20 && !($0 >= 48 && $0 <= 57) }
            mode = textOnly ? .encoded : .ascii
            sentinel = KeySentinel(asciiFilter: ascii.pattern)
        }
    }


    /// Whether any key whose bytes all lie in `bytes` could contain the filter: false when the
    /// sentinel byte is not among them (a front-coded block's bytes hold every byte of its
    /// keys, so a sweep passes over a block no key of which can match without decoding one).
    @inline(__always)
    func mayAccept(anyKeyWithin bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard mode != .none else { return false }
        guard let sentinel else { return true }
        return sentinel.isIn(bytes)
    }

    /// Whether the key encoded as `encoded` contains the filter; `scratch` holds
    /// `scratchCapacity` bytes to decode into.
    @inline(__always)
    func accepts(_ encoded: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>) -> Bool {
        if let sentinel, !sentinel.isIn(encoded) { return false }
        switch mode {
        case .none: return false
        case .encoded: return asciiPattern?.matches(asciiUTF8: encoded) ?? false
        case .ascii, .unicode:
            guard let length = NaturalKeyEncoding.decode(encoded, into: scratch, capacity: Self.scratchCapacity) else {
                return pattern.matches(NaturalKeyEncoding.decodeKey(encoded))
            }
            let raw = UnsafeBufferPointer(start: scratch, count: length)
            if mode == .ascii, let ascii = asciiPattern { return ascii.matches(asciiUTF8: raw) }
            return acceptsDecoded(raw)
        }
    }

    /// The test of a decoded key: byte-wise when it is ASCII and the filter has an ASCII form.
    private func acceptsDecoded(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var bits: UInt8 = 0
        for byte in raw { bits |= byte }
        guard bits < 0x80 else { return pattern.matches(utf8: raw) }
        switch asciiForm {
        case .pattern(let ascii): return ascii.matches(asciiUTF8: raw)
        case .noMatch: return false
        case .unknown: return pattern.matches(utf8: raw)
        }
    }
}
