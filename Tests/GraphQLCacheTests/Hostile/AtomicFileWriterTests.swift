import Foundation
import Testing
@testable import GraphQLCache

/// Finding 5 of issue 15: output files are written through a temporary file created
/// exclusively beside the target and renamed; a FIFO, a device or a directory is refused; an
/// existing file keeps its permissions; a symbolic link is written through, not replaced.
@Suite struct AtomicFileWriterTests {
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("outputfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func contents(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    private func permissions(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
    }

    @Test func anExistingFileIsReplacedWholeAndKeepsItsPermissions() throws {
        let target = path("out.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        try AtomicFileWriter.write(Array("new".utf8), to: target)
        #expect(try contents("out.json") == "new")
        #expect(try permissions(target) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let fifo = path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: GraphQLCacheError.fileNotWritten(path: fifo, reason: "it is a FIFO (named pipe), not a regular file; give a regular file to write")) {
            try AtomicFileWriter.write(Array("x".utf8), to: fifo)
        }
        #expect(FileKind(path: fifo) == .fifo)
    }

    @Test func aDeviceAndADirectoryAreRefused() throws {
        #expect { try AtomicFileWriter.write([], to: "/dev/null") } throws: { "\($0)".contains("it is a device") }
        #expect { try AtomicFileWriter.write([], to: directory.path) } throws: { "\($0)".contains("it is a directory") }
    }

    @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
        let real = path("real.json"), link = path("link.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try AtomicFileWriter.write(Array("new".utf8), to: link)
        #expect(try contents("real.json") == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
    }

    @Test func aLinkToADeviceIsRefused() throws {
        let link = path("null.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        #expect { try AtomicFileWriter.write([], to: link) } throws: { "\($0)".contains("it is a device") }
    }

    @Test func aDiscardedFileLeavesTheTargetAndNoTemporaryFile() throws {
        let target = path("keep.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let file = try AtomicFileWriter(path: target)
        try file.write(Array("half".utf8))
        file.discard()
        #expect(try contents("keep.json") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["keep.json"])
    }
}
