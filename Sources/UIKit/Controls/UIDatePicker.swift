import Foundation

/// How a date picker looks.
public enum UIDatePickerStyle: Int, Sendable {
    case automatic = 0
    case wheels = 1
    case compact = 2
    case inline = 3
}

/// A control for picking a date, a time, or both, in iOS 14's styles:
///
/// - **Compact** (`.automatic` resolves to it): the date ("Dec 6, 2026") and the time ("10:45 AM")
///   in rounded grey pills. Tapping the date pill opens a calendar card over the window
///   (`.editingDidBegin`); picking a day changes the date (`.valueChanged`); a tap outside
///   closes it (`.editingDidEnd`).
/// - **Inline**: the calendar in place — the month and year with the previous and next month
///   arrows, the weekdays, the days of the month (today in the tint, the chosen day on a tinted
///   circle, days outside `minimumDate`…`maximumDate` grey) — with a Time row under it in
///   `.dateAndTime` mode.
///
/// The time pill takes typing while it is first responder (a tap selects it): digits fill in the
/// hours and minutes ("1045" is 10:45), "a" and "p" choose the half of the day, the up and down
/// arrows step by `minuteInterval`, Return or a tap elsewhere ends. Dates chosen are kept within
/// `minimumDate`…`maximumDate` and times rounded to `minuteInterval`; only the user's changes
/// send `.valueChanged`.
///
/// - Note: Differs from Apple: `.wheels` shows the inline style and `.countDownTimer` a time pill
///   of hours and minutes; tapping the month title does not open month and year wheels; the
///   time is typed rather than picked on wheels.
@preconcurrency @MainActor
open class UIDatePicker: UIControl {
    /// What the picker picks.
    public enum Mode: Int, Sendable {
        case time = 0
        case date = 1
        case dateAndTime = 2
        case countDownTimer = 3
    }

    /// What the picker picks (`.dateAndTime`).
    open var datePickerMode = Mode.dateAndTime { didSet { rebuild() } }
    /// The locale for the texts (nil: the current locale).
    open var locale: Locale? { didSet { refresh() } }
    /// The calendar days are counted in (the current one by default).
    open var calendar: Calendar! {
        get { storedCalendar ?? Calendar.current }
        set {
            storedCalendar = newValue
            refresh()
        }
    }
    private var storedCalendar: Calendar?
    /// The time zone (nil: the calendar's).
    open var timeZone: TimeZone? { didSet { refresh() } }
    /// The date shown (now when the picker was made).
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }
    private var storedDate = Date()
    /// The earliest date that may be chosen.
    open var minimumDate: Date? { didSet { setDate(storedDate, animated: false) } }
    /// The latest date that may be chosen.
    open var maximumDate: Date? { didSet { setDate(storedDate, animated: false) } }
    /// The countdown in seconds, in `.countDownTimer` mode: from 0 up to 23 hours 59
    /// minutes (86,399 seconds); values outside are held to that range, NaN to 0.
    open var countDownDuration: TimeInterval {
        get { storedCountDownDuration }
        set {
            storedCountDownDuration = newValue.isNaN ? 0 : Swift.min(Swift.max(newValue, 0), 86_399)
            refresh()
        }
    }
    private var storedCountDownDuration: TimeInterval = 0
    /// The step of the minutes (1; a divisor of 60).
    open var minuteInterval = 1 {
        didSet {
            if minuteInterval < 1 || minuteInterval > 30 || 60 % minuteInterval != 0 { minuteInterval = 1 }
        }
    }
    /// Whether set dates round to `minuteInterval` (true).
    open var roundsToMinuteInterval = true
    /// The style asked for (`.automatic`).
    open var preferredDatePickerStyle = UIDatePickerStyle.automatic { didSet { rebuild() } }

    /// The style shown: `.automatic` is compact; `.wheels` shows inline.
    open var datePickerStyle: UIDatePickerStyle {
        switch preferredDatePickerStyle {
        case .automatic, .compact: return .compact
        case .wheels, .inline: return datePickerMode == .time || datePickerMode == .countDownTimer ? .compact : .inline
        }
    }

    private let datePill = DatePill()
    private let timePill = TimePill()
    private var calendarView: CalendarMonthView?
    private let timeLabel = UILabel()
    private let timeSeparator = UIView()
    private var popover: DatePopover?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        datePill.onTap = { [weak self] in self?.openCalendar() }
        timePill.picker = self
        rebuild()
    }

    /// A date picker from a storyboard or nib: its mode, style, date, limits, minute interval,
    /// locale and count-down duration come from the coder.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        datePill.onTap = { [weak self] in self?.openCalendar() }
        timePill.picker = self
        if let ib = coder as? IBCoder {
            switch ib.string("datePickerMode") {
            case "time": datePickerMode = .time
            case "date": datePickerMode = .date
            case "countDownTimer": datePickerMode = .countDownTimer
            default: break
            }
            switch ib.string("style") {
            case "wheels": preferredDatePickerStyle = .wheels
            case "compact": preferredDatePickerStyle = .compact
            case "inline": preferredDatePickerStyle = .inline
            default: break
            }
            if let interval = ib.int("minuteInterval") { minuteInterval = interval }
            if let duration = ib.number("countDownDuration") { countDownDuration = TimeInterval(duration) }
            func date(_ key: String) -> Date? {
                ib.element.child("date", key: key)?["timeIntervalSinceReferenceDate"].flatMap(Double.init)
                    .flatMap { $0.isFinite ? Date(timeIntervalSinceReferenceDate: $0) : nil }
            }
            if let identifier = ib.element.child("locale", key: "locale")?["localeIdentifier"] { locale = Locale(identifier: identifier) }
            minimumDate = date("minimumDate")
            maximumDate = date("maximumDate")
            if let value = date("date") { setDate(value, animated: false) }
        }
        rebuild()
    }

    /// Shows `date` (kept within the minimum and maximum), without sending `.valueChanged`.
    open func setDate(_ date: Date, animated: Bool) {
        var value = date
        if let minimumDate, value < minimumDate { value = minimumDate }
        if let maximumDate, value > maximumDate { value = maximumDate }
        storedDate = value
        calendarView?.month = monthStart(of: value)
        refresh()
    }

    /// A user's change: set, then `.valueChanged`.
    func userChose(_ date: Date) {
        let before = storedDate
        setDate(date, animated: true)
        if storedDate != before { sendActions(for: .valueChanged) }
    }

    // MARK: Calendar arithmetic

    var effectiveCalendar: Calendar {
        var calendar = self.calendar ?? Calendar.current
        if let timeZone { calendar.timeZone = timeZone }
        if let locale { calendar.locale = locale }
        return calendar
    }

    var effectiveLocale: Locale { locale ?? Locale.current }

    func monthStart(of date: Date) -> Date {
        let calendar = effectiveCalendar
        return calendar.date(from: calendar.dateComponents([.year, .month], from: date)) ?? date
    }

    /// `day` with the picker's time of day.
    func keepingTime(_ day: Date) -> Date {
        let calendar = effectiveCalendar
        let time = calendar.dateComponents([.hour, .minute, .second], from: storedDate)
        var parts = calendar.dateComponents([.year, .month, .day], from: day)
        parts.hour = time.hour
        parts.minute = time.minute
        parts.second = time.second
        return calendar.date(from: parts) ?? day
    }

    /// The picker's day at `hour`:`minute`.
    func settingTime(hour: Int, minute: Int) -> Date {
        let calendar = effectiveCalendar
        var parts = calendar.dateComponents([.year, .month, .day], from: storedDate)
        parts.hour = hour
        parts.minute = roundsToMinuteInterval ? minute / minuteInterval * minuteInterval : minute
        parts.second = 0
        return calendar.date(from: parts) ?? storedDate
    }

    func formatter(date: DateFormatter.Style, time: DateFormatter.Style) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = effectiveLocale
        formatter.calendar = effectiveCalendar
        formatter.timeZone = effectiveCalendar.timeZone
        formatter.dateStyle = date
        formatter.timeStyle = time
        return formatter
    }

    // MARK: Views

    private var showsDate: Bool { datePickerMode == .date || datePickerMode == .dateAndTime }
    private var showsTime: Bool { datePickerMode != .date }

    private func rebuild() {
        for view in subviews { view.removeFromSuperview() }
        calendarView = nil
        if datePickerStyle == .inline {
            let month = CalendarMonthView(picker: self)
            month.month = monthStart(of: storedDate)
            addSubview(month)
            calendarView = month
            if showsTime {
                timeLabel.text = "Time"
                timeLabel.font = .systemFont(ofSize: 17)
                timeLabel.textColor = .label
                timeSeparator.backgroundColor = .separator
                addSubview(timeSeparator)
                addSubview(timeLabel)
                addSubview(timePill)
            }
        } else {
            if showsDate { addSubview(datePill) }
            if showsTime { addSubview(timePill) }
        }
        refresh()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Puts the current values in the texts.
    func refresh() {
        datePill.text = formatter(date: .medium, time: .none).string(from: storedDate)
        if datePickerMode == .countDownTimer {
            let minutes = Int(countDownDuration) / 60
            timePill.text = String(format: "%d:%02d", minutes / 60, minutes % 60)
        } else {
            timePill.text = formatter(date: .none, time: .short).string(from: storedDate)
        }
        calendarView?.refresh()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    static let inlineWidth: CGFloat = 320
    static let timeRowHeight: CGFloat = 52

    open override var intrinsicContentSize: CGSize {
        if datePickerStyle == .inline {
            let height = CalendarMonthView.height + (showsTime ? UIDatePicker.timeRowHeight : 0)
            return CGSize(width: UIDatePicker.inlineWidth, height: height)
        }
        var width: CGFloat = 0
        if showsDate { width += datePill.fittingSize.width }
        if showsTime { width += (showsDate ? 6 : 0) + timePill.fittingSize.width }
        return CGSize(width: width, height: DatePill.height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        if let calendarView {
            calendarView.frame = CGRect(x: 0, y: 0, width: b.width, height: CalendarMonthView.height)
            if showsTime {
                let top = CalendarMonthView.height
                timeSeparator.frame = CGRect(x: 16, y: top, width: b.width - 16, height: 1 / Swift.max(traitCollection.displayScale, 1))
                timeLabel.frame = CGRect(x: 16, y: top, width: b.width / 2, height: UIDatePicker.timeRowHeight)
                let pill = timePill.fittingSize
                timePill.frame = CGRect(x: b.width - 16 - pill.width, y: top + (UIDatePicker.timeRowHeight - pill.height) / 2,
                                        width: pill.width, height: pill.height)
            }
            return
        }
        // Compact: the pills from the trailing edge, as iOS lines them up.
        var x = b.width
        if showsTime {
            let size = timePill.fittingSize
            x -= size.width
            timePill.frame = CGRect(x: x, y: (b.height - size.height) / 2, width: size.width, height: size.height)
            x -= 6
        }
        if showsDate {
            let size = datePill.fittingSize
            x -= size.width
            datePill.frame = CGRect(x: x, y: (b.height - size.height) / 2, width: size.width, height: size.height)
        }
    }

    // MARK: The compact calendar

    /// Opens the calendar card under the date pill.
    private func openCalendar() {
        guard popover == nil, let window else { return }
        let month = CalendarMonthView(picker: self)
        month.month = monthStart(of: storedDate)
        calendarView = month
        let card = DatePopover(content: month) { [weak self] in self?.closeCalendar() }
        let anchor = datePill.convert(datePill.bounds, to: nil)
        card.show(in: window, below: anchor)
        popover = card
        datePill.isEditing = true
        sendActions(for: .editingDidBegin)
    }

    private func closeCalendar() {
        guard let popover else { return }
        popover.close()
        self.popover = nil
        calendarView = nil
        datePill.isEditing = false
        sendActions(for: .editingDidEnd)
    }

    /// Whether the compact calendar is open (for tests).
    var isCalendarOpen: Bool { popover != nil }
}

// MARK: - Pills

/// A rounded grey pill with a value: the date or the time of a date picker.
@MainActor
class DatePill: UIView {
    static let height: CGFloat = 34
    let label = UILabel()
    var onTap: (() -> Void)?
    var text: String? {
        get { label.text }
        set { label.text = newValue; setNeedsLayout() }
    }
    /// Shows the value in the tint while the pill is being edited.
    var isEditing = false { didSet { label.textColor = isEditing ? tintColor : .label } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = 6
        label.font = .systemFont(ofSize: 17)
        label.textColor = .label
        label.textAlignment = .center
        addSubview(label)
        isAccessibilityElement = true
        accessibilityTraits = .button
    }

    required init?(coder: NSCoder) { nil }

    override var accessibilityLabel: String? {
        get { label.text }
        set {}
    }

    var fittingSize: CGSize {
        CGSize(width: (label.intrinsicContentSize.width + 24).rounded(.up), height: DatePill.height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        if isEditing { label.textColor = tintColor }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        tapped()
    }

    func tapped() { onTap?() }
}

/// The time pill: first responder while typed in.
@MainActor
final class TimePill: DatePill {
    weak var picker: UIDatePicker?
    private var digits = ""

    override var canBecomeFirstResponder: Bool { true }

    override func tapped() {
        if isFirstResponder { _ = resignFirstResponder() } else { _ = becomeFirstResponder() }
    }

    override func becomeFirstResponder() -> Bool {
        guard super.becomeFirstResponder() else { return false }
        digits = ""
        isEditing = true
        picker?.sendActions(for: .editingDidBegin)
        return true
    }

    override func resignFirstResponder() -> Bool {
        guard super.resignFirstResponder() else { return false }
        isEditing = false
        picker?.sendActions(for: .editingDidEnd)
        return true
    }

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var unhandled: Set<UIPress> = []
        for press in presses {
            guard isFirstResponder, let key = press.key, handle(key) else {
                unhandled.insert(press)
                continue
            }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    private func handle(_ key: UIKey) -> Bool {
        guard let picker else { return false }
        let calendar = picker.effectiveCalendar
        let now = calendar.dateComponents([.hour, .minute], from: picker.date)
        let hour = now.hour ?? 0, minute = now.minute ?? 0
        let characters = key.charactersIgnoringModifiers.lowercased()
        let code = key.keyCode.rawValue
        if characters == UIKeyCommand.inputUpArrow.lowercased() || code == 0x52 || characters == UIKeyCommand.inputDownArrow.lowercased() || code == 0x51 {
            let up = characters == UIKeyCommand.inputUpArrow.lowercased() || code == 0x52
            let total = (hour * 60 + minute + (up ? picker.minuteInterval : -picker.minuteInterval) + 24 * 60) % (24 * 60)
            picker.userChose(picker.settingTime(hour: total / 60, minute: total % 60))
            return true
        }
        if characters == "\r" || characters == "\n" || code == 0x28 || code == 0x58 || characters == "\u{1b}" {
            _ = resignFirstResponder()
            return true
        }
        if characters == "a" || characters == "p" {
            let pm = characters == "p"
            let next = pm ? (hour < 12 ? hour + 12 : hour) : (hour >= 12 ? hour - 12 : hour)
            picker.userChose(picker.settingTime(hour: next, minute: minute))
            return true
        }
        if characters == "\u{8}" || code == 0x2A {
            digits = String(digits.dropLast())
            return true
        }
        guard characters.count == 1, let digit = characters.first, digit.isASCII, digit.isNumber else { return false }
        digits = String((digits + String(digit)).suffix(4))
        // "9" is 9:00, "930" 9:30, "1045" 10:45; the half of the day stays as it was.
        let value = Int(digits) ?? 0
        var typedHour = digits.count <= 2 ? value : value / 100
        let typedMinute = digits.count <= 2 ? 0 : value % 100
        guard typedMinute < 60, typedHour <= 23 else { return true }
        if typedHour <= 12 && hour >= 12 && typedHour != 12 && !usesTwentyFourHours(picker) { typedHour += 12 }
        if typedHour == 12 && hour < 12 && !usesTwentyFourHours(picker) { typedHour = 0 }
        picker.userChose(picker.settingTime(hour: typedHour, minute: typedMinute))
        return true
    }

    private func usesTwentyFourHours(_ picker: UIDatePicker) -> Bool {
        let format = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: picker.effectiveLocale) ?? "h"
        return !format.contains("a")
    }
}

// MARK: - The month

/// A month of days: the title with arrows, the weekdays, and the days in a grid.
@MainActor
final class CalendarMonthView: UIView {
    static let headerHeight: CGFloat = 44
    static let weekdayHeight: CGFloat = 20
    static let rowHeight: CGFloat = 44
    static let height: CGFloat = headerHeight + weekdayHeight + 6 * rowHeight + 8

    private weak var picker: UIDatePicker?
    private let title = UILabel()
    private let titleChevron = UIImageView(image: UIImage(systemName: "chevron.right"))
    private let previousArrow = CalendarArrow(symbol: "chevron.left")
    private let nextArrow = CalendarArrow(symbol: "chevron.right")
    private var weekdays: [UILabel] = []
    private var days: [CalendarDay] = []

    /// The first moment of the month shown.
    var month = Date() { didSet { refresh() } }

    init(picker: UIDatePicker) {
        self.picker = picker
        super.init(frame: .zero)
        title.font = .systemFont(ofSize: 17, weight: .semibold)
        title.textColor = .label
        addSubview(title)
        titleChevron.contentMode = .scaleAspectFit
        addSubview(titleChevron)
        previousArrow.onTap = { [weak self] in self?.step(-1) }
        nextArrow.onTap = { [weak self] in self?.step(1) }
        addSubview(previousArrow)
        addSubview(nextArrow)
        for _ in 0..<7 {
            let label = UILabel()
            label.font = .systemFont(ofSize: 13, weight: .semibold)
            label.textColor = .tertiaryLabel
            label.textAlignment = .center
            weekdays.append(label)
            addSubview(label)
        }
        for _ in 0..<42 {
            let day = CalendarDay()
            day.onTap = { [weak self, weak day] in
                guard let self, let date = day?.date else { return }
                self.picker?.userChose(self.picker?.keepingTime(date) ?? date)
            }
            days.append(day)
            addSubview(day)
        }
    }

    required init?(coder: NSCoder) { nil }

    private func step(_ months: Int) {
        guard let picker else { return }
        month = picker.effectiveCalendar.date(byAdding: .month, value: months, to: month) ?? month
    }

    func refresh() {
        guard let picker else { return }
        let calendar = picker.effectiveCalendar
        let header = DateFormatter()
        header.locale = picker.effectiveLocale
        header.calendar = calendar
        header.timeZone = calendar.timeZone
        header.setLocalizedDateFormatFromTemplate("MMMMy")
        title.text = header.string(from: month)
        let symbols = header.shortWeekdaySymbols ?? []
        for (i, label) in weekdays.enumerated() where !symbols.isEmpty {
            label.text = symbols[(i + calendar.firstWeekday - 1) % 7].uppercased()
        }
        let weekday = calendar.component(.weekday, from: month)
        let lead = (weekday - calendar.firstWeekday + 7) % 7
        let count = calendar.range(of: .day, in: .month, for: month)?.count ?? 30
        let today = calendar.startOfDay(for: Date())
        let chosen = calendar.startOfDay(for: picker.date)
        let lowest = picker.minimumDate.map { calendar.startOfDay(for: $0) }
        let highest = picker.maximumDate.map { calendar.startOfDay(for: $0) }
        for (i, day) in days.enumerated() {
            let number = i - lead + 1
            guard number >= 1, number <= count, let date = calendar.date(byAdding: .day, value: number - 1, to: month) else {
                day.date = nil
                continue
            }
            let start = calendar.startOfDay(for: date)
            let enabled = (lowest.map { start >= $0 } ?? true) && (highest.map { start <= $0 } ?? true)
            day.configure(date: date, number: number, isToday: start == today, isSelected: start == chosen, isEnabled: enabled)
        }
        let rows = (lead + count + 6) / 7
        previousArrow.isEnabled = lowest.map { $0 < month } ?? true
        let nextMonth = calendar.date(byAdding: .month, value: 1, to: month) ?? month
        nextArrow.isEnabled = highest.map { $0 >= nextMonth } ?? true
        self.rows = rows
        setNeedsLayout()
    }

    private var rows = 6

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let titleSize = title.intrinsicContentSize
        title.frame = CGRect(x: 16, y: 0, width: titleSize.width.rounded(.up), height: CalendarMonthView.headerHeight)
        titleChevron.frame = CGRect(x: title.frame.maxX + 4, y: (CalendarMonthView.headerHeight - 14) / 2, width: 10, height: 14)
        nextArrow.frame = CGRect(x: b.width - 8 - 36, y: 4, width: 36, height: 36)
        previousArrow.frame = CGRect(x: nextArrow.frame.minX - 12 - 36, y: 4, width: 36, height: 36)
        let column = (b.width - 16) / 7
        for (i, label) in weekdays.enumerated() {
            label.frame = CGRect(x: 8 + CGFloat(i) * column, y: CalendarMonthView.headerHeight, width: column, height: CalendarMonthView.weekdayHeight)
        }
        let top = CalendarMonthView.headerHeight + CalendarMonthView.weekdayHeight + 4
        for (i, day) in days.enumerated() {
            day.frame = CGRect(x: 8 + CGFloat(i % 7) * column, y: top + CGFloat(i / 7) * CalendarMonthView.rowHeight,
                               width: column, height: CalendarMonthView.rowHeight)
            day.isHidden = day.date == nil || i / 7 >= rows
        }
    }
}

/// A month arrow in the tint.
@MainActor
final class CalendarArrow: UIView {
    private let image: UIImageView
    var onTap: (() -> Void)?
    var isEnabled = true { didSet { image.tintColor = isEnabled ? nil : .tertiaryLabel } }

    init(symbol: String) {
        image = UIImageView(image: UIImage(systemName: symbol, withConfiguration: UIImage.SymbolConfiguration(pointSize: 20, weight: .semibold)))
        super.init(frame: .zero)
        image.contentMode = .center
        addSubview(image)
        isAccessibilityElement = true
        accessibilityTraits = .button
        accessibilityLabel = symbol == "chevron.left" ? "Previous Month" : "Next Month"
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        image.frame = bounds
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        onTap?()
    }
}

/// A day of the month: its number, in the tint for today, on a tinted circle when chosen.
@MainActor
final class CalendarDay: UIView {
    private let label = UILabel()
    private let circle = UIView()
    var date: Date?
    private var isEnabled = true
    private var isToday = false
    private var isSelected = false
    var onTap: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        circle.isUserInteractionEnabled = false
        addSubview(circle)
        label.textAlignment = .center
        addSubview(label)
        isAccessibilityElement = true
    }

    required init?(coder: NSCoder) { nil }

    func configure(date: Date, number: Int, isToday: Bool, isSelected: Bool, isEnabled: Bool) {
        self.date = date
        self.isToday = isToday
        self.isSelected = isSelected
        self.isEnabled = isEnabled
        label.text = "\(number)"
        accessibilityLabel = "\(number)"
        accessibilityTraits = isSelected ? [.button, .selected] : (isEnabled ? .button : [.button, .notEnabled])
        updateColors()
    }

    override var isHidden: Bool {
        didSet { if date == nil && !isHidden { isHidden = true } }
    }

    private func updateColors() {
        let tint = tintColor ?? .systemBlue
        label.font = .systemFont(ofSize: isSelected ? 24 : 20, weight: isSelected || isToday ? .semibold : .regular)
        if isSelected && isToday {
            label.textColor = .white
            circle.backgroundColor = tint
        } else if isSelected {
            label.textColor = tint
            circle.backgroundColor = tint.withAlphaComponent(0.12)
        } else {
            label.textColor = !isEnabled ? .tertiaryLabel : (isToday ? tint : .label)
            circle.backgroundColor = nil
        }
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let side = Swift.min(bounds.width, bounds.height) - 2
        circle.frame = CGRect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side)
        circle.layer.cornerRadius = side / 2
        label.frame = bounds
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, date != nil, let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        onTap?()
    }
}

// MARK: - The compact picker's card

/// A card with a calendar over the window; a tap outside closes it.
@MainActor
final class DatePopover: UIView {
    private let card = UIView()
    private let shadow = UIView()
    private let content: UIView
    private let onClose: () -> Void

    init(content: UIView, onClose: @escaping () -> Void) {
        self.content = content
        self.onClose = onClose
        super.init(frame: .zero)
        shadow.layer.shadowColor = UIColor.black.cgColor
        shadow.layer.shadowOpacity = 0.18
        shadow.layer.shadowRadius = 20
        shadow.layer.shadowOffset = CGSize(width: 0, height: 6)
        card.backgroundColor = .secondarySystemGroupedBackground
        card.layer.cornerRadius = 13
        card.clipsToBounds = true
        card.addSubview(content)
        shadow.addSubview(card)
        addSubview(shadow)
    }

    required init?(coder: NSCoder) { nil }

    func show(in window: UIWindow, below anchor: CGRect) {
        frame = window.bounds
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let size = CGSize(width: Swift.min(UIDatePicker.inlineWidth, window.bounds.width - 16), height: CalendarMonthView.height)
        var origin = CGPoint(x: anchor.maxX - size.width, y: anchor.maxY + 8)
        if origin.y + size.height > window.bounds.maxY - 8 { origin.y = anchor.minY - 8 - size.height }
        origin.x = Swift.min(Swift.max(8, origin.x), window.bounds.maxX - 8 - size.width)
        origin.y = Swift.min(Swift.max(8, origin.y), window.bounds.maxY - 8 - size.height)
        shadow.frame = CGRect(origin: origin, size: size)
        card.frame = shadow.bounds
        content.frame = card.bounds
        shadow.layer.shadowPath = CGPath(roundedRect: shadow.bounds, cornerWidth: 13, cornerHeight: 13, transform: nil)
        window.addSubview(self)
        layoutIfNeeded()
    }

    func close() { removeFromSuperview() }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, !shadow.frame.contains(touch.location(in: self)) else { return }
        onClose()
    }
}
