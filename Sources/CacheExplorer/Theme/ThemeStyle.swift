/// How one style role looks: colours (nil means the terminal default) and attributes.
package struct ThemeStyle: Hashable, Sendable {
    package var foreground: ThemeColor?
    package var background: ThemeColor?
    package var bold = false
    package var underline = false
    package var reverse = false
    package var italic = false
    package var dim = false

    package init(foreground: ThemeColor? = nil, background: ThemeColor? = nil, bold: Bool = false,
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
    package var withoutColors: ThemeStyle {
        ThemeStyle(bold: bold, underline: underline, reverse: reverse, italic: italic, dim: dim)
    }
}
