import CNCurses
import CacheExplorer

/// Maps ncurses key codes and characters to explorer keys.
enum NcursesKeys {
    static func key(forCode code: Int32) -> Key? {
        let table: [(Int32, Key)] = [
            (cncurses_key_up(), .up), (cncurses_key_down(), .down), (cncurses_key_left(), .left),
            (cncurses_key_right(), .right), (cncurses_key_npage(), .pageDown), (cncurses_key_ppage(), .pageUp),
            (cncurses_key_home(), .home), (cncurses_key_end(), .end), (cncurses_key_backspace(), .backspace),
            (cncurses_key_dc(), .delete), (cncurses_key_enter(), .enter), (cncurses_key_btab(), .backTab),
        ]
        if let key = table.first(where: { $0.0 == code })?.1 { return key }
        for n in 1...12 where cncurses_key_f(Int32(n)) == code { return .function(n) }
        return nil
    }

    static func action(forCharacter value: UInt32) -> Action? {
        switch value {
        case 10, 13: return .keyPressed(.enter)
        case 9: return .keyPressed(.tab)
        case 8, 127: return .keyPressed(.backspace)
        case 27: return .keyPressed(.escape)
        case 1...26:
            guard let scalar = Unicode.Scalar(value + 96) else { return nil }
            return .keyPressed(.control(Character(scalar)))
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .keyPressed(.character(Character(scalar)))
        }
    }
}
