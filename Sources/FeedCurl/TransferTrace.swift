/// One transfer's part of `-v`: the header lines it sent and received so
/// far, passed to the run's trace as each is whole, under its input's position.
struct TransferTrace {
    let trace: CurlTrace
    let position: Int
    private var sent = TraceLines()
    private var received = TraceLines()
    /// Whether each direction's last line was a hidden header.
    private var hidingSent = false, hidingReceived = false

    init(_ trace: CurlTrace, position: Int) {
        self.trace = trace
        self.position = position
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer, sent isSent: Bool) {
        if isSent {
            trace.emit(sent.add(bytes), sent: true, position: position, hidingFolded: &hidingSent)
        } else {
            trace.emit(received.add(bytes), sent: false, position: position, hidingFolded: &hidingReceived)
        }
    }

    /// At the transfer's end: any line it left unended.
    mutating func finish() {
        trace.emit(sent.flush(), sent: true, position: position, hidingFolded: &hidingSent)
        trace.emit(received.flush(), sent: false, position: position, hidingFolded: &hidingReceived)
    }
}
