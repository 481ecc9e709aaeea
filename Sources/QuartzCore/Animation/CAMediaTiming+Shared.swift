/// What layers and animations share as `CAMediaTiming` objects: the timing model their
/// properties describe, copying those properties, and their key-value coding.
extension CAMediaTiming where Self: AnyObject {
    /// The timing properties as the model that does the arithmetic.
    var timingModel: MediaTimingModel {
        MediaTimingModel(beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
                         repeatCount: repeatCount, repeatDuration: repeatDuration,
                         autoreverses: autoreverses, fillMode: fillMode)
    }

    /// Takes every timing property from `other`.
    func copyTiming(from other: some CAMediaTiming) {
        var target = self
        target.beginTime = other.beginTime
        target.duration = other.duration
        target.speed = other.speed
        target.timeOffset = other.timeOffset
        target.repeatCount = other.repeatCount
        target.repeatDuration = other.repeatDuration
        target.autoreverses = other.autoreverses
        target.fillMode = other.fillMode
    }

    /// The value of the timing property `key` names, or nil when it names none.
    func timingValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode.rawValue
        default: return nil
        }
    }

    /// Sets the timing property `key` names (numbers of any type are converted); false when
    /// `key` names none. Values of the wrong type leave the property alone.
    func setTimingValue(_ value: Any?, forKey key: String) -> Bool {
        var target = self
        switch key {
        case "beginTime": if let v = AnimationNumber.double(value) { target.beginTime = v }
        case "duration": if let v = AnimationNumber.double(value) { target.duration = v }
        case "speed": if let v = AnimationNumber.double(value) { target.speed = Float(v) }
        case "timeOffset": if let v = AnimationNumber.double(value) { target.timeOffset = v }
        case "repeatCount": if let v = AnimationNumber.double(value) { target.repeatCount = Float(v) }
        case "repeatDuration": if let v = AnimationNumber.double(value) { target.repeatDuration = v }
        case "autoreverses": if let v = AnimationNumber.bool(value) { target.autoreverses = v }
        case "fillMode": if let v = value as? String { target.fillMode = CAMediaTimingFillMode(rawValue: v) }
        default: return false
        }
        return true
    }
}
