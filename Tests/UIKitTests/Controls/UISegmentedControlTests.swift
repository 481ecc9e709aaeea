import LaminaTestSupport
import Testing
import UIKit

/// UISegmentedControl: segments from items, selection by touch with iOS's events, momentary
/// taps, editing segments, widths, and its look in both appearances.
@MainActor
@Suite struct UISegmentedControlTests {
    @Test func itemsBecomeSegments() {
        let control = UISegmentedControl(items: ["Day", "Week", "Month"])
        #expect(control.numberOfSegments == 3)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && UISegmentedControl.noSegment == -1)
        #expect(control.titleForSegment(at: 1) == "Week")
        #expect(control.intrinsicContentSize.height == 32)
        #expect(control.bounds.size == control.intrinsicContentSize)
        control.selectedSegmentIndex = 2
        #expect(control.selectedSegmentIndex == 2)
        control.selectedSegmentIndex = 7
        #expect(control.selectedSegmentIndex == 2)
        control.insertSegment(withTitle: "Year", at: 0, animated: false)
        #expect(control.numberOfSegments == 4 && control.selectedSegmentIndex == 3 && control.titleForSegment(at: 0) == "Year")
        control.removeSegment(at: 3, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.setEnabled(false, forSegmentAt: 1)
        #expect(!control.isEnabledForSegment(at: 1) && control.isEnabledForSegment(at: 0))
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0)
    }

    @Test func aTouchSelectsTheSegmentItLiftsOn() {
        withWindow { window, clock in
            let control = UISegmentedControl(items: ["One", "Two", "Three"])
            control.frame = CGRect(x: 10, y: 10, width: 180, height: 32)
            window.addSubview(control)
            control.layoutIfNeeded()
            var events: [String] = []
            control.addAction(UIAction { _ in events.append("touchDown") }, for: .touchDown)
            control.addAction(UIAction { _ in events.append("valueChanged \(control.selectedSegmentIndex)") }, for: .valueChanged)
            control.addAction(UIAction { _ in events.append("touchUpInside") }, for: .touchUpInside)
            // Three 60-point segments: the second spans x 70…130 in the window.
            window.tap(at: CGPoint(x: 100, y: 26))
            #expect(control.selectedSegmentIndex == 1)
            #expect(events == ["touchDown", "valueChanged 1", "touchUpInside"])
            // Tapping the selected segment again changes nothing.
            events.removeAll()
            window.tap(at: CGPoint(x: 100, y: 26))
            #expect(events == ["touchDown", "touchUpInside"])
            // Pressed on one segment, lifted on another: the one lifted on.
            events.removeAll()
            window.drag(from: CGPoint(x: 40, y: 26), to: CGPoint(x: 160, y: 26), duration: 0.2, steps: 4)
            #expect(control.selectedSegmentIndex == 2)
            // A disabled segment is not selected.
            control.setEnabled(false, forSegmentAt: 0)
            window.tap(at: CGPoint(x: 40, y: 26))
            #expect(control.selectedSegmentIndex == 2)
            // Momentary: every tap says so, nothing stays selected.
            control.isMomentary = true
            events.removeAll()
            window.tap(at: CGPoint(x: 160, y: 26))
            window.tap(at: CGPoint(x: 160, y: 26))
            #expect(events.filter { $0.hasPrefix("valueChanged") } == ["valueChanged 2", "valueChanged 2"])
            #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
            _ = clock
        }
    }

    @Test func actionsRunWhenTheirSegmentIsChosen() {
        withWindow { window, _ in
            var chosen: [String] = []
            let control = UISegmentedControl(frame: CGRect(x: 10, y: 10, width: 180, height: 32), actions: [
                UIAction(title: "List") { _ in chosen.append("list") },
                UIAction(title: "Grid") { _ in chosen.append("grid") },
            ])
            window.addSubview(control)
            control.layoutIfNeeded()
            #expect(control.titleForSegment(at: 1) == "Grid")
            window.tap(at: CGPoint(x: 150, y: 26))
            #expect(chosen == ["grid"] && control.selectedSegmentIndex == 1)
        }
    }

    @Test func fixedWidthsAndContentWidths() {
        let control = UISegmentedControl(items: ["A", "Much longer", "B"])
        control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
        control.setWidth(60, forSegmentAt: 0)
        #expect(control.widthForSegment(at: 0) == 60 && control.widthForSegment(at: 1) == 0)
        control.apportionsSegmentWidthsByContent = true
        // Content widths grow with the titles.
        let natural = control.intrinsicContentSize.width
        control.setTitle("M", forSegmentAt: 1)
        #expect(control.intrinsicContentSize.width < natural)
    }

    private func states(_ style: UIUserInterfaceStyle) throws -> CGImage {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 260, height: 3 * 42 + 10))
        root.overrideUserInterfaceStyle = style
        root.backgroundColor = .systemBackground
        let plain = UISegmentedControl(items: ["Day", "Week", "Month"])
        plain.selectedSegmentIndex = 1
        let none = UISegmentedControl(items: ["First", "Second"])
        let tinted = UISegmentedControl(items: ["On", "Off", "Auto"])
        tinted.selectedSegmentIndex = 0
        tinted.selectedSegmentTintColor = .systemBlue
        tinted.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
        tinted.setEnabled(false, forSegmentAt: 2)
        for (index, control) in [plain, none, tinted].enumerated() {
            control.frame = CGRect(x: 10, y: 10 + CGFloat(index) * 42, width: 240, height: 32)
            root.addSubview(control)
        }
        return try controlSnapshot(root)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func everyStateLooksRight(_ style: UIUserInterfaceStyle) throws {
        let message = ReferenceImage.mismatch(try states(style), suite: "UISegmentedControlTests", name: style == .dark ? "states-dark" : "states-light")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
