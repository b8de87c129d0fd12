import CacheExplorer
import GraphQLCache
import Testing

/// Variables wherever a watch's document goes: the `w` prompt opens a variables field for a
/// document that declares some, `:watch FILE VARIABLES-JSON` takes them at once, and a mistake
/// names the variable (or says it is the variables JSON that does not parse).
@Suite struct WatchVariablesTests {
    private let luke = "query Luke($id: ID!) { human(id: $id) { name } }"

    private func explorer(files: [String: String] = [:]) -> Explorer {
        let environment = ExplorerEnvironment(
            openBackend: { throw ExplorerError.file(path: $0, reason: "not here") }, loadTheme: { _ in .default },
            readFile: { path in
                guard let text = files[path] else { throw ExplorerError.file(path: path, reason: "no such file") }
                return text
            },
            writeFile: { path, _ in throw ExplorerError.file(path: path, reason: "not here") })
        return Explorer(backend: TinyCache.backend(), size: Size(width: 100, height: 30), environment: environment)
    }

    @Test func theTemplateHasEachDeclaredVariable() {
        #expect(VariablesText.declared(in: luke) == ["id"])
        #expect(VariablesText.declared(in: "query Q($a: Int, $b_2: [ID!]! = [], $a: Int) { x }") == ["a", "b_2"])
        #expect(VariablesText.declared(in: "{ hero(id: $x) { name } }") == [])
        #expect(VariablesText.template(for: luke) == #"{"id": null}"#)
        #expect(VariablesText.template(for: "{ hero { name } }") == "{}")
    }

    @Test func thePromptAsksForTheVariablesOfADocumentThatDeclaresThem() throws {
        var explorer = explorer()
        explorer.press([.character("w")] + Key.sequence(from: luke) + [.enter])
        guard case .editWatch(let editor) = explorer.state.mode else { Issue.record("no variables field: \(explorer.state.mode)"); return }
        #expect(editor.isNew)
        #expect(editor.editingVariables)
        #expect(editor.variables.text == #"{"id": null}"#)
        explorer.press([.control("u")] + Key.sequence(from: #"{"id": "1000"}"#) + [.enter])
        explorer.settle()
        let watch = try #require(explorer.state.watches.first)
        #expect(watch.variables == #"{"id": "1000"}"#)
        #expect(watch.document == luke)
        #expect(explorer.state.mode == .normal)
    }

    @Test func aWrongVariableIsNamedAndTheDialogStays() throws {
        var explorer = explorer()
        explorer.press([.character("w")] + Key.sequence(from: luke) + [.enter, .enter])
        guard case .editWatch(let editor) = explorer.state.mode else { Issue.record("the dialog closed"); return }
        #expect(editor.error?.contains(#"variable "$id""#) == true, "\(editor.error ?? "")")
        explorer.press([.control("u")] + Key.sequence(from: #"{"id": "#) + [.enter])
        guard case .editWatch(let broken) = explorer.state.mode else { Issue.record("the dialog closed"); return }
        #expect(broken.error?.hasPrefix("the variables JSON does not parse") == true, "\(broken.error ?? "")")
        #expect(explorer.state.watches.isEmpty)
    }

    @Test func watchWithAFileAndItsVariablesStartsAtOnce() throws {
        var explorer = explorer(files: ["Luke.graphql": luke])
        explorer.press([.character(":")] + Key.sequence(from: #"watch Luke.graphql {"id": "1000"}"#) + [.enter])
        explorer.settle()
        let watch = try #require(explorer.state.watches.first)
        #expect(watch.variables == #"{"id": "1000"}"#)
        #expect(explorer.state.message == StatusMessage("watching \(watch.name)"))
        explorer.press([.character(":")] + Key.sequence(from: "watch Luke.graphql") + [.enter])
        guard case .editWatch(let editor) = explorer.state.mode else { Issue.record("no variables field"); return }
        #expect(editor.variables.text == #"{"id": null}"#)
    }

    @Test func watchWithNoArgumentSaysWhatItTakes() {
        var explorer = explorer()
        explorer.press([.character(":")] + Key.sequence(from: "watch") + [.enter])
        #expect(explorer.state.message?.text.hasPrefix(":watch needs a query: a document, or a .graphql file and its variables") == true,
                "\(String(describing: explorer.state.message))")
    }
}
