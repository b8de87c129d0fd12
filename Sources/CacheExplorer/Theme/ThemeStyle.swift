/// How one style role looks: colours (nil means the terminal default) and attributes.
public struct ThemeStyle: Hashable, Sendable {
    public var foreground: ThemeColor?
    public var background: ThemeColor?
    public var bold = false
    public var underline = false
    public var reverse = false
    public var italic = false
    public var dim = false

    public init(foreground: ThemeColor? = nil, background: ThemeColor? = nil, bold: Bool = false,
                underline: Bool = false, reverse: Bool = false, italic: Bool = false, dim: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.italic = italic
        self.dim = dim
    }

    /// The style without colours, for `NO_COLOR` and monochrome terminals: attributes only.
    public var withoutColors: ThemeStyle {
        ThemeStyle(bold: bold, underline: underline, reverse: reverse, italic: italic, dim: dim)
    }
}
