/// One caller's part in a network request (`GraphQLClient.turn(for:recheck:)`): the answer to
/// use, or a complete read of the cache that made the request needless. The leader of a shared
/// request keeps it under way until `finish()`, called once the answer is written, so that
/// nobody who read the cache before that write sends the request again.
struct RequestTurn: Sendable {
    enum Outcome: Sendable {
        /// The server's answer (or why there is none).
        case answer(InFlightRequests.Answer)
        /// The cache already holds the data: an equal request wrote it after the caller's read.
        case cached(ReadResult)
    }

    let outcome: Outcome
    private let end: (@Sendable () -> Void)?

    init(outcome: Outcome, end: (@Sendable () -> Void)? = nil) {
        self.outcome = outcome
        self.end = end
    }

    /// Ends the turn: a leader hands its answer to everyone waiting for it; others do nothing.
    func finish() { end?() }
}
