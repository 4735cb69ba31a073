/// The pixels of an 8-bit RGB or RGBA PNG, not interlaced (what Chromium's
/// `--screenshot` writes), its chunks' CRCs and its zlib stream checked.
struct DecodedPNG {
    let width: Int
    let height: Int
    /// 3 bytes a pixel (the alpha channel dropped), row after row.
    let rgb: [UInt8]

    init(_ file: [UInt8]) throws {
        func failure(_ why: String) -> InflateBits.Failure { InflateBits.Failure(description: "PNG: \(why)") }
        func number(_ at: Int) -> Int { file[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        guard file.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw failure("no signature") }
        var position = 8, header: ArraySlice<UInt8> = [], stream: [UInt8] = []
        while position + 12 <= file.count {
            let length = number(position), type = String(decoding: file[(position + 4)..<(position + 8)], as: UTF8.self)
            guard position + 12 + length <= file.count else { throw failure("chunk \(type) cut short") }
            let data = file[(position + 8)..<(position + 8 + length)]
            guard PNGChecksum.crc32(file[(position + 4)..<(position + 8 + length)]) == UInt32(number(position + 8 + length)) else {
                throw failure("CRC mismatch in \(type)")
            }
            if type == "IHDR" { header = data }
            if type == "IDAT" { stream += data }
            position += 12 + length
        }
        guard header.count == 13 else { throw failure("no IHDR") }
        let base = header.startIndex, colourType = header[base + 9]
        guard header[base + 8] == 8, colourType == 2 || colourType == 6, header[base + 12] == 0 else {
            throw failure("not 8-bit RGB(A) without interlace")
        }
        width = number(base)
        height = number(base + 4)
        let channels = colourType == 6 ? 4 : 3
        let raw = PNGRows.unfiltered(try Inflate.zlib(stream), width: width, height: height, channels: channels)
        guard channels == 4 else {
            rgb = raw
            return
        }
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for at in stride(from: 0, to: raw.count, by: 4) { rgb += raw[at..<(at + 3)] }
        self.rgb = rgb
    }

    func pixel(x: Int, y: Int) -> SolidPNG.Colour {
        let at = (y * width + x) * 3
        return SolidPNG.Colour(red: rgb[at], green: rgb[at + 1], blue: rgb[at + 2])
    }
}
