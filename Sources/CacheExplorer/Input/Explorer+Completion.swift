/// `Tab` on the `:` line: command names, then file paths (see `CommandCompletion`).
extension Explorer {
    mutating func completeCommandLine(_ input: LineInput) {
        let result: (text: String, completion: CommandCompletion?)
        if let completion = state.completion {
            result = completion.next()
        } else {
            result = CommandCompletion.complete(input.text, listDirectory: environment.listDirectory)
        }
        state.completion = result.completion
        state.mode = .command(LineInput(result.text))
    }
}
