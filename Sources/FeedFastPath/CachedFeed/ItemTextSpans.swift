import FeedCore

/// Where an item's shown texts stand (`ItemTextsScan`): each in the
/// document, or in a buffer of decoded texts beside it. Plain values, so
/// that a run of items can be handed from the thread that scans them to the
/// one that writes them.
typealias ItemTextSpans = ShownTexts<TextSpan>

struct TextSpan {
    var start: Int
    var count: Int
    var isDecoded: Bool
}

extension ShownTexts where Text == TextSpan {
    /// The spans of texts read the reference way, their bytes appended to
    /// `decoded`.
    init(copying texts: FeedItemTexts, into decoded: inout [UInt8]) {
        self = texts.map { text in
            let start = decoded.count
            decoded += text.utf8
            return TextSpan(start: start, count: decoded.count - start, isDecoded: true)
        }
    }

    /// The texts' bytes, in `document` or in `decoded`.
    func bytes(in document: UnsafePointer<UInt8>, decoded: UnsafePointer<UInt8>?) -> FeedItemTextBytes {
        map { span in UnsafeBufferPointer(start: (span.isDecoded ? decoded ?? document : document) + span.start, count: span.count) }
    }
}
