/// The query console's keys: it reads Enter and Tab itself (they are text keys of its input, not
/// in the key map); the cancel key leaves it.
package enum ConsoleKeys {
    package static let table: [Binding] = [
        Binding(.fixed("Enter"), label: "run", description: "run the document under the console's cache policy", hint: 0),
        Binding(.fixed("Tab"), label: "document/variables", description: "switch between the document and its variables", hint: 1),
        GlobalKeys.cancel.labelled("leave", "cancel a query still running, else leave the console").hinted(2),
        GlobalKeys.copy.whileTyping().labelled("copy", "copy the result shown to the clipboard (OSC 52)").hinted(3),
        GlobalKeys.nextMatch.whileTyping().labelled("match", "next :find or filter match, on any line"),
        GlobalKeys.previousMatch.whileTyping().labelled("match", "previous :find or filter match, on any line"),
        GlobalKeys.cyclePolicy.whileTyping().labelled("policy", "run under the next cache policy (:policy NAME names one)").hinted(4),
        // Enter runs the document; a follow key bound elsewhere opens nothing here.
        Binding(.follow, label: "run") { _ in },
    ]
}
