import CacheTestSupport
import Foundation
import Synchronization
import Testing
@testable import GraphQLCache

@Suite struct StoreConcurrencyTests {
    private struct Abandoned: Error {}

    /// Shared bookkeeping of one stress run.
    private final class Log: Sendable {
        let problems = Mutex<[String]>([])
        let committed = Mutex<[ChangeOrigin: Int]>([:])
        let delivered = Mutex<[ChangeOrigin]>([])

        func problem(_ text: String) { problems.withLock { $0.append(text) } }
    }

    private static func pair(_ value: Int) -> RecordSet {
        RecordSet(records: [Record(key: "A", ["v": .int(value)]), Record(key: "B", ["v": .int(value)])])
    }

    /// One writer: bumps A.v and B.v together; every seventh transaction writes A, then throws.
    private static func write(_ store: CacheStore, writer: Int, count: Int, log: Log) {
        for step in 0..<count {
            let origin = store.makeOrigin()
            do {
                try store.withinReadWriteTransaction(origin: origin) { transaction in
                    guard case .int(let value)? = try transaction.loadRecord(forKey: "A")?["v"] else {
                        throw Abandoned()
                    }
                    if step % 7 == 3 {
                        try transaction.merge(records: RecordSet(records: [Record(key: "A", ["v": .int(-1)])]))
                        throw Abandoned()
                    }
                    try transaction.merge(records: pair(value + 1))
                    log.committed.withLock { $0[origin] = value + 1 }
                }
            } catch is Abandoned {
            } catch {
                log.problem("writer \(writer): \(error)")
            }
        }
    }

    /// One reader: A and B always agree, and never go back in time.
    private static func read(_ store: CacheStore, reader: Int, count: Int, log: Log) {
        var last = 0
        for _ in 0..<count {
            do {
                // Two separate loads: only the transaction keeps a commit from falling between them.
                let (recordA, recordB) = try store.withinReadTransaction { transaction in
                    let recordA = try transaction.loadRecord(forKey: "A")
                    for _ in 0..<20 { _ = try transaction.loadRecord(forKey: "C") }
                    return (recordA, try transaction.loadRecord(forKey: "B"))
                }
                guard case .int(let a)? = recordA?["v"], case .int(let b)? = recordB?["v"] else {
                    log.problem("reader \(reader): records missing"); return
                }
                if a != b { log.problem("reader \(reader) saw A=\(a) B=\(b)") }
                if a < last { log.problem("reader \(reader) went back from \(last) to \(a)") }
                last = a
            } catch {
                log.problem("reader \(reader): \(error)")
            }
        }
    }

    @Test(arguments: CacheKind.allCases)
    func concurrentReadersAlwaysSeeWholeTransactions(_ kind: CacheKind) throws {
        let store = kind.makeStore(Array(Self.pair(0).records))
        let log = Log()
        let subscription = store.subscribe { change in
            if let origin = change.origin { log.delivered.withLock { $0.append(origin) } }
        }
        defer { subscription.cancel() }
        // Real threads, so that all eight run interleaved whatever the thread pool's width.
        let group = DispatchGroup()
        for worker in 0..<8 {
            group.enter()
            Thread {
                if worker % 2 == 0 {
                    Self.write(store, writer: worker, count: 300, log: log)
                } else {
                    Self.read(store, reader: worker, count: 1_000, log: log)
                }
                group.leave()
            }.start()
        }
        group.wait()
        let problems = log.problems.withLock { $0 }
        #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(3))")
        let committed = log.committed.withLock { $0 }
        let deliveredValues = log.delivered.withLock { $0 }.map { committed[$0] ?? -1 }
        #expect(deliveredValues == Array(1...committed.count))
        #expect(try store.loadRecord(forKey: "A")?["v"] == .int(committed.count))
        #expect(try store.loadRecord(forKey: "B")?["v"] == .int(committed.count))
    }
}
