import CNCurses
import CacheExplorer
#if canImport(Glibc)
import Glibc
#endif

/// The real screen: ncursesw with wide characters, colours from the theme (256 when the
/// terminal has them, 8 otherwise, none under `NO_COLOR`), mouse presses and the wheel,
/// resizes, and bracketed paste (a paste arrives as one `.pasted` action, so a pasted query
/// does not run at every newline). The only code in the package that calls ncurses.
package final class NcursesTerminal: Terminal {
    private var colorMode: ColorMode
    private var pairs: [PairKey: Int16] = [:]
    private var isOpen = false
    /// Whether the locale shows ASCII only (`LANG=C`): the explorer then writes every other
    /// character of keys and values as an escape (`ExplorerState.asciiOnly`), and its own
    /// symbols are drawn as ASCII stand-ins here.
    package let asciiOnly: Bool

    private enum ColorMode { case none, basic, extended }
    private struct PairKey: Hashable { let foreground: Int, background: Int }
    /// Each style's pair, once found: a 24-bit colour's nearest palette entry is a search that
    /// every drawn cell would otherwise repeat.
    private var pairsByStyle: [ThemeStyle: Int16] = [:]

    /// Takes over the terminal. `noColor` (from `NO_COLOR`) keeps attributes but drops colours.
    package init(noColor: Bool) {
        _ = cncurses_setlocale_all()
        asciiOnly = cncurses_locale_is_utf8() == 0
        Self.unblockResizeSignal()
        initscr()
        Self.restoreOnHangUpAndQuit()
        isOpen = true
        raw()  // Ctrl-C arrives as a key (bound to quit), so the terminal is always restored.
        noecho()
        nonl()
        keypad(cncurses_stdscr(), true)
        set_escdelay(25)
        cncurses_define_paste_keys()
        Self.writeControl(Self.bracketedPasteOn)
        curs_set(0)
        mousemask(cncurses_all_mouse_events(), nil)
        mouseinterval(0)
        colorMode = .none
        if !noColor, has_colors() {
            start_color()
            use_default_colors()
            colorMode = cncurses_colors() >= 256 ? .extended : .basic
        }
    }

    deinit { close() }

    /// A parent may have left SIGWINCH blocked (test runners do); ncurses needs it for resizes.
    private static func unblockResizeSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// SIGHUP (the terminal window closed, the ssh link dropped) and SIGQUIT end the program
    /// with the terminal given back, as ncurses does itself for SIGINT and SIGTERM: without
    /// this they left it raw, on the alternate screen, tracking the mouse, cursor hidden. The
    /// handler does what ncurses' own does (end curses mode, then die of the same
    /// signal).
    private static func restoreOnHangUpAndQuit() {
        for number in [SIGHUP, SIGQUIT] {
            signal(number) { number in
                let pasteOff: StaticString = "\u{1b}[?2004l"
                _ = write(1, pasteOff.utf8Start, pasteOff.utf8CodeUnitCount)
                endwin()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// Gives the terminal back (also done on deinit).
    package func close() {
        guard isOpen else { return }
        isOpen = false
        Self.writeControl(Self.bracketedPasteOff)
        endwin()
    }

    /// Ends curses mode (the terminal as the shell had it) while `body` runs another program on
    /// it, then restores the explorer's screen; the next draw repaints it whole.
    package func suspend(_ body: () -> Void) {
        guard isOpen else { body(); return }
        Self.writeControl(Self.bracketedPasteOff)
        def_prog_mode()
        endwin()
        body()
        reset_prog_mode()
        Self.writeControl(Self.bracketedPasteOn)
        clearok(cncurses_stdscr(), true)
        refresh()
    }

    /// Asks the terminal to wrap pastes in `ESC[200~` … `ESC[201~`, and to stop.
    private static let bracketedPasteOn = "\u{1b}[?2004h", bracketedPasteOff = "\u{1b}[?2004l"

    /// Writes all of `sequence` (a clipboard escape can be over a megabyte: a pipe takes it in
    /// parts).
    private static func writeControl(_ sequence: String) {
        let bytes = Array(sequence.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Writes the OSC 52 escape straight to the terminal, past ncurses (which would draw it).
    package func copyToClipboard(_ text: String) {
        Self.writeControl(ClipboardEscape.sequence(for: text))
    }

    package var size: Size { Size(width: Int(cncurses_cols()), height: Int(cncurses_lines())) }

    package func draw(_ grid: Grid, theme: Theme) {
        let screen = cncurses_stdscr()
        werase(screen)
        let rows = min(grid.size.height, Int(cncurses_lines())), columns = min(grid.size.width, Int(cncurses_cols()))
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = grid[row, column]
                guard cell.width > 0 else { continue }
                let style = colorMode == .none ? theme[cell.role].withoutColors : theme[cell.role]
                put(cell.character, row: row, column: column, attributes: attributes(style), pair: pair(style))
            }
        }
        wnoutrefresh(screen)
        doupdate()
    }

    /// Draws a whole grapheme cluster in its cell: a character and its combining marks (`é` as
    /// `e` + U+0301) go to ncurses together, up to the CCHARW_MAX wide characters a cell holds.
    private func put(_ character: Character, row: Int, column: Int, attributes: attr_t, pair: Int16) {
        let screen = cncurses_stdscr()
        let scalars = character.unicodeScalars
        if asciiOnly, let scalar = scalars.first, !scalar.isASCII {
            _ = cncurses_put_wch(screen, Int32(row), Int32(column), wchar_t(Self.asciiStandIn(scalar).value), attributes, pair)
            return
        }
        if scalars.count == 1, let scalar = scalars.first {
            _ = cncurses_put_wch(screen, Int32(row), Int32(column), wchar_t(scalar.value), attributes, pair)
            return
        }
        let chars = scalars.prefix(Int(cncurses_ccharw_max())).map { wchar_t($0.value) }
        _ = chars.withUnsafeBufferPointer { buffer in
            cncurses_put_cluster(screen, Int32(row), Int32(column), buffer.baseAddress, Int32(buffer.count), attributes, pair)
        }
    }

    /// The ASCII character drawn for one of the explorer's own symbols on a terminal that
    /// shows ASCII only (text from the cache reaches here already escaped).
    private static func asciiStandIn(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x2502, 0x2503, 0x2551: return "|"
        case 0x2500...0x2501, 0x2550: return "-"
        case 0x2500...0x257F: return "+"
        case 0xB7: return "."
        case 0x2026: return "~"
        case 0x203A, 0x2192, 0x25B8: return ">"
        case 0x2190: return "<"
        case 0x2191: return "^"
        case 0x2193, 0x25BE: return "v"
        case 0x2713: return "+"
        case 0x2717: return "x"
        case 0x2580...0x259F: return "#"
        case 0x25CF, 0x25D0: return "*"
        case 0x25CB: return "o"
        case 0x2800...0x28FF: return "*"
        default: return "?"
        }
    }

    private func attributes(_ style: ThemeStyle) -> attr_t {
        var attrs = cncurses_a_normal()
        if style.bold { attrs |= cncurses_a_bold() }
        if style.underline { attrs |= cncurses_a_underline() }
        if style.reverse { attrs |= cncurses_a_reverse() }
        if style.italic { attrs |= cncurses_a_italic() }
        if style.dim { attrs |= cncurses_a_dim() }
        return attrs
    }

    /// The colour pair for a style, allocated on first use.
    private func pair(_ style: ThemeStyle) -> Int16 {
        if let known = pairsByStyle[style] { return known }
        let found = newPair(style)
        pairsByStyle[style] = found
        return found
    }

    private func newPair(_ style: ThemeStyle) -> Int16 {
        let foreground = colourIndex(style.foreground), background = colourIndex(style.background)
        guard colorMode != .none, foreground >= 0 || background >= 0 else { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let existing = pairs[key] { return existing }
        let next = pairs.count + 1
        guard next < Int(cncurses_color_pairs()), next < Int(Int16.max) else { return 0 }
        init_pair(Int16(next), Int16(foreground), Int16(background))
        pairs[key] = Int16(next)
        return Int16(next)
    }

    private func colourIndex(_ colour: ThemeColor?) -> Int {
        guard let colour else { return -1 }
        switch colorMode {
        case .none: return -1
        case .basic: return colour.basic8 ?? -1
        case .extended: return colour.xterm256 ?? -1
        }
    }

    /// Whether the terminal went away (hang-up): the loop must stop rather than spin.
    package private(set) var isClosed = false

    /// Input already buffered first; else waits on the terminal with `poll`, which also
    /// reports a hang-up (ncurses would just return ERR at once, forever).
    package func nextAction(timeoutMilliseconds: Int) -> Action? {
        if let action = readKey(timeoutMilliseconds: 0) { return action }
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(timeoutMilliseconds))
        if ready < 0 {
            if errno != EINTR { isClosed = true }
            return nil
        }
        if ready > 0, descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            isClosed = true
            return nil
        }
        // Wait a moment for the rest of an escape sequence.
        return ready > 0 ? readKey(timeoutMilliseconds: 25) : nil
    }

    private func readKey(timeoutMilliseconds: Int) -> Action? {
        let screen = cncurses_stdscr()
        wtimeout(screen, Int32(timeoutMilliseconds))
        var character: wint_t = 0
        let result = wget_wch(screen, &character)
        if result == cncurses_err() { return nil }
        if result == cncurses_key_code_yes() { return functionKey(Int32(character)) }
        return NcursesKeys.action(forCharacter: UInt32(character))
    }

    private func functionKey(_ code: Int32) -> Action? {
        if code == cncurses_key_resize() { return .resized(size) }
        if code == cncurses_key_paste_begin() { return .pasted(readPaste()) }
        if code == cncurses_key_mouse() { return mouseAction() }
        return NcursesKeys.key(forCode: code).map(Action.keyPressed)
    }

    /// The text of a bracketed paste, up to its end marker (or a second of silence, should the
    /// marker never come): Enter as a line break, other keys inside it ignored.
    private func readPaste() -> String {
        let screen = cncurses_stdscr()
        wtimeout(screen, 1000)
        var text = ""
        while true {
            var character: wint_t = 0
            let result = wget_wch(screen, &character)
            if result == cncurses_err() { break }
            if result == cncurses_key_code_yes() {
                if Int32(character) == cncurses_key_paste_end() { break }
                if Int32(character) == cncurses_key_enter() { text.append("\n") }
                continue
            }
            switch UInt32(character) {
            case 10, 13: text.append("\n")
            default: if let scalar = Unicode.Scalar(UInt32(character)) { text.unicodeScalars.append(scalar) }
            }
        }
        return text
    }

    /// Acts on presses (not releases or clicks, which some terminals never send) and the wheel;
    /// a press and its release read together reach ncurses as one click, or as a release whose
    /// press it never reported: either is a press (see `MouseDecoder`).
    private func mouseAction() -> Action? {
        var event = MEVENT()
        guard getmouse(&event) != cncurses_err() else { return nil }
        let buttons = MouseDecoder.Buttons(
            wheelUp: event.bstate & cncurses_button4_pressed() != 0, wheelDown: event.bstate & cncurses_button5_pressed() != 0,
            pressed: event.bstate & cncurses_button1_pressed() != 0,
            clicked: event.bstate & cncurses_button1_clicked() != 0,
            released: event.bstate & cncurses_button1_released() != 0,
            doubleClicked: event.bstate & (cncurses_button1_double_clicked() | cncurses_button1_triple_clicked()) != 0)
        return mouse.action(buttons, row: Int(event.y), column: Int(event.x))
    }

    private var mouse = MouseDecoder()

    /// Why the terminal type `term` (the `TERM` variable) cannot host the explorer, in one line
    /// for the user, or nil when it can: asked before ncurses starts, which would otherwise print
    /// "Error opening terminal" and exit, or draw one garbled line on a dumb terminal.
    package static func unusableReason(term: String?) -> String? {
        let name = String((term ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.map(Character.init))
        guard !name.isEmpty else {
            return "TERM is not set, so the terminal's type is unknown; set it (TERM=xterm-256color, for one)"
        }
        switch cncurses_terminal_kind(name) {
        case 1: return "TERM=\(name) is a terminal type this system does not know (no terminfo entry); try TERM=xterm-256color"
        case 2: return "TERM=\(name) cannot move the cursor, which the full-screen explorer needs; run it in a terminal emulator"
        default: return nil
        }
    }
}
