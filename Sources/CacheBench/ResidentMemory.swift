#if canImport(Glibc)
import Glibc
#endif

/// The process's resident memory, read from `/proc/self/status` (Linux); nil elsewhere.
public enum ResidentMemory {
    /// Peak resident set size (`VmHWM`) in bytes.
    public static var peakBytes: Int? { value(of: "VmHWM:") }
    /// Current resident set size (`VmRSS`) in bytes.
    public static var currentBytes: Int? { value(of: "VmRSS:") }

    private static func value(of field: String) -> Int? {
        #if canImport(Glibc)
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(field) else { continue }
            let digits = text.dropFirst(field.count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
        #else
        return nil
        #endif
    }
}
