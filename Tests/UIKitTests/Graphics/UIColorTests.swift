import Testing
import UIKit

@Suite struct UIColorTests {
    private func rgba(_ color: UIColor) -> [CGFloat] {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        _ = color.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a]
    }

    @Test func namedColoursHaveIOSComponents() {
        #expect(rgba(.red) == [1, 0, 0, 1])
        #expect(rgba(.orange) == [1, 0.5, 0, 1])
        #expect(rgba(.purple) == [0.5, 0, 0.5, 1])
        #expect(rgba(.brown) == [0.6, 0.4, 0.2, 1])
        #expect(rgba(.gray) == [0.5, 0.5, 0.5, 1])
        #expect(rgba(.clear) == [0, 0, 0, 0])
        let third: CGFloat = 1.0 / 3.0
        #expect(UIColor.darkGray.cgColor.components?.first == third)
        #expect(UIColor.lightGray.cgColor.components?.first == 2 * third)
        #expect(UIColor.black.cgColor.components == [0, 1])
        #expect(UIColor.white.description == "UIExtendedGrayColorSpace 1 1")
    }

    @Test func conversions() {
        let c = UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)
        #expect(rgba(c) == [1, 0, 0, 1])
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0, a: CGFloat = 0
        #expect(UIColor.blue.getHue(&h, saturation: &s, brightness: &v, alpha: &a))
        #expect(abs(h - 2.0 / 3.0) < 1e-12 && s == 1 && v == 1)
        #expect(UIColor.red.withAlphaComponent(0.5).cgColor.alpha == 0.5)
        #expect(UIColor(cgColor: UIColor.green.cgColor) == UIColor.green)
    }
}
