import UIKit

/// A label that pulses when tapped (a framework's class the app uses).
open class PulseLabel: UILabel {
    @objc open func pulse(_ sender: Any?) {
        alpha = 0.5
    }
}
