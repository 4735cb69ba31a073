/// Where a colour stands in blocks in a screenshot: the pixels that have it
/// (each channel within a tolerance) in horizontal runs at least
/// `minimumRun` long, so that the odd pixel of anti-aliased text does not
/// count, and the box they span.
struct ColourRegion: CustomStringConvertible {
    var pixels = 0
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    var width: Int { pixels == 0 ? 0 : maxX - minX + 1 }
    var height: Int { pixels == 0 ? 0 : maxY - minY + 1 }
    var description: String { pixels == 0 ? "nowhere" : "\(pixels) px in x \(minX)...\(maxX), y \(minY)...\(maxY)" }

    /// Each of `colours`' region in `screenshot`.
    static func find(_ colours: [SolidPNG.Colour], in screenshot: DecodedPNG, tolerance: Int = 3,
                     minimumRun: Int = 16) -> [SolidPNG.Colour: ColourRegion] {
        var regions = [ColourRegion](repeating: ColourRegion(), count: colours.count)
        let targets = colours.map { [Int($0.red), Int($0.green), Int($0.blue)] }
        screenshot.rgb.withUnsafeBufferPointer { rgb in
            for y in 0..<screenshot.height {
                var runStarts = [Int?](repeating: nil, count: targets.count)
                for x in 0...screenshot.width {
                    let at = (y * screenshot.width + x) * 3
                    for (index, target) in targets.enumerated() {
                        let matches = x < screenshot.width && abs(Int(rgb[at]) - target[0]) <= tolerance
                            && abs(Int(rgb[at + 1]) - target[1]) <= tolerance && abs(Int(rgb[at + 2]) - target[2]) <= tolerance
                        if matches, runStarts[index] == nil { runStarts[index] = x }
                        if !matches, let start = runStarts[index] {
                            if x - start >= minimumRun { regions[index].add(row: y, from: start, to: x - 1) }
                            runStarts[index] = nil
                        }
                    }
                }
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(colours, regions))
    }

    private mutating func add(row y: Int, from first: Int, to last: Int) {
        pixels += last - first + 1
        minX = min(minX, first); maxX = max(maxX, last)
        minY = min(minY, y); maxY = max(maxY, y)
    }
}
