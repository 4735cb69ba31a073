import FeedCore
import FeedConcurrency
import FeedCore

/// `feed-fetch -v`: the head of every request a transfer sends and of every
/// response it receives (each redirect, retry and page its own), as libcurl's
/// debug callback hands them over, written to one place a block at a time:
/// `> ` before a line sent, `< ` before a line received, and `[K] ` before
/// both when several inputs are fetched at once (K the input's position).
/// The value of a header named at `hiding`, or of one that carries
/// credentials, is never written: only its name and `[hidden]`; nor is the
/// password of a URL in a line (a `Location`, say). A control
/// character a server sent is shown escaped (`ControlEscape`).
public final class CurlTrace: Sendable {
    /// Headers whose values are credentials, whoever set them.
    static let credentialHeaders = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    private let hidden: Set<String>
    private let labelsInputs: Bool
    private let write: Locked<@Sendable ([UInt8]) -> Void>

    /// `hiding`: the names of the headers given on the command line;
    /// `labelsInputs`: whether lines name their input (`-j` above 1).
    public init(hiding names: [String], labelsInputs: Bool, write: @escaping @Sendable ([UInt8]) -> Void) {
        hidden = Set(names.map { $0.lowercased() } + CurlTrace.credentialHeaders)
        self.labelsInputs = labelsInputs
        self.write = Locked(write)
    }

    /// A line of its own about what the run does (`* ` before it, as curl's
    /// `-v` writes its own notes).
    func note(_ text: String) {
        let bytes = Array(("* " + text + "\n").utf8)
        write.withLock { $0(bytes) }
    }

    /// Writes `lines` (without their line ends) of one direction, for the
    /// input at `position`; `hidingFolded` carries over from the direction's
    /// last line whether a line that continues it is hidden.
    func emit(_ lines: [ArraySlice<UInt8>], sent: Bool, position: Int, hidingFolded: inout Bool) {
        guard !lines.isEmpty else { return }
        let prefix = Array(((labelsInputs ? "[\(position)] " : "") + (sent ? "> " : "< ")).utf8)
        var bytes: [UInt8] = []
        for line in lines {
            bytes += prefix
            let line = shown(line, hidingFolded: &hidingFolded)
            ControlEscape.append(URLPassword.hidden(in: line) ?? Array(line), to: &bytes)
            bytes.append(0x0A)
        }
        write.withLock { $0(bytes) }
    }

    /// The line as it may be shown: a hidden header's name and `[hidden]`; a
    /// line that continues a hidden header (it starts with a blank) hidden too.
    private func shown(_ line: ArraySlice<UInt8>, hidingFolded: inout Bool) -> ArraySlice<UInt8> {
        let hiddenValue = Array(" [hidden]".utf8)
        if let first = line.first, first == 0x20 || first == 0x09 {
            return hidingFolded ? hiddenValue[...] : line
        }
        guard let colon = line.firstIndex(of: 0x3A) else {
            hidingFolded = false
            return line
        }
        let name = String(decoding: line[..<colon], as: UTF8.self).trimmingSpaces().lowercased()
        hidingFolded = hidden.contains(name)
        return hidingFolded ? line[...colon] + hiddenValue : line
    }
}
