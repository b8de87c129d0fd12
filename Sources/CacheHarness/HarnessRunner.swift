#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JSON lines from standard input until its end and writes each request's output lines
/// to standard output in one write, so that a driving process sees answers as they come.
public enum HarnessRunner {
    public static func run(_ harness: Harness) {
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            var output = harness.handle(line: line).joined(separator: "\n")
            output.append("\n")
            writeAll(output)
        }
    }

    private static func writeAll(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(1, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
