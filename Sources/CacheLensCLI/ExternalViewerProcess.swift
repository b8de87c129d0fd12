import CacheExplorer
import Foundation

/// The program the explorer's pager hands long text to (`E`): `$PAGER`, else `$EDITOR`, run
/// through `sh -c` (so `less -R` or `code --wait` work as the user wrote them) on a read-only
/// temporary file holding the text, on the explorer's own terminal, and waited for.
enum ExternalViewerProcess {
    /// The viewer `environment` names, or nil when neither variable is set.
    static func viewer(environment: [String: String]) -> ExternalViewer? {
        let named = [environment["PAGER"], environment["EDITOR"]].compactMap { $0?.trimmingCharacters(in: .whitespaces) }
        guard let command = named.first(where: { !$0.isEmpty }) else { return nil }
        return ExternalViewer(command: command) { title, text in show(text, title: title, command: command) }
    }

    /// Writes `text` to a file the viewer may read but not write, runs it, removes the file;
    /// returns why it failed, or nil.
    static func show(_ text: String, title: String, command: String) -> String? {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("cachelens-view-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: directory) }
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent(fileName(title))
            try Data(text.utf8).write(to: file)
            try manager.setAttributes([.posixPermissions: 0o400], ofItemAtPath: file.path)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command + " \"$1\"", "sh", file.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return "\(command) exited with status \(process.terminationStatus)" }
            return nil
        } catch {
            return "cannot hand the text to \(command): \(error.localizedDescription)"
        }
    }

    /// `Droid-2001-name.txt`: the title, safe as a file name, so the viewer names what it shows.
    private static func fileName(_ title: String) -> String {
        let safe = title.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "." ? Character($0) : "-" }
        let name = String(String(safe).split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-").prefix(60))
        return (name.isEmpty ? "cachelens" : name) + ".txt"
    }
}
