/// A failure of a `cachelens` command that is not a usage error: the message names the file
/// and the problem, and ArgumentParser prints it as `Error: …` with exit status 1.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
