/// Reads JSON lines from standard input until its end and hands each request's output lines to
/// `write` in one piece, so that a driving process sees answers as they come. The caller's
/// `write` decides where output goes and what a failed write means (`cachelens` stops with
/// an error, so a closed pipe or a full disk is never reported as success).
public enum HarnessRunner {
    public static func run<Failure: Error>(_ harness: Harness, write: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        while let line = readLine(strippingNewline: true) {
            // An empty line separates nothing and asks nothing; any other line, whitespace
            // only included, is a request and gets its one response (badRequest if not JSON).
            if line.isEmpty { continue }
            var output = harness.handle(line: line).joined(separator: "\n")
            output.append("\n")
            try write(Array(output.utf8))
        }
    }
}
