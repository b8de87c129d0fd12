import CacheExplorer

extension Explorer {
    /// Opens the query console with the key the key map binds to it, so that tests keep working
    /// whichever key the console has.
    mutating func openConsole() {
        press(Array(keyMap.keys(of: .queryConsole).prefix(1)))
    }
}
