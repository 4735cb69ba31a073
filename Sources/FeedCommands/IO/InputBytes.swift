/// Input as one buffer, to be read in place.
public enum InputBytes {
    /// Mapped from a file, private and writable; its pages may be given back
    /// as they are read past (they are read again from the file).
    case mapped(UnsafeMutableBufferPointer<UInt8>)
    case read([UInt8])
}
