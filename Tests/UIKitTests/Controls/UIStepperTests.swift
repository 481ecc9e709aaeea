import LaminaTestSupport
import Testing
import UIKit

/// UIStepper: limits and steps, a press steps at once, holding repeats, wrapping, continuous
/// or final events, and its look in both appearances.
@MainActor
@Suite struct UIStepperTests {
    @Test func defaultsAndLimits() {
        let stepper = UIStepper(frame: CGRect(x: 5, y: 5, width: 300, height: 300))
        #expect(stepper.frame == CGRect(x: 5, y: 5, width: 94, height: 32))
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1)
        #expect(stepper.isContinuous && stepper.autorepeat && !stepper.wraps)
        stepper.value = 150
        #expect(stepper.value == 100)
        stepper.stepValue = 0
        #expect(stepper.stepValue == 1)
        stepper.minimumValue = 200
        #expect(stepper.minimumValue == 0)
        stepper.maximumValue = 50
        #expect(stepper.value == 50)
    }

    @Test func pressesStepAndHoldingRepeats() {
        withWindow { window, clock in
            let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
            window.addSubview(stepper)
            var values: [Double] = []
            stepper.addAction(UIAction { _ in values.append(stepper.value) }, for: .valueChanged)
            // + is the right half (x 57…104 in the window), − the left.
            window.tap(at: CGPoint(x: 80, y: 26))
            window.tap(at: CGPoint(x: 80, y: 26))
            #expect(values == [1, 2])
            window.tap(at: CGPoint(x: 30, y: 26))
            #expect(values == [1, 2, 1])
            // Held for a second: a step at once, one at 0.5 s, then one each 0.1 s.
            values.removeAll()
            window.longPress(at: CGPoint(x: 80, y: 26), duration: 1)
            #expect(values == [2, 3, 4, 5, 6, 7, 8])
            // At the bottom, − does nothing; with wrapping it goes round.
            stepper.value = 0
            values.removeAll()
            window.tap(at: CGPoint(x: 30, y: 26))
            #expect(values.isEmpty && stepper.value == 0)
            stepper.wraps = true
            window.tap(at: CGPoint(x: 30, y: 26))
            #expect(values == [100])
            // Not continuous: one event when the finger lifts (steps at 0, 0.5, 0.6 and 0.7 s).
            stepper.isContinuous = false
            stepper.wraps = false
            stepper.value = 10
            values.removeAll()
            window.longPress(at: CGPoint(x: 80, y: 26), duration: 0.75)
            #expect(values == [14])
            _ = clock
        }
    }

    private func states(_ style: UIUserInterfaceStyle) throws -> CGImage {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 3 * 104 + 10, height: 52))
        root.overrideUserInterfaceStyle = style
        root.backgroundColor = .systemBackground
        let values: [Double] = [0, 50, 100]
        for (index, value) in values.enumerated() {
            let stepper = UIStepper(frame: CGRect(x: 10 + CGFloat(index) * 104, y: 10, width: 0, height: 0))
            stepper.value = value
            if index == 1 { stepper.isEnabled = false }
            root.addSubview(stepper)
        }
        return try controlSnapshot(root)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func everyStateLooksRight(_ style: UIUserInterfaceStyle) throws {
        let message = ReferenceImage.mismatch(try states(style), suite: "UIStepperTests", name: style == .dark ? "states-dark" : "states-light")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
