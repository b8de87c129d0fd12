extension OperationCatalog {
    /// Something in the files that is not an operation ready to run: a file that does not parse,
    /// a fragment defined twice, a spread of a fragment no file defines (errors), or an operation
    /// name used in two files (a warning: both still run, but code generation would refuse it).
    /// `cachelens check` prints each as one row and runs every other operation.
    public struct Problem: Error, Sendable, Hashable {
        public enum Severity: String, Sendable { case error, warning }

        public let severity: Severity
        /// The file the problem is in.
        public let file: String
        /// The operation it concerns, when there is one (nil for a file that does not parse).
        public let operation: String?
        /// Where in `file`, when known.
        public let location: DocumentLocation?
        /// What is wrong, without the file name.
        public let message: String

        /// `file:line:column` (or `file` when the place is not known).
        public var place: String {
            location.map { "\(file):\($0.line):\($0.column)" } ?? file
        }

        /// The error the throwing initializer reports: the place, then the message.
        var error: GraphQLCacheError {
            .invalidDocument(message: "\(place): \(message)", locations: location.map { [$0] } ?? [])
        }
    }
}
