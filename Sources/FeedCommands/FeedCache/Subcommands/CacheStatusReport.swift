import FeedCore
import FeedPresentation

/// What `feed-cache status` says, as JSON (the contract's keys, absent
/// ones left out) or as a few lines for people, the first saying whether
/// all is well.
struct CacheStatusReport {
    struct Feed {
        var items: Int
        var savedAt: Timestamp
        var expiresAt: Timestamp
        var url: String?
        var validators: Bool
    }

    var cache: String
    var feed: Feed?
    /// Why the cached feed could not be read, if it could not.
    var feedProblem: String?
    var missing: Int?
    var images: (files: Int, bytes: Int64)?
    var history: RefreshHistory?
    var freshUntil: Timestamp?
    var now = Timestamp(seconds: 0)

    init(cache: String) { self.cache = cache }

    private static func time(_ value: Timestamp) -> JSON { .string(ISO8601.format(value.seconds)) }

    @_optimize(size)
    var json: JSON {
        var members: [(key: String, value: JSON)] = [("cache", .string(cache))]
        if let feed {
            var fields: [(key: String, value: JSON)] = [
                ("items", .number(String(feed.items))), ("saved_at", Self.time(feed.savedAt)), ("expires_at", Self.time(feed.expiresAt)),
            ]
            if let url = feed.url { fields.append(("url", .string(url))) }
            fields.append(("validators", .bool(feed.validators)))
            members.append(("feed", .object(JSONObject(fields))))
        }
        var images: [(key: String, value: JSON)] = [
            ("stored", .number(String(self.images?.files ?? 0))),
        ]
        if let missing { images.append(("missing", .number(String(missing)))) }
        images.append(("bytes", .number(String(self.images?.bytes ?? 0))))
        members.append(("images", .object(JSONObject(images))))
        var refresh: [(key: String, value: JSON)] = []
        if let history {
            if let at = history.lastAttempt { refresh.append(("last_attempt", Self.time(at))) }
            if let at = history.lastSuccess { refresh.append(("last_success", Self.time(at))) }
            refresh.append(("failures", .number(String(history.failures))))
            if let failure = history.lastFailure {
                refresh.append(("last_failure", .object(JSONObject([
                    ("at", Self.time(failure.at)), ("kind", .string(failure.kind)), ("message", .string(failure.message)),
                ]))))
            }
        }
        if let freshUntil { refresh.append(("fresh_until", Self.time(freshUntil))) }
        if let notBefore = history?.notBefore { refresh.append(("not_before", Self.time(notBefore))) }
        if !refresh.isEmpty { members.append(("refresh", .object(JSONObject(refresh)))) }
        return .object(JSONObject(members))
    }

    /// The first line says whether all is well, and if not since when.
    @_optimize(size)
    func text(now: Timestamp) -> String {
        func when(_ time: Timestamp) -> String {
            "\(ISO8601.format(time.seconds)) (\(RelativeDate.describe(time.seconds, relativeTo: now.seconds)))"
        }
        var lines: [String] = []
        let failures = history?.failures ?? 0
        if let feedProblem {
            lines.append("Not well: the cached feed cannot be read: \(feedProblem)")
        } else if let feed, feed.expiresAt <= now {
            lines.append("Not well: the cached feed expired \(when(feed.expiresAt)); not refreshed since \(when(history?.lastSuccess ?? feed.savedAt)).")
        } else if failures > 0 {
            let since = history?.lastSuccess ?? feed?.savedAt
            lines.append("Not well: \(failures) refresh\(failures == 1 ? "" : "es") failed in a row" + (since.map { ", not refreshed since \(when($0))" } ?? "") + ".")
        } else if feed == nil {
            lines.append("Not well: no cached feed in \(cache).")
        } else if let feed {
            lines.append("All is well: refreshed \(when(history?.lastSuccess ?? feed.savedAt)).")
        }
        if let failure = history?.lastFailure, failures > 0 {
            lines.append("Last failure: \(when(failure.at)), \(failure.kind): \(failure.message)")
        }
        if let feed {
            let source = feed.url.map { " from \($0)" } ?? ""
            lines.append("Feed: \(feed.items) item\(feed.items == 1 ? "" : "s")\(source), saved \(when(feed.savedAt)), "
                + (feed.expiresAt <= now ? "expired" : "expires") + " \(when(feed.expiresAt))"
                + (feed.validators ? "; validators kept" : "") + ".")
        }
        let stored = images?.files ?? 0
        lines.append("Images: \(stored) stored, \(images?.bytes ?? 0) bytes" + (missing.map { ", \($0) missing" } ?? "") + ".")
        if let freshUntil, now < freshUntil { lines.append("Fresh until \(when(freshUntil)): no request before then.") }
        if let notBefore = history?.notBefore, now < notBefore { lines.append("The server asked to wait until \(when(notBefore)).") }
        if let attempt = history?.lastAttempt { lines.append("Last refresh: \(when(attempt)).") }
        lines.append("Cache: \(cache)")
        return lines.joined(separator: "\n") + "\n"
    }
}
