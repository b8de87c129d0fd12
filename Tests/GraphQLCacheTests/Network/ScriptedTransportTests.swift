import GraphQLCache
import Testing

@Suite struct ScriptedTransportTests {
    static let request = GraphQLRequest(query: "{ hero { name } }")

    @Test func repliesInQueueOrderAndRecordsRequests() async throws {
        let transport = ScriptedTransport()
        let first = TransportResponse(data: ["hero": .object(["name": .string("R2-D2")])])
        transport.enqueue(first)
        transport.enqueueFailure("server down")
        #expect(transport.pendingCount == 2)

        #expect(try await transport.send(Self.request) == first)
        await #expect(throws: GraphQLCacheError.network(.scripted("server down"))) { try await transport.send(Self.request) }
        await #expect(throws: GraphQLCacheError.network(.noScriptedResponse)) { try await transport.send(Self.request) }

        #expect(transport.requestCount == 3)
        #expect(transport.requests == [Self.request, Self.request, Self.request])
        #expect(transport.pendingCount == 0)
    }

    @Test func concurrentSendsEachTakeExactlyOneReply() async throws {
        let transport = ScriptedTransport()
        for index in 0..<100 { transport.enqueue(TransportResponse(data: ["n": .int(index)])) }
        let answers = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    guard case .int(let n)? = try? await transport.send(Self.request).data?["n"] else { return nil }
                    return n
                }
            }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(Set(answers.compactMap { $0 }) == Set(0..<100))
        #expect(transport.requestCount == 100)
    }
}
