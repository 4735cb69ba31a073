import FeedCore
import XCTest

/// `URLReference` against RFC 3986 section 5.4's examples, base
/// `http://a/b/c/d;p?q`, and the image URLs a feed's payload has.
final class URLReferenceTests: XCTestCase {
    private let base = "http://a/b/c/d;p?q"

    func test_resolve_givesSection541sNormalExamples() {
        let normal: [(String, String)] = [
            ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
            ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
            ("../../g", "http://a/g"),
        ]
        for (reference, target) in normal {
            XCTAssertEqual(URLReference.resolve(reference, against: base), target, reference)
        }
    }

    func test_resolve_givesSection542sAbnormalExamples_strictly() {
        let abnormal: [(String, String)] = [
            ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"), ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
            ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
            ("http:g", "http:g"),
        ]
        for (reference, target) in abnormal {
            XCTAssertEqual(URLReference.resolve(reference, against: base), target, reference)
        }
    }

    func test_resolve_aFragmentOrQueryAlone_takesTheBasesPathWithoutItsDotSegments_soTheResultResolvesToItself() {
        let dotted = "http://h/a/./b/../c"
        for (reference, target) in [("#f", "http://h/a/c#f"), ("?y", "http://h/a/c?y"), ("", "http://h/a/c")] {
            let resolved = URLReference.resolve(reference, against: dotted)
            XCTAssertEqual(resolved, target, reference)
            XCTAssertEqual(URLReference.resolve(resolved, against: dotted), resolved, reference)
        }
    }

    func test_resolve_dropsTheBasesFragment_andMergesAgainstAnEmptyPathAsRoot() {
        XCTAssertEqual(URLReference.resolve("g", against: "https://h?x#frag"), "https://h/g")
        XCTAssertEqual(URLReference.resolve("", against: "https://h/a#frag"), "https://h/a")
        XCTAssertEqual(URLReference.resolve("?q", against: "https://h/a?x#frag"), "https://h/a?q")
    }

    func test_absoluteURL_keepsAnAbsoluteURLAsItIs_resolvesARelativeOne_andRefusesWithoutABase() {
        XCTAssertEqual(URLReference.absoluteURL("https://h/./a/../b", base: "https://api/v1/feed"), "https://h/./a/../b")
        XCTAssertEqual(URLReference.absoluteURL("/img/1.png", base: "https://api:8443/v1/feed?limit=2"), "https://api:8443/img/1.png")
        XCTAssertEqual(URLReference.absoluteURL("img/2.png", base: "https://api/v1/feed"), "https://api/v1/img/2.png")
        XCTAssertNil(URLReference.absoluteURL("/img/1.png", base: nil))
        XCTAssertNil(URLReference.absoluteURL("/img/1.png", base: "/v1/feed"), "a base that is not absolute")
        XCTAssertNil(URLReference.absoluteURL("", base: "https://api/v1/feed"), "an empty image names none")
        XCTAssertNil(URLReference.absoluteURL("mailto:a@b", base: "https://api/v1/feed"))
        XCTAssertNil(URLReference.absoluteURL("img/a b.png", base: "https://api/v1/feed"), "white space stays refused")
    }
}
