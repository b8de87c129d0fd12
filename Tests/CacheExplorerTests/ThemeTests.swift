import CacheExplorer
import Foundation
import Testing

@Suite struct ThemeTests {
    static let bundled = ["default", "light", "high-contrast", "monochrome"]

    private func load(_ name: String) throws -> Theme {
        let url = Fixtures.packageRoot.appendingPathComponent("themes/\(name).json")
        return try Theme.load(json: try String(contentsOf: url, encoding: .utf8), source: url.lastPathComponent)
    }

    @Test func compiledInDefaultEqualsThemesDefaultJSON() throws {
        #expect(try load("default") == Theme.default)
        #expect(Theme.default.styles.count == StyleRole.allCases.count)
    }

    @Test(arguments: bundled)
    func bundledThemeLoadsAndStylesEveryRole(name: String) throws {
        let theme = try load(name)
        #expect(theme.name == name)
        #expect(Set(theme.styles.keys) == Set(StyleRole.allCases))
    }

    @Test func unknownRoleIsALoadErrorNamingIt() {
        #expect(throws: ExplorerError.theme(source: "t.json", message: "unknown role \"list.selected\"")) {
            try Theme.load(json: ##"{"roles":{"list.selected":{"fg":"red"}}}"##, source: "t.json")
        }
    }

    @Test func unknownColourIsALoadErrorNamingIt() {
        #expect(throws: ExplorerError.theme(source: "t.json", message: "role \"text\": unknown colour \"chartreuse\"")) {
            try Theme.load(json: ##"{"palette":{"fg":"#ffffff"},"roles":{"text":{"fg":"chartreuse"}}}"##, source: "t.json")
        }
        #expect(throws: ExplorerError.theme(source: "t.json", message: "palette \"fg\": unknown colour \"#12\"")) {
            try Theme.load(json: ##"{"palette":{"fg":"#12"},"roles":{}}"##, source: "t.json")
        }
    }

    @Test func paletteNamesResolveToColours() throws {
        let theme = try Theme.load(json: ##"{"palette":{"leaf":"#87d787"},"roles":{"value.string":{"fg":"leaf","bold":true}}}"##, source: "t")
        #expect(theme[.valueString] == ThemeStyle(foreground: .rgb(0x87, 0xd7, 0x87), bold: true))
        #expect(ThemeColor.rgb(0x87, 0xd7, 0x87).xterm256 == 114)
    }
}
