import ArgumentParser
import GraphQLCache
import GraphQLCacheSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `cachelens dump PATH`: every record of a SQLite cache file as a snapshot `{KEY: record}`,
/// one record per line, keys sorted; broken rows go to stderr with their key.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print every record of a SQLite cache file as record JSON ({KEY: record})."
    )

    @Argument(help: "The SQLite cache file (opened read-only).")
    var path: String

    func run() throws {
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        var records: [Record] = []
        var broken = 0
        try cache.forEachRecord { result in
            switch result {
            case .success(let record): records.append(record)
            case .failure(let error):
                broken += 1
                StandardStreams.error("cachelens dump: \(path): \(error.description)\n")
            }
        }
        records.sort { $0.key.rawValue < $1.key.rawValue }
        var writer = JSONWriter(reservingCapacity: 1 << 16)
        writer.raw(UInt8(ascii: "{"))
        for (index, record) in records.enumerated() {
            writer.raw(index == 0 ? "\n" : ",\n")
            writer.string(record.key.rawValue)
            writer.raw(UInt8(ascii: ":"))
            RecordJSON.write(record.fields, to: &writer)
            if writer.bytes.count > 1 << 20 {
                StandardStreams.output(writer.bytes)
                writer = JSONWriter(reservingCapacity: 1 << 16)
            }
        }
        writer.raw("\n}\n")
        StandardStreams.output(writer.bytes)
        if broken > 0 {
            StandardStreams.error("cachelens dump: \(broken) broken row(s) in \(path)\n")
            throw ExitCode(1)
        }
    }
}

/// Unbuffered writes to standard output and standard error.
enum StandardStreams {
    static func output(_ bytes: [UInt8]) { write(bytes, to: 1) }
    static func error(_ text: String) { write(Array(text.utf8), to: 2) }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
