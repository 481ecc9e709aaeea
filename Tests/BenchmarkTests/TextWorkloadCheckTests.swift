import RasterWorkloads
import Testing

/// The Swift generator reproduces the check values of `../shared/bench/text_workloads.json`
/// (copied here): string counts, UTF-8 byte counts, FNV-1a 64 over each string's UTF-8 and a
/// line feed, the first item and the generator's next output.
@Suite struct TextWorkloadCheckTests {
    func check(_ strings: [String], bytes: Int, fnv: UInt64) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var count = 0
        for s in strings {
            hash = TextWorkload.fnv1a64(s + "\n", hash)
            count += s.utf8.count
        }
        #expect(count == bytes)
        #expect(hash == fnv)
    }

    @Test func labels() {
        let (items, next) = TextWorkload.labels()
        #expect(items.count == 2000)
        check(items.map(\.text), bytes: 21224, fnv: 0x3b55_1d5f_a28e_2b63)
        #expect(items[0].text == "pixel 7444" && items[0].size == 16)
        #expect(abs(items[0].x - 386.033700312) < 5e-10 && abs(items[0].y - 653.87264752) < 5e-10)
        #expect(items[0].color == [128, 195, 17, 226])
        #expect(next == 0x38d3_028e_a425_7e73)
    }

    @Test func paragraph() {
        let (text, next) = TextWorkload.paragraph()
        check([text], bytes: 10228, fnv: 0x5168_ee8a_2995_067d)
        #expect(text.hasPrefix("Baseline raster menu raster alpha jumps quick waffle café line over scroll width line naïve façade swift stroke. Menu av"))
        #expect(next == 0x9333_9005_3124_996d)
    }

    @Test func shaping() {
        let (items, next) = TextWorkload.shapingStrings()
        #expect(items.count == 20_000)
        check(items, bytes: 449_540, fnv: 0xfa5b_837e_273f_0349)
        #expect(items[0] == "raster advance menu jumps typography jumps")
        #expect(next == 0x0d27_0b7a_f628_a747)
    }
}
