import Foundation
import Testing

/// The tmux runner's own spawn: a `tmux new-session` forks a server that lives as long as the
/// session, so anything it inherits stays open that long. It must inherit nothing but 0, 1 and 2,
/// or a server holding another test's pipe keeps that test's read waiting for an end that never
/// comes.
@Suite struct TmuxSpawnTests {
    @Test func aSpawnedChildInheritsNoDescriptorBeyondTheStandardThree() throws {
        var leaked: [Int32] = [-1, -1]
        #expect(pipe(&leaked) == 0)  // no close-on-exec, like a pipe another thread just made
        defer { for fd in leaked { close(fd) } }
        let listing = try TmuxSession.run(["sh", "-c", "ls /proc/$$/fd"], output: true)
        let descriptors = Set(listing.split(separator: "\n").compactMap { Int32($0) })
        #expect(!descriptors.contains(leaked[0]) && !descriptors.contains(leaked[1]), "inherited: \(descriptors.sorted())")
        #expect(descriptors.isSuperset(of: [0, 1, 2]))
    }
}

/// Foundation's `Process` (how `CacheLensProcess` starts the program) passes nothing on either.
@Suite struct ProcessSpawnTests {
    @Test func aFoundationProcessInheritsNoDescriptorBeyondTheStandardThree() throws {
        var leaked: [Int32] = [-1, -1]
        #expect(pipe(&leaked) == 0)
        defer { for fd in leaked { close(fd) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ls /proc/$$/fd"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listing = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let descriptors = Set(listing.split(separator: "\n").compactMap { Int32($0) })
        #expect(!descriptors.contains(leaked[0]) && !descriptors.contains(leaked[1]), "inherited: \(descriptors.sorted())")
    }
}
