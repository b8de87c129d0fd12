/// A cheap lexical pass over GraphQL source text that measures how deeply braces, brackets and
/// parentheses nest, skipping strings, block strings and comments.
///
/// GraphQL's parser (and its validator) descend recursively, one stack frame chain per level:
/// a document nested a few thousand levels deep (selections, inline fragments, list values,
/// list types) overflows the stack and kills the process. This scan runs first, in linear time
/// and constant space, so deep input becomes an `invalidDocument` error at the line and column
/// where the limit was passed.
struct NestingScan {
    /// The deepest level allowed.
    let limit: Int

    /// Where the text first nests deeper than the limit, or nil when it stays within.
    func firstExcess(in source: String) -> DocumentLocation? {
        var scanner = Scanner(bytes: Array(source.utf8))
        return scanner.run(limit: limit)
    }

    /// Throws `invalidDocument` naming the limit and the place it was passed.
    func check(_ source: String, what: String) throws(GraphQLCacheError) {
        guard let location = firstExcess(in: source) else { return }
        throw .invalidDocument(
            message: "\(what) nests deeper than \(limit) levels of braces, brackets or parentheses "
                + "(\(CacheLimits.Name.maximumNestingDepth.raiseHint))",
            locations: [location])
    }

    /// The scanning state: a position, the current line and its start, the depth.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run(limit: Int) -> DocumentLocation? {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
                    depth += 1
                    if depth > limit { return DocumentLocation(line: line, column: index - lineStart + 1) }
                case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
                    depth = max(0, depth - 1)
                case UInt8(ascii: "#"):
                    skipComment()
                    continue
                case UInt8(ascii: "\""):
                    skipString()
                    continue
                default:
                    noteNewline(byte)
                }
                index += 1
            }
            return nil
        }

        private mutating func noteNewline(_ byte: UInt8) {
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next(1) != UInt8(ascii: "\n")) {
                line += 1
                lineStart = index + 1
            }
        }

        private func next(_ offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        private mutating func skipComment() {
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                index += 1
            }
        }

        /// Skips a string or a block string (`"""`), escapes included; an unterminated one runs
        /// to the end (the parser reports it).
        private mutating func skipString() {
            let quote = UInt8(ascii: "\"")
            if next(1) == quote, next(2) == quote {
                index += 3
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\\"), next(1) == quote, next(2) == quote, next(3) == quote {
                        index += 4
                    } else if bytes[index] == quote, next(1) == quote, next(2) == quote {
                        index += 3
                        return
                    } else {
                        noteNewline(bytes[index])
                        index += 1
                    }
                }
                return
            }
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case quote: index += 1; return
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return
                default: index += 1
                }
            }
        }
    }
}
