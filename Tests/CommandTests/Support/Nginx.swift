import Foundation
import FeedPlatform
import FeedTestSupport
import LoopbackHTTP
import XCTest

/// Debian's nginx, run by the test as the current user on 127.0.0.1 with a
/// prefix and a config of its own (no daemon, one process), serving the
/// files under `root`; stopped when the test ends. Its access log says, per
/// request, what a claim about meeting a real server needs.
final class Nginx {
    /// One line of the access log.
    struct Access: Equatable {
        var status: Int
        var bodyBytes: Int
        var ifNoneMatch: String?
        var ifModifiedSince: String?
        /// nginx's serial number of the connection the request came on.
        var connection: Int
        var serverProtocol: String
    }

    struct TLS {
        var certificate: String
        var key: String
        var http2: Bool
    }

    let port: UInt16
    let root: String
    private let prefix: String

    /// `http://127.0.0.1:PORT` (or https).
    let baseURL: String

    init(_ testCase: XCTestCase, root: String, gzip: Bool = false, tls: TLS? = nil, serverDirectives: String = "") throws {
        let nginx = try RequiredTool.path("nginx", package: "nginx")
        self.root = root
        prefix = makeTemporaryDirectory(testCase) + "/nginx"
        try FileManager.default.createDirectory(atPath: prefix + "/logs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/temp", withIntermediateDirectories: true)
        var started: (UInt16, RunningCommand)?
        for _ in 0..<5 where started == nil {
            let port = try freeLoopbackPort()
            try Nginx.config(port: port, root: root, gzip: gzip, tls: tls, serverDirectives: serverDirectives).write(toFile: prefix + "/nginx.conf", atomically: true, encoding: .utf8)
            let process = try Command.start(nginx, ["-p", prefix, "-c", prefix + "/nginx.conf", "-e", prefix + "/logs/error.log"])
            if waitUntilListening(port, process) {
                started = (port, process)
            } else {
                process.send(SIGTERM)
                _ = process.wait(timeout: 10)
            }
        }
        guard let (port, process) = started else {
            let log = (try? String(contentsOfFile: prefix + "/logs/error.log", encoding: .utf8)) ?? ""
            throw NginxDidNotStart(log: log)
        }
        self.port = port
        baseURL = (tls == nil ? "http" : "https") + "://127.0.0.1:\(port)"
        testCase.addTeardownBlock {
            process.send(SIGQUIT)
            _ = process.wait(timeout: 20)
        }
    }

    func url(_ path: String) -> String { baseURL + path }

    /// Every request logged so far, in order.
    var accesses: [Access] {
        let text = (try? String(contentsOfFile: prefix + "/logs/access.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, let status = Int(fields[0]), let bytes = Int(fields[1]), let connection = Int(fields[4]) else { return nil }
            func header(_ text: String) -> String? { text == "-" ? nil : text.replacingOccurrences(of: "\\x22", with: "\"") }
            return Access(status: status, bodyBytes: bytes, ifNoneMatch: header(fields[2]), ifModifiedSince: header(fields[3]),
                          connection: connection, serverProtocol: fields[5])
        }
    }

    private static func config(port: UInt16, root: String, gzip: Bool, tls: TLS?, serverDirectives: String) -> String {
        let listen = tls.map { "listen 127.0.0.1:\(port) ssl\($0.http2 ? " http2" : "");\n        ssl_certificate \($0.certificate);\n        ssl_certificate_key \($0.key);" }
            ?? "listen 127.0.0.1:\(port);"
        return """
        daemon off;
        master_process off;
        worker_processes 1;
        pid nginx.pid;
        events { worker_connections 256; }
        http {
            default_type application/json;
            log_format probe '$status|$body_bytes_sent|$http_if_none_match|$http_if_modified_since|$connection|$server_protocol';
            access_log logs/access.log probe;
            client_body_temp_path temp/body;
            proxy_temp_path temp/proxy;
            fastcgi_temp_path temp/fastcgi;
            uwsgi_temp_path temp/uwsgi;
            scgi_temp_path temp/scgi;
            \(gzip ? "gzip on; gzip_types application/json; gzip_min_length 1;" : "gzip off;")
            keepalive_requests 10000;
            server {
                \(listen)
                root \(root);
                \(serverDirectives)
            }
        }

        """
    }
}

struct NginxDidNotStart: Error, CustomStringConvertible {
    var log: String
    var description: String { "nginx did not start: \(log)" }
}

/// A port nothing listens on just now.
func freeLoopbackPort() throws -> UInt16 {
    let probe = try LoopbackServer(handler: { _ in .notFound })
    let port = probe.port
    probe.stop()
    return port
}

/// Whether `process` listens on 127.0.0.1:`port` within 10 s.
func waitUntilListening(_ port: UInt16, _ process: RunningCommand) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
        if !process.process.isRunning { return false }
        if let socket = try? SocketCalls.open(domain: AF_INET, type: Int32(SOCK_STREAM.rawValue)) {
            defer { FileDescriptor.close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            if (try? SocketCalls.connect(socket, to: address)) == true { return true }
        }
        usleep(20_000)
    }
    return false
}
