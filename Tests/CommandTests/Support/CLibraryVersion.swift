import Foundation

/// A version of the GNU C library, as the binaries' symbol versions
/// (`GLIBC_2.36`), the docs (`glibc 2.36`) and Debian's Depends
/// (`libc6 (>= 2.36)`) write it: compared number by number.
struct CLibraryVersion: Comparable, CustomStringConvertible {
    let numbers: [Int]

    init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count >= 2, parts.allSatisfy({ $0 != nil }) else { return nil }
        numbers = parts.compactMap { $0 }
    }

    var description: String { numbers.map(String.init).joined(separator: ".") }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.numbers.lexicographicallyPrecedes(rhs.numbers) }

    /// The highest `GLIBC_` version an ELF file needs, from `readelf -V`'s
    /// version-needs section; nil if it needs none.
    static func needed(by path: String, readelf: String) throws -> CLibraryVersion? {
        let result = try Command.run(readelf, ["-V", "-W", path])
        return result.outLines.compactMap { line -> CLibraryVersion? in
            guard let range = line.range(of: "Name: GLIBC_") else { return nil }
            return CLibraryVersion(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }.max()
    }

    /// Every version written `glibc X.Y` in a text.
    static func stated(in text: String) -> [CLibraryVersion] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        return zip(words, words.dropFirst()).compactMap { word, next in
            guard word.lowercased() == "glibc" else { return nil }
            var number = String(next.prefix { $0.isNumber || $0 == "." })
            while number.hasSuffix(".") { number.removeLast() } // the end of a sentence
            return CLibraryVersion(number)
        }
    }
}
