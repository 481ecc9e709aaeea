import Testing
import UIKit

/// Tab stops through UIKit, with DejaVu Sans at 32 points (one font unit is 1/64 point): "a"
/// advances 19.609375 points, "b" 20.3125, the digits 20.359375, per the font's hmtx table.
/// Apple documents the default style's stops as 12 left-aligned tabs 28 points apart, and
/// `defaultTabInterval` as 0.
@MainActor
@Suite struct NSTextTabTests {
    let font = UIFont(name: "DejaVuSans", size: 32)!

    @Test func theDefaultStyleHasTwelveStops28PointsApart() {
        let style = NSParagraphStyle.default
        #expect(style.tabStops.count == 12)
        #expect(style.tabStops.map(\.location) == [28, 56, 84, 112, 140, 168, 196, 224, 252, 280, 308, 336])
        #expect(style.tabStops.allSatisfy { $0.alignment == .left })
        #expect(style.defaultTabInterval == 0)
        #expect(NSMutableParagraphStyle().tabStops.count == 12)
    }

    @Test func stopsStaySortedAsTheyAreAdded() {
        let style = NSMutableParagraphStyle()
        style.tabStops = []
        style.addTabStop(NSTextTab(textAlignment: .right, location: 200))
        style.addTabStop(NSTextTab(textAlignment: .left, location: 60))
        #expect(style.tabStops.map(\.location) == [60, 200])
        style.removeTabStop(NSTextTab(textAlignment: .left, location: 60))
        #expect(style.tabStops.map(\.location) == [200])
        // Copies keep the stops.
        let copy = style.copy() as! NSParagraphStyle
        #expect(copy.tabStops.map(\.location) == [200])
        #expect(copy.tabStops[0].alignment == .right)
    }

    @Test func measuringAndDrawingPutTextAtTheStops() {
        // "a" ends at 19.609375, so the tab takes it to the 28-point stop; "b" follows.
        let size = "a\tb".size(withAttributes: [.font: font])
        #expect(size.width == 48.3125)
        // A right stop at 200 ends the column there; a decimal stop puts the separator there.
        let style = NSMutableParagraphStyle()
        style.tabStops = [
            NSTextTab(textAlignment: .right, location: 200,
                      options: [.columnTerminators: NSTextTab.columnTerminators(for: Locale(identifier: "en_US"))]),
        ]
        let rect = "\t12.5".boundingRect(with: CGSize(width: 400, height: 100), options: .usesLineFragmentOrigin,
                                         attributes: [.font: font, .paragraphStyle: style], context: nil)
        // "12" ends at 200; ".5" (10.171875 + 20.359375) follows.
        #expect(rect.width == 230.53125)
        #expect(NSTextTab.columnTerminators(for: Locale(identifier: "de_DE")).contains(","))
    }

    @Test func labelsLineColumnsUpAtTheirStops() {
        let style = NSMutableParagraphStyle()
        style.tabStops = [NSTextTab(textAlignment: .left, location: 100)]
        let label = UILabel()
        label.attributedText = NSAttributedString(string: "a\tb", attributes: [.font: font, .paragraphStyle: style])
        // 100 to the stop, then "b" (20.3125), rounded up to the screen's pixel grid.
        #expect(label.intrinsicContentSize.width == (120.3125 * UIScreen.main.scale).rounded(.up) / UIScreen.main.scale)
    }
}
