/// How a connection ends after a reply.
enum ConnectionEnding {
    case keepAlive
    /// Send FIN, read what the client still sends for a moment, then close.
    case closeGracefully
    /// Close with SO_LINGER 0, so the client sees RST.
    case reset
    /// Close at once (stopped, or the client is gone).
    case closeNow

    /// After a reply that closes the connection: gracefully if it was sent, at once if not.
    static func closing(sent: Bool) -> ConnectionEnding {
        sent ? .closeGracefully : .closeNow
    }
}
