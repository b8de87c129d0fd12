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
        let afterAFragment = "fragment F on Droid { name friends(first: 2) { name } } query Q($id: ID!) { droid(id: $id) { ...F } }"
        #expect(VariablesText.declared(in: afterAFragment) == ["id"])
        #expect(VariablesText.declared(in: "# query Old($x: Int)\nquery New($y: Int) { a }") == ["y"])
    }

    /// A variable given as null is null, not its default (GraphQL's coercion): a template that
    /// wrote `"ep": null` for `$ep: Episode = JEDI` turned `hero(episode: $ep)` into a read of
    /// `hero(episode:null)` unless the user thought to delete the line. A simple default is
    /// written as its JSON value; one the template cannot write (a list, an object, a block
    /// string) is left out, so that the default applies.
    @Test func theTemplateWritesEachDefaultInsteadOfNull() {
        let document = #"query Q($id: ID!, $ep: Episode = JEDI $n: Int = -3, $f: Float = 1.5e3, $s: String = "a, \"b\")", "#
            + #"$b: Boolean = false, $none: String = null, $l: [Int] = [1, 2], $o: In = {a: 1}, $after: ID @deprecated) { x }"#
        #expect(VariablesText.declared(in: document) == ["id", "ep", "n", "f", "s", "b", "none", "l", "o", "after"])
        #expect(VariablesText.template(for: document)
                == #"{"id": null, "ep": "JEDI", "n": -3, "f": 1.5e3, "s": "a, \"b\")", "b": false, "none": null, "after": null}"#)
    }

    @Test func aDefaultedVariableLeftAsPrefilledKeepsItsDefault() throws {
        var explorer = explorer()
        let document = "query Hero($ep: Episode = JEDI) { hero(episode: $ep) { name } }"
        explorer.press([.character("w")] + Key.sequence(from: document) + [.enter])
        guard case .editWatch(let editor) = explorer.state.mode else { Issue.record("no variables field: \(explorer.state.mode)"); return }
        #expect(editor.variables.text == #"{"ep": "JEDI"}"#)
        explorer.press([.enter])
        explorer.settle()
        let watch = try #require(explorer.state.watches.first)
        #expect(watch.variables == #"{"ep": "JEDI"}"#)
        // The tiny cache has no hero of any episode: the miss names the field read, JEDI's.
        #expect(watch.error?.contains("QUERY_ROOT.hero(episode:JEDI)") == true, "\(watch.error ?? "")")
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
