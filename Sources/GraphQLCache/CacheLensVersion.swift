/// The one version of CacheLens: `cachelens --version` prints it and `HTTPNetworkTransport`
/// sends it as `User-Agent: cachelens/VERSION`, so a server's logs name the client.
package enum CacheLensVersion {
    /// The release, `MAJOR.MINOR.PATCH`.
    public static let current = "0.3.0"

    /// The `User-Agent` header value: `cachelens/VERSION`.
    public static var userAgent: String { "cachelens/" + current }
}
