import FeedCore
import XCTest

/// A URL's password is found in one place and shown as `[hidden]`: the
/// user info's part after its first colon, up to the authority's last `@`.
final class URLPasswordTests: XCTestCase {
    func test_hiddenInURL_replacesThePasswordOnly_keepingTheUserHostAndPath() {
        XCTAssertEqual(URLPassword.hidden(inURL: "http://user:s3cret@h:8080/a?b=c:d@e#f"), "http://user:[hidden]@h:8080/a?b=c:d@e#f")
        XCTAssertEqual(URLPassword.hidden(inURL: "HTTPS://u:p:q@h/"), "HTTPS://u:[hidden]@h/", "a colon in the password")
        XCTAssertEqual(URLPassword.hidden(inURL: "http://u:p@ss@h/"), "http://u:[hidden]@h/", "an @ in the password: the last one ends it")
        XCTAssertEqual(URLPassword.hidden(inURL: "http://u:@h/"), "http://u:[hidden]@h/", "even an empty one")
        XCTAssertEqual(URLPassword.hidden(inURL: "user:pw@api.example.com/v1"), "user:[hidden]@api.example.com/v1", "no scheme written")
    }

    func test_hiddenInURL_leavesAURLWithoutAPasswordAsItIs() {
        for url in ["http://h/", "http://token@h/", "http://h/a:b@c", "http://h?x=u:p@h", "http://[::1]:80/", "api.example.com/v1/feed", ""] {
            XCTAssertEqual(URLPassword.hidden(inURL: url), url)
        }
    }

    func test_hiddenIn_findsEveryURLInAMessage() {
        XCTAssertEqual(URLPassword.hidden(in: "from 'http://a:1@h/x' to http://b:2@k/y: moved"),
                       "from 'http://a:[hidden]@h/x' to http://b:[hidden]@k/y: moved")
        XCTAssertEqual(URLPassword.hidden(in: "connection refused"), "connection refused")
        XCTAssertEqual(URLPassword.hidden(in: Array("< Location: https://u:p@h/".utf8)[...]).map { String(decoding: $0, as: UTF8.self) },
                       "< Location: https://u:[hidden]@h/")
    }
}

/// The origin of a URL: scheme, host and port (the scheme's default where none
/// is written), compared without regard to case.
final class RequestOriginTests: XCTestCase {
    func test_theSameOrigin_writtenInOtherWays() {
        let origin = RequestOrigin(of: "http://example.com/a")
        XCTAssertNotNil(origin)
        for url in ["HTTP://Example.COM:80/b?c", "http://user:pw@example.com/", "http://example.com", "http://example.com#f"] {
            XCTAssertEqual(RequestOrigin(of: url), origin, url)
        }
        XCTAssertEqual(RequestOrigin(of: "https://h/"), RequestOrigin(of: "https://h:443/x"))
        XCTAssertEqual(RequestOrigin(of: "http://[::1]:8080/"), RequestOrigin(of: "http://[::1]:8080/x"))
    }

    func test_anotherScheme_hostOrPort_isAnotherOrigin() {
        let origin = RequestOrigin(of: "http://127.0.0.1:8080/a")
        for url in ["https://127.0.0.1:8080/a", "http://localhost:8080/a", "http://127.0.0.1:8081/a", "http://127.0.0.1/a",
                    "http://127.0.0.1.:8080/a"] {
            XCTAssertNotEqual(RequestOrigin(of: url), origin, url)
        }
    }

    func test_noOrigin_forWhatIsNotAnAbsoluteHTTPURL() {
        for url in ["", "h/a", "http://", "http://:80/", "ftp://h/", "http://h:99999999/", "http://h:8x/", "http://[::1/"] {
            XCTAssertNil(RequestOrigin(of: url), url)
        }
    }
}
