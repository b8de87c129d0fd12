import CacheDiagnostics
import GraphQLCache

/// A command that reads every record (`:lint`, `:gc`, `:sizes`, `r`, the `D` preview, `:diff`, `:export`), running in the background
/// over a big cache (`ScanWork`): which run, what it does for the progress line (`linting
/// 10,000,000 records`), and how far it got. The keys stay answered meanwhile, `Esc` stops it,
/// and its overlay opens when it ends.
package struct BackgroundScan: Hashable, Sendable {
    /// What the scan finds, and so what opens when it ends.
    package enum Kind: Hashable, Sendable {
        case lint
        case garbage
        case sizes
        /// `r`: the records that refer to this one.
        case inbound(CacheKey)
        /// `D`: what deleting the keys containing the pattern would do.
        case patternPreview(String)
        /// `:diff FILE`: what differs from the file.
        case diff(String)
        /// `:export FILE`: the records written to the file.
        case export(String)
    }

    /// What a scan found, or why it found nothing.
    package enum Outcome: Hashable, Sendable {
        case lint([LintFinding])
        case garbage([CacheKey])
        /// The typenames, nil when the cache is empty.
        case sizes(SizesList?)
        case inbound(InboundList)
        /// The preview, nil when no key contains the pattern.
        case patternPreview(PatternPreview?)
        /// The differences listed, and each differing key's mark.
        case diff(DiffList, marks: [CacheKey: RecordDelta.Kind])
        /// What the snapshot holds.
        case exported(Explorer.Export)
        case failed(Failure)
    }

    /// The error a scan threw, carried to the UI thread whole (a lock's contention is told
    /// apart by its type); an action is `Hashable`, so it compares by identity.
    package final class Failure: Hashable, Sendable {
        package let error: any Error

        init(_ error: any Error) {
            self.error = error
        }

        package static func == (lhs: Failure, rhs: Failure) -> Bool { lhs === rhs }
        package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    package var id: Int
    package var kind: Kind
    /// How many records it reads, for the label.
    package var records: Int
    /// How far it got, 0…1.
    package var fraction = 0.0

    /// `linting 10,000,000 records`, for the progress line and the message when stopped.
    package var label: String {
        let records = Explorer.records(records)
        switch kind {
        case .lint: return "linting \(records)"
        case .garbage: return "tracing \(records) from the roots"
        case .sizes: return "measuring \(records)"
        case .inbound(let key): return "finding references to \(key)"
        case .patternPreview(let pattern): return "previewing the delete of \"\(pattern)\""
        case .diff(let file): return "comparing with \(file)"
        case .export(let file): return "exporting to \(file)"
        }
    }
}
