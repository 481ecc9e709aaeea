import Foundation

/// How UIKit's own views change the sublayers they draw with: at once (no implicit
/// animations), or, when asked, eased over a short duration.
enum LayerTransaction {
    /// Runs `changes` with implicit layer actions disabled.
    @inline(__always)
    static func immediate(_ changes: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        changes()
        CATransaction.commit()
    }

    /// Runs `changes` eased in and out over `duration` when `animated`, else at once.
    static func run(animated: Bool, duration: TimeInterval = 0.25, _ changes: () -> Void) {
        guard animated else { return immediate(changes) }
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        changes()
        CATransaction.commit()
    }
}

extension CALayer {
    /// The raised look of the controls' thumbs (switch, slider, segmented control): a soft
    /// shadow below and a faint outline.
    func styleAsThumb(shadowOpacity: Float) {
        shadowColor = CGColor(gray: 0, alpha: 1)
        self.shadowOpacity = shadowOpacity
        shadowOffset = CGSize(width: 0, height: 3)
        shadowRadius = 4
        borderWidth = 0.5
        borderColor = CGColor(gray: 0, alpha: 0.04)
    }
}
