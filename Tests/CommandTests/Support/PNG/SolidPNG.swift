/// A PNG of one colour, made here without a compressor: 8-bit RGB rows,
/// each with filter 0, in a zlib stream of stored (uncompressed) deflate
/// blocks, with its Adler-32 and each chunk's CRC-32. So its size is about
/// 3 × width × height bytes, whatever the colour.
enum SolidPNG {
    struct Colour: Equatable, Hashable, CustomStringConvertible {
        var red: UInt8, green: UInt8, blue: UInt8

        var description: String { "rgb(\(red), \(green), \(blue))" }
    }

    static func make(width: Int, height: Int, _ colour: Colour) -> [UInt8] {
        var row: [UInt8] = [0] // filter: none
        for _ in 0..<width { row += [colour.red, colour.green, colour.blue] }
        var pixels: [UInt8] = []
        for _ in 0..<height { pixels += row }
        var header = PNGChecksum.bigEndian(UInt32(width)) + PNGChecksum.bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0] // 8 bits, RGB, deflate, filter 0, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlibStored(pixels)) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return PNGChecksum.bigEndian(UInt32(data.count)) + typed + PNGChecksum.bigEndian(PNGChecksum.crc32(typed))
    }

    /// A zlib stream (no preset dictionary, fastest level) of stored blocks of at most 65,535 bytes.
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65535, bytes.count)
            let length = UInt16(end - start)
            stream += [end == bytes.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += bytes[start..<end]
            start = end
        } while start < bytes.count
        return stream + PNGChecksum.bigEndian(PNGChecksum.adler32(bytes))
    }
}
