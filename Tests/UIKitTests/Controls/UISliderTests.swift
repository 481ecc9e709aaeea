import LaminaTestSupport
import Testing
import UIKit

/// UISlider: limits, geometry, the thumb taken where it is touched, continuous and final
/// value events, and every state in both appearances.
@MainActor
@Suite struct UISliderTests {
    @Test func valuesStayWithinTheLimits() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1 && slider.isContinuous)
        #expect(slider.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 31))
        slider.value = 2
        #expect(slider.value == 1)
        slider.value = .nan
        #expect(slider.value == 1)
        slider.maximumValue = 10
        slider.minimumValue = 5
        #expect(slider.value == 5)
        slider.maximumValue = 3
        #expect(slider.minimumValue == 3 && slider.value == 3)
    }

    @Test func theTrackAndThumbArePlacedByValue() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        let track = slider.trackRect(forBounds: slider.bounds)
        #expect(track == CGRect(x: 0, y: 14, width: 200, height: 4))
        // The thumb's centre travels from 14 to 186: half way is 100.
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0) == CGRect(x: 0, y: 2, width: 28, height: 28))
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.5) == CGRect(x: 86, y: 2, width: 28, height: 28))
        #expect(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 1) == CGRect(x: 172, y: 2, width: 28, height: 28))
    }

    @Test func theThumbFollowsTheFingerFromWhereItWasTaken() {
        withWindow { window, _ in
            let slider = UISlider(frame: CGRect(x: 20, y: 50, width: 172, height: 31))
            window.addSubview(slider)
            var changes: [Float] = []
            slider.addAction(UIAction { _ in changes.append(slider.value) }, for: .valueChanged)
            // Taken 5 points right of its centre (34, 66) and moved 72 points: the centre goes
            // to 106, a value of (106 − 20 − 14) / 144 = 0.5.
            window.drag(from: CGPoint(x: 39, y: 66), to: CGPoint(x: 111, y: 66), duration: 0.2, steps: 4)
            #expect(slider.value == 0.5)
            #expect(changes.count == 4 && changes.last == 0.5)
            // Past the end it stops at the maximum.
            window.drag(from: CGPoint(x: 111, y: 66), to: CGPoint(x: 300, y: 66), duration: 0.2, steps: 2)
            #expect(slider.value == 1)
            // A touch on the bare track does not move the thumb.
            changes.removeAll()
            window.tap(at: CGPoint(x: 40, y: 66))
            #expect(slider.value == 1 && changes.isEmpty)
            // Not continuous: one event as the finger lifts.
            slider.isContinuous = false
            window.drag(from: CGPoint(x: 178, y: 66), to: CGPoint(x: 106, y: 66), duration: 0.2, steps: 4)
            #expect(changes == [0.5])
            // Code changes the value silently.
            slider.setValue(0.25, animated: true)
            #expect(changes == [0.5] && slider.value == 0.25)
        }
    }

    private func states(_ style: UIUserInterfaceStyle) throws -> CGImage {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 180, height: 5 * 36 + 10))
        root.overrideUserInterfaceStyle = style
        root.backgroundColor = .systemBackground
        let values: [Float] = [0, 0.3, 1, 0.6, 0.5]
        for (index, value) in values.enumerated() {
            let slider = UISlider(frame: CGRect(x: 10, y: 8 + CGFloat(index) * 36, width: 160, height: 31))
            slider.value = value
            if index == 3 { slider.isEnabled = false }
            if index == 4 {
                slider.minimumTrackTintColor = .systemOrange
                slider.maximumTrackTintColor = .systemGray3
                slider.thumbTintColor = .systemYellow
            }
            root.addSubview(slider)
        }
        return try controlSnapshot(root)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func everyStateLooksRight(_ style: UIUserInterfaceStyle) throws {
        let message = ReferenceImage.mismatch(try states(style), suite: "UISliderTests", name: style == .dark ? "states-dark" : "states-light")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
