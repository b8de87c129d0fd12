/// The terminal clipboard escape, OSC 52 (`ESC ] 52 ; c ; BASE64 BEL`): the terminal itself
/// (xterm, iTerm2, kitty, WezTerm, tmux with `set-clipboard on`) puts the text on the clipboard,
/// so a copy works over ssh and inside tmux where no clipboard program could reach the user's
/// machine. The terminals that take it cap the size (about 1 MB once encoded, or less), so a
/// bigger copy is refused with its size rather than sent to be dropped.
package enum ClipboardEscape {
    /// The most bytes of text a copy sends.
    package static let limit = 1_000_000

    /// The escape that sets the clipboard to `text`.
    package static func sequence(for text: String) -> String {
        "\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{07}"
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with `=` padding (RFC 4648), which OSC 52 carries.
    static func base64(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            let b0 = UInt32(bytes[index])
            let b1 = count > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = count > 2 ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            for position in 0..<4 {
                let sextet = Int(group >> UInt32(18 - 6 * position) & 0x3F)
                out.append(position <= count ? alphabet[sextet] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
