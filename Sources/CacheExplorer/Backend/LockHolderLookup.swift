import Foundation
import Synchronization

/// Which other process holds a file's lock, by name (`app`, `sqlite3`), so that the waiting
/// line can say whom the explorer waits for: a user who sees the name knows which program to
/// finish or stop. Best effort: nil whenever the system does not say.
///
/// On Linux the kernel's lock table (`/proc/locks`) names the processes holding a lock on the
/// files' inodes (SQLite locks the database file, or its `-shm` file in WAL mode); when it
/// names none (another kind of lock), the processes with one of the files open (`/proc/*/fd`)
/// are taken instead. On macOS `lsof -t` lists the processes with the file open, when it is
/// installed. This process is never named.
struct LockHolderLookup: Sendable {
    /// The database file and its companions (`-wal`, `-shm`, `-journal`).
    let paths: [String]

    init(databasePath: String) {
        paths = ["", "-wal", "-shm", "-journal"].map { databasePath + $0 }
    }

    /// The name of a process other than this one holding (or, failing that, having open) one
    /// of the files; nil when none can be found.
    func holderName() -> String? {
        #if os(Linux)
        let pids = lockingProcesses()
        let found = pids.isEmpty ? processesWithFilesOpen() : pids
        return found.lazy.compactMap(Self.commandName(of:)).first
        #elseif os(macOS)
        return lsofProcessName()
        #else
        return nil
        #endif
    }

    private static var ownPID: Int32 { ProcessInfo.processInfo.processIdentifier }

    /// The inodes of the files that exist.
    private var inodes: Set<UInt64> {
        Set(paths.compactMap { path -> UInt64? in
            var info = stat()
            return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
        })
    }

    /// Processes in `/proc/locks` holding a lock on one of the files (by inode; a line reads
    /// `1: POSIX  ADVISORY  WRITE 4242 08:01:1311 1073741824 1073741825`).
    func lockingProcesses(table: String? = nil) -> [Int32] {
        guard let text = table ?? (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) else { return [] }
        let wanted = inodes
        var pids: [Int32] = []
        for line in text.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            // A blocked waiter's line has "->" after its number: the holder is the line above.
            guard columns.count >= 6, columns[1] != "->", let pid = Int32(columns[4]), pid > 0, pid != Self.ownPID,
                  let inode = columns[5].split(separator: ":").last.flatMap({ UInt64($0) }), wanted.contains(inode),
                  !pids.contains(pid) else { continue }
            pids.append(pid)
        }
        return pids
    }

    /// Processes with one of the files open: their `/proc/PID/fd` links point at it.
    private func processesWithFilesOpen() -> [Int32] {
        let files = Set(paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard pid != Self.ownPID else { return false }
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            return descriptors.contains { descriptor in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")).map(files.contains) ?? false
            }
        }
    }

    /// `/proc/PID/comm`, the process's name, without its newline.
    private static func commandName(of pid: Int32) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return nil }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    #if os(macOS)
    /// `lsof -t FILE` (process ids, one a line), then `ps -o comm= -p PID` for the first other
    /// process; nil when lsof is not installed.
    private func lsofProcessName() -> String? {
        let lsof = "/usr/sbin/lsof"
        guard FileManager.default.isExecutableFile(atPath: lsof),
              let listed = Self.run(lsof, ["-t"] + paths.filter { FileManager.default.fileExists(atPath: $0) }),
              let pid = listed.split(separator: "\n").compactMap({ Int32($0) }).first(where: { $0 != Self.ownPID }),
              let command = Self.run("/bin/ps", ["-o", "comm=", "-p", "\(pid)"]) else { return nil }
        let name = URL(fileURLWithPath: command.trimmingCharacters(in: .whitespacesAndNewlines)).lastPathComponent
        return name.isEmpty ? nil : name
    }

    /// Runs a tool and returns what it printed, nil when it could not run.
    private static func run(_ tool: String, _ arguments: [String]) -> String? {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
    #endif
}

/// A `LockHolderLookup` made off the UI thread (scanning `/proc` or running `lsof` takes
/// milliseconds to seconds) and remembered: `name()` answers at once with the last finding and
/// starts a new look when that one is older than `maxAge`, so the name follows the lock from
/// one holder to the next.
final class LockHolderWatch: Sendable {
    private struct State {
        var name: String?
        var lookedAt: ContinuousClock.Instant?
        var looking = false
    }

    /// How long a finding is trusted before it is looked up again.
    static let maxAge: Duration = .seconds(1)
    private let lookup: LockHolderLookup
    private let state = Mutex(State())

    init(_ lookup: LockHolderLookup) { self.lookup = lookup }

    /// The last name found (nil until a look finds one), starting a new look when due.
    func name() -> String? {
        let now = ContinuousClock.now
        let (name, due) = state.withLock { state -> (String?, Bool) in
            let due = !state.looking && state.lookedAt.map { now - $0 >= Self.maxAge } ?? true
            if due { state.looking = true }
            return (state.name, due)
        }
        if due {
            DispatchQueue.global(qos: .utility).async { [self] in
                let found = lookup.holderName()
                self.state.withLock { state in
                    state.name = found
                    state.lookedAt = .now
                    state.looking = false
                }
            }
        }
        return name
    }
}
