extension Explorer {
    /// Tells the explorer that its terminal shows ASCII only (a `C` locale): keys and values are
    /// then drawn with every other character as a `\u{…}` escape rather than lost.
    package mutating func drawForASCIIOnlyTerminal(_ asciiOnly: Bool) {
        state.asciiOnly = asciiOnly
    }
}
