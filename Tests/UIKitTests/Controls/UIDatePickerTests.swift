import Foundation
import LaminaTestSupport
import Testing
import UIKit

/// UIDatePicker: its defaults, the compact and inline styles, picking days and typing times,
/// the control events, and its look.
@MainActor
@Suite struct UIDatePickerTests {
    /// 10:45 on 18 March 2021 in UTC (a Thursday), far from any day the tests run on.
    static let morning = Date(timeIntervalSince1970: 1_616_064_300)
    static let utc = TimeZone(identifier: "UTC")!

    private func makePicker(_ style: UIDatePickerStyle, mode: UIDatePicker.Mode = .dateAndTime) -> UIDatePicker {
        let picker = UIDatePicker()
        picker.locale = Locale(identifier: "en_US")
        picker.timeZone = UIDatePickerTests.utc
        picker.datePickerMode = mode
        picker.preferredDatePickerStyle = style
        picker.date = UIDatePickerTests.morning
        return picker
    }

    private func withWindow(_ picker: UIDatePicker, at origin: CGPoint = CGPoint(x: 20, y: 40),
                            _ body: (UIWindow) throws -> Void) rethrows {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        let root = UIView(frame: window.bounds)
        root.backgroundColor = .systemBackground
        window.addSubview(root)
        picker.frame = CGRect(origin: origin, size: picker.intrinsicContentSize)
        root.addSubview(picker)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        try body(window)
        window.isHidden = true
    }

    private func utcComponents(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = UIDatePickerTests.utc
        return calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    }

    private func element(_ label: String, in view: UIView) -> UIView? {
        if view.isAccessibilityElement, view.accessibilityLabel == label, !view.isHidden { return view }
        for subview in view.subviews where !subview.isHidden {
            if let found = element(label, in: subview) { return found }
        }
        return nil
    }

    private func center(of view: UIView) -> CGPoint {
        view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    }

    @Test func defaults() {
        let picker = UIDatePicker()
        #expect(picker.datePickerMode == .dateAndTime && picker.preferredDatePickerStyle == .automatic)
        #expect(picker.datePickerStyle == .compact)
        #expect(picker.minuteInterval == 1 && picker.minimumDate == nil && picker.maximumDate == nil)
        #expect(picker.countDownDuration == 0 && picker.roundsToMinuteInterval)
        #expect(abs(picker.date.timeIntervalSinceNow) < 60)
        #expect(UIDatePicker.Mode.time.rawValue == 0 && UIDatePicker.Mode.countDownTimer.rawValue == 3)
        #expect(UIDatePickerStyle.wheels.rawValue == 1 && UIDatePickerStyle.inline.rawValue == 3)
        // A minute interval that does not divide an hour falls back to 1.
        picker.minuteInterval = 7
        #expect(picker.minuteInterval == 1)
        picker.minuteInterval = 15
        #expect(picker.minuteInterval == 15)
    }

    @Test func datesStayWithinTheMinimumAndMaximum() {
        let picker = makePicker(.inline)
        picker.minimumDate = UIDatePickerTests.morning
        picker.maximumDate = UIDatePickerTests.morning.addingTimeInterval(86_400 * 3)
        picker.date = UIDatePickerTests.morning.addingTimeInterval(-3600)
        #expect(picker.date == UIDatePickerTests.morning)
        picker.setDate(UIDatePickerTests.morning.addingTimeInterval(86_400 * 30), animated: true)
        #expect(picker.date == UIDatePickerTests.morning.addingTimeInterval(86_400 * 3))
    }

    @Test func theCompactPillsShowTheDateAndTime() throws {
        let picker = makePicker(.compact)
        try withWindow(picker) { _ in
            #expect(element("Mar 18, 2021", in: picker) != nil)
            #expect(element("10:45\u{202F}AM", in: picker) != nil)
            #expect(picker.intrinsicContentSize.height == 34)
        }
    }

    @Test func tappingADayInlineChoosesItAndKeepsTheTime() throws {
        let picker = makePicker(.inline)
        var events: [String] = []
        picker.addAction(UIAction { _ in events.append("valueChanged") }, for: .valueChanged)
        try withWindow(picker) { window in
            #expect(picker.intrinsicContentSize == CGSize(width: 320, height: 388))
            #expect(element("March 2021", in: picker) == nil)  // the title is a label, not a button
            let day = try #require(element("25", in: picker))
            window.tap(at: center(of: day))
            #expect(events == ["valueChanged"])
            let parts = utcComponents(picker.date)
            #expect(parts.year == 2021 && parts.month == 3 && parts.day == 25 && parts.hour == 10 && parts.minute == 45)
            // Setting the date in code sends nothing.
            picker.date = UIDatePickerTests.morning
            #expect(events == ["valueChanged"])
            // The next month's arrow shows April: 1 April 2021 was a Thursday.
            window.tap(at: center(of: try #require(element("Next Month", in: picker))))
            window.layoutIfNeeded()
            let first = try #require(element("1", in: picker))
            let thursday = picker.convert(first.frame, from: first.superview).minX
            #expect(abs(thursday - (8 + 4 * (320 - 16) / 7)) < 1e-9)
        }
    }

    @Test func daysOutsideTheRangeCannotBeChosen() throws {
        let picker = makePicker(.inline, mode: .date)
        picker.minimumDate = UIDatePickerTests.morning
        var changed = 0
        picker.addAction(UIAction { _ in changed += 1 }, for: .valueChanged)
        try withWindow(picker) { window in
            window.tap(at: center(of: try #require(element("10", in: picker))))
            #expect(changed == 0 && utcComponents(picker.date).day == 18)
            #expect(element("10", in: picker)?.accessibilityTraits.contains(.notEnabled) == true)
        }
    }

    @Test func theCompactDatePillOpensACalendarCard() throws {
        let picker = makePicker(.compact, mode: .date)
        var events: [String] = []
        for (event, name) in [(UIControl.Event.editingDidBegin, "editingDidBegin"), (.valueChanged, "valueChanged"), (.editingDidEnd, "editingDidEnd")] {
            picker.addAction(UIAction { _ in events.append(name) }, for: event)
        }
        try withWindow(picker) { window in
            window.tap(at: center(of: picker))
            #expect(events == ["editingDidBegin"])
            let day = try #require(element("20", in: window))
            #expect(!day.isDescendant(of: picker))
            window.tap(at: center(of: day))
            #expect(events == ["editingDidBegin", "valueChanged"] && utcComponents(picker.date).day == 20)
            #expect(element("Mar 20, 2021", in: picker) != nil)
            window.tap(at: CGPoint(x: 200, y: 580))
            #expect(events == ["editingDidBegin", "valueChanged", "editingDidEnd"])
            #expect(element("20", in: window) == nil)
        }
    }

    @Test func theTimeTakesTyping() throws {
        let picker = makePicker(.compact, mode: .time)
        picker.minuteInterval = 5
        var changes = 0
        picker.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        try withWindow(picker) { window in
            window.tap(at: center(of: picker))
            for key in ["9", "3", "2"] { window.typeText(key) }
            // "932" is 9:32, rounded down to the 5-minute step; the morning stays morning.
            var parts = utcComponents(picker.date)
            #expect(parts.hour == 9 && parts.minute == 30)
            window.typeText("p")
            parts = utcComponents(picker.date)
            #expect(parts.hour == 21 && parts.minute == 30)
            window.pressKey(UIKeyCommand.inputUpArrow)
            parts = utcComponents(picker.date)
            #expect(parts.hour == 21 && parts.minute == 35)
            #expect(element("9:35\u{202F}PM", in: picker) != nil)
            // "93" (9:03, rounded to 9:00) changed nothing: four changes in all.
            #expect(changes == 4)
            window.pressKey("\r")
            window.typeText("1")
            #expect(utcComponents(picker.date).hour == 21)
        }
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func datePickersLookRight(_ style: UIUserInterfaceStyle) throws {
        let inline = makePicker(.inline)
        let compact = makePicker(.compact)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 360, height: 460))
        window.overrideUserInterfaceStyle = style
        let root = UIView(frame: window.bounds)
        root.backgroundColor = .systemBackground
        window.addSubview(root)
        compact.frame = CGRect(origin: CGPoint(x: 340 - compact.intrinsicContentSize.width, y: 12), size: compact.intrinsicContentSize)
        inline.frame = CGRect(origin: CGPoint(x: 20, y: 60), size: inline.intrinsicContentSize)
        root.addSubview(compact)
        root.addSubview(inline)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let image = try controlSnapshot(window)
        let message = ReferenceImage.mismatch(image, suite: "UIDatePickerTests", name: "date-pickers-\(style == .dark ? "dark" : "light")")
        #expect(message == nil, Comment(rawValue: message ?? ""))
        window.isHidden = true
    }
}
