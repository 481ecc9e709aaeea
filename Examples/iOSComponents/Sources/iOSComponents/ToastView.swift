import UIKit

/// A toast that fades in when shown and fades out after a while.
public final class ToastView: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.black.withAlphaComponent(0.8)
        layer.cornerRadius = frame.height / 2
        isAccessibilityElement = true
        accessibilityTraits = .staticText
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Adds a toast to `view` and fades it in; it fades out again after `duration`.
    @discardableResult
    public static func show(in view: UIView, frame: CGRect, duration: TimeInterval = 2,
                            completion: ((Bool) -> Void)? = nil) -> ToastView {
        let toast = ToastView(frame: frame)
        toast.alpha = 0
        view.addSubview(toast)
        UIAccessibility.post(notification: .announcement, argument: "Saved")
        UIView.animate(withDuration: 0.4, animations: {
            toast.alpha = 1
        }, completion: { _ in
            UIView.animate(withDuration: 0.4, delay: duration, options: [.curveEaseIn], animations: {
                toast.alpha = 0
            }, completion: { finished in
                toast.removeFromSuperview()
                completion?(finished)
            })
        })
        return toast
    }
}
