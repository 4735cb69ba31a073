/// How the refresh has gone (the `refresh` file beside the feed), as
/// `feed-cache save` records it: every refresh reaches `save`, with a feed, a
/// 304, a fresh record or an error record. A success resets the count of
/// failures; a failure adds one and is kept with its kind and message, and
/// with the instant the server named in a `Retry-After`, if it did. It never
/// says anything of the feed itself: that is the feed file's.
public struct RefreshHistory: Equatable, Sendable {
    public struct Failure: Equatable, Sendable {
        public var at: Timestamp
        public var kind: String
        public var message: String

        public init(at: Timestamp, kind: String, message: String) {
            self.at = at
            self.kind = kind
            self.message = message
        }
    }

    public var lastAttempt: Timestamp?
    public var lastSuccess: Timestamp?
    /// Failures in a row since the last success.
    public var failures: Int = 0
    public var lastFailure: Failure?
    /// No request before then (a `Retry-After` remembered).
    public var notBefore: Timestamp?

    public init(lastAttempt: Timestamp? = nil, lastSuccess: Timestamp? = nil, failures: Int = 0,
                lastFailure: Failure? = nil, notBefore: Timestamp? = nil) {
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
        self.failures = failures
        self.lastFailure = lastFailure
        self.notBefore = notBefore
    }

    /// After a refresh that ended well at `now` (a save, a 304, a fresh run):
    /// no failures, no wait; the last failure is kept for the record.
    public func succeeded(at now: Timestamp) -> RefreshHistory {
        RefreshHistory(lastAttempt: second(now), lastSuccess: second(now), failures: 0, lastFailure: lastFailure, notBefore: nil)
    }

    /// After a refresh that failed at `now` with `error`: one failure more,
    /// and the server's wait if it named one (never more than a day ahead,
    /// whatever the record says).
    /// A wait named earlier stands until a success (a later failure that
    /// names none does not shorten it).
    public func failed(at now: Timestamp, _ error: ToolError) -> RefreshHistory {
        let named = error.notBefore.map { second(min($0, now.adding(seconds: RetryAfter.longestRemembered))) }
        return RefreshHistory(lastAttempt: second(now), lastSuccess: lastSuccess, failures: failures + 1,
                       lastFailure: Failure(at: second(now), kind: error.kind.rawValue, message: error.message),
                       notBefore: [notBefore, named].compactMap { $0 }.max())
    }

    /// Whether a failure of this kind is one to count: a run deferred by a
    /// remembered `Retry-After` asked nothing, and changes nothing.
    public static func counts(_ kind: ErrorKind) -> Bool { kind != .deferred }

    private func second(_ time: Timestamp) -> Timestamp { Timestamp(seconds: time.seconds) }
}

extension RefreshHistory {
    /// One compact JSON line:
    /// `{"last_attempt":…,"last_success":…,"failures":N,"last_failure":{"at":…,"kind":…,"message":…},"not_before":…}`,
    /// times in ISO 8601 (UTC, to the second), an absent one left out.
    @_optimize(size)
    public var json: JSON {
        func time(_ value: Timestamp) -> JSON { .string(ISO8601.format(value.seconds)) }
        var members: [(key: String, value: JSON)] = []
        if let lastAttempt { members.append(("last_attempt", time(lastAttempt))) }
        if let lastSuccess { members.append(("last_success", time(lastSuccess))) }
        members.append(("failures", .number(String(failures))))
        if let lastFailure {
            members.append(("last_failure", .object(JSONObject(distinct: [
                ("at", time(lastFailure.at)), ("kind", .string(lastFailure.kind)), ("message", .string(lastFailure.message)),
            ]))))
        }
        if let notBefore { members.append(("not_before", time(notBefore))) }
        return .object(JSONObject(distinct: members))
    }

    /// Read back from `json`; nil for anything else (a history that cannot
    /// be read is as none: it only ever informs).
    @_optimize(size)
    public init?(json value: JSON) {
        guard case .object(let object) = value else { return nil }
        func time(_ value: JSON?) -> Timestamp?? {
            guard let value else { return .some(nil) }
            guard let text = value.stringValue, let seconds = ISO8601.parse(text) else { return nil }
            return .some(Timestamp(seconds: seconds))
        }
        guard let lastAttempt = time(object["last_attempt"]), let lastSuccess = time(object["last_success"]),
              let notBefore = time(object["not_before"]), let failures = object["failures"]?.intValue, failures >= 0 else { return nil }
        var lastFailure: Failure?
        if let value = object["last_failure"] {
            guard case .object(let failure) = value, let at = time(failure["at"]), let at,
                  let kind = failure["kind"]?.stringValue, let message = failure["message"]?.stringValue else { return nil }
            lastFailure = Failure(at: at, kind: kind, message: message)
        }
        self.init(lastAttempt: lastAttempt, lastSuccess: lastSuccess, failures: failures, lastFailure: lastFailure, notBefore: notBefore)
    }
}

/// A store that keeps the refresh's history beside the feed.
public protocol RefreshHistoryStore {
    /// The history, or nil when there is none (or it cannot be read). Reads only.
    func refreshHistory() -> RefreshHistory?
    /// Replaces the history with what `change` makes of the current one,
    /// atomically, with no other writer at work between the two; only where
    /// the cache exists (a history is never the reason to create it).
    func recordRefresh(_ change: (RefreshHistory?) -> RefreshHistory) throws
}

/// A store that can say how much image data it holds (for a report).
public protocol StoredImagesUsage {
    /// The image files stored and their bytes; nil when there are none (or
    /// they cannot be listed). Reads only.
    func storedImages() -> (files: Int, bytes: Int64)?
}

extension RefreshHistoryStore {
    /// `recordRefresh`, its failure in the contract's words (`saving`).
    public func record(_ change: (RefreshHistory?) -> RefreshHistory) throws(ToolError) {
        do {
            try recordRefresh(change)
        } catch {
            throw CacheFailure.wrapping(error, default: .saving, "cannot record the refresh")
        }
    }
}
