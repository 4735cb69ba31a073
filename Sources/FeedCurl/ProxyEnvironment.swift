/// The proxy libcurl takes from the environment for a URL, worked out the
/// same way, only to name it in a message: `http_proxy` (lower case only)
/// for http, `https_proxy` or `HTTPS_PROXY` for https, else `all_proxy` or
/// `ALL_PROXY`; none for a host that `no_proxy` (or `NO_PROXY`) lists, by
/// name, domain or IPv4 range (`127.0.0.0/8`). The name it gives has no
/// user or password: a message must never show them.
struct ProxyEnvironment {
    let environment: (String) -> String?

    init(_ environment: @escaping (String) -> String?) {
        self.environment = environment
    }

    func proxy(for url: String) -> String? {
        guard let (scheme, rest) = ProxyEnvironment.splitScheme(url) else { return nil }
        let names = scheme == "https" ? ["https_proxy", "HTTPS_PROXY"] : ["\(scheme)_proxy"]
        guard let proxy = (names + ["all_proxy", "ALL_PROXY"]).lazy.compactMap(value).first else { return nil }
        return bypasses(host(of: rest)) ? nil : withoutCredentials(proxy)
    }

    /// `http://user:secret@host:port` as `http://host:port`.
    private func withoutCredentials(_ proxy: String) -> String {
        let (scheme, rest) = ProxyEnvironment.splitScheme(proxy).map { ("\($0.scheme)://", $0.rest) } ?? ("", Substring(proxy))
        let authority = rest.prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return proxy }
        return scheme + String(rest[rest.index(after: at)...])
    }

    /// `scheme://rest` as the scheme (lower case) and the rest.
    private static func splitScheme(_ url: String) -> (scheme: String, rest: Substring)? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let rest = url[url.index(after: colon)...]
        guard rest.hasPrefix("//") else { return nil }
        return (url[..<colon].lowercased(), rest.dropFirst(2))
    }

    private func value(_ name: String) -> String? {
        guard let value = environment(name), !value.isEmpty else { return nil }
        return value
    }

    private func host(of rest: Substring) -> String {
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@").last.map(String.init) ?? ""
        if hostAndPort.hasPrefix("["), let close = hostAndPort.firstIndex(of: "]") {
            return String(hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]).lowercased()
        }
        return String(hostAndPort.prefix { $0 != ":" }).lowercased()
    }

    private func bypasses(_ host: String) -> Bool {
        guard let list = value("no_proxy") ?? value("NO_PROXY") else { return false }
        for entry in list.split(separator: ",").map({ String($0).trimmingSpaces().lowercased() }) where !entry.isEmpty {
            if entry == "*" { return true }
            if let range = IPv4Range(entry) {
                if let address = IPv4Range.address(host), range.contains(address) { return true }
                continue
            }
            let domain = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            if host == domain || host.hasSuffix("." + domain) { return true }
        }
        return false
    }
}
