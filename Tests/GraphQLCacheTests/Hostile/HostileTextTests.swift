import Testing
@testable import GraphQLCache

/// Findings 8 and 10 of issue 15: control characters from a cache are escaped for terminals;
/// numbers JSON cannot hold exactly are refused rather than silently changed.
@Suite struct HostileTextTests {
    @Test func controlCharactersAreEscapedAndOtherTextIsKept() {
        #expect(TerminalText.escaped("Droid:\u{1B}[2J\u{7}\r\n\u{9B}x") == #"Droid:\x1B[2J\x07\x0D\x0A\x9Bx"#)
        #expect(TerminalText.escaped(#"Book:a\+b ünï 🚀"#) == #"Book:a\+b ünï 🚀"#)
        #expect(TerminalText.escapedLines("a\u{1B}\nb") == "a\\x1B\nb")
    }

    @Test func anIntegerBeyondInt64IsRefusedNotRounded() throws {
        #expect { try JSONValue.parse("123456789012345678901234567890") } throws: { error in
            "\(error)".contains("integer 123456789012345678901234567890 is outside the 64-bit range")
        }
        #expect(try JSONValue.parse("-9223372036854775808") == .int(Int.min))
    }

    @Test func aNumberThatUnderflowsIsRefusedNotZero() throws {
        #expect { try JSONValue.parse("1e-400") } throws: { "\($0)".contains("too small for a double") }
        #expect(try JSONValue.parse("0e-400") == .double(0))
        #expect { try JSONValue.parse("1e400") } throws: { "\($0)".contains("out of the range of a double") }
    }
}
