import CacheLensCLI

/// The shipped `cachelens` program. Its commands live in `CacheLensCLI`, which links the
/// libraries, the explorer and the harness but no benchmark or test server; measuring is
/// `cachelens-bench`'s.
@main
enum CacheLensMain {
    static func main() {
        CacheLensCommand.main()
    }
}
