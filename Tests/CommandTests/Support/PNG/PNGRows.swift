/// PNG's per-row filters undone (None, Sub, Up, Average, Paeth).
enum PNGRows {
    static func unfiltered(_ data: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        let stride = width * channels
        var out = [UInt8](repeating: 0, count: stride * height)
        guard data.count >= (stride + 1) * height else { return out }
        for row in 0..<height {
            let filter = data[row * (stride + 1)]
            let input = row * (stride + 1) + 1, at = row * stride
            for index in 0..<stride {
                let left = index >= channels ? Int(out[at + index - channels]) : 0
                let up = row > 0 ? Int(out[at + index - stride]) : 0
                let upLeft = row > 0 && index >= channels ? Int(out[at + index - stride - channels]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4: predictor = paeth(left, up, upLeft)
                default: predictor = 0
                }
                out[at + index] = UInt8(truncatingIfNeeded: Int(data[input + index]) + predictor)
            }
        }
        return out
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
