import CoreGraphics
import Foundation
import QuartzCore
import UIKit

/// Shows a view or view controller as a test on the simulator does before its snapshot: in a
/// window of the device's size with its safe area, under a parent controller that gives it
/// the device's traits, laid out, its appearance callbacks run; then draws the model layer tree
/// (animations settled at their end values) at the device's scale, and takes it all down
/// again, putting a view back where it was.
@MainActor
enum SnapshotHost {
    static func image(of view: UIView, config: ViewImageConfig, traits: UITraitCollection,
                      drawHierarchyInKeyWindow: Bool) -> UIImage {
        PinnedFonts.pin()
        let size = config.size ?? view.frame.size
        if let refusal = refusal(for: size) { return refusal }
        return lending(view, at: size) { host in
            show(host, size: size, safeArea: config.safeArea, traits: merged(config.traits, traits),
                 drawHierarchyInKeyWindow: drawHierarchyInKeyWindow, drawing: view)
        }
    }

    /// Runs `body` with `view` at `size` in a new controller's view, then puts the view back
    /// into its superview, at its index and frame.
    static func lending<Result>(_ view: UIView, at size: CGSize, _ body: (UIViewController) -> Result) -> Result {
        let home = view.superview.map { ($0, $0.subviews.firstIndex(of: view) ?? 0) }
        let frame = view.frame
        let host = UIViewController()
        host.view.frame = CGRect(origin: .zero, size: size)
        view.frame = CGRect(origin: .zero, size: size)
        host.view.addSubview(view)
        defer {
            view.removeFromSuperview()
            view.frame = frame
            if let (superview, index) = home { superview.insertSubview(view, at: min(index, superview.subviews.count)) }
        }
        return body(host)
    }

    static func image(of controller: UIViewController, config: ViewImageConfig, traits: UITraitCollection,
                      drawHierarchyInKeyWindow: Bool) -> UIImage {
        PinnedFonts.pin()
        let size = config.size ?? controller.view.frame.size
        if let refusal = refusal(for: size) { return refusal }
        return show(controller, size: size, safeArea: config.safeArea, traits: merged(config.traits, traits),
                    drawHierarchyInKeyWindow: drawHierarchyInKeyWindow, drawing: controller.view)
    }

    /// Runs `body` with `controller` shown as for an image, for the text strategies.
    static func withShown<Result>(_ controller: UIViewController, config: ViewImageConfig, traits: UITraitCollection,
                                  _ body: () -> Result) -> Result {
        PinnedFonts.pin()
        let size = config.size ?? controller.view.frame.size
        var result: Result?
        present(controller, size: size, safeArea: config.safeArea, traits: merged(config.traits, traits)) { _ in result = body() }
        return result!
    }

    /// An image standing for a snapshot of a size nothing can be drawn at.
    static func refusal(for size: CGSize) -> UIImage? {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            return UnreadableImage(reason: """
            View not renderable to image at size \(describe(size)): give the view a size (its frame, or the \
            strategy's "size:" or "on:" argument) before the snapshot.
            """)
        }
        guard size.width * size.height <= 16_384 * 16_384 else {
            return UnreadableImage(reason: "View of size \(describe(size)) is too large to snapshot (more than 16384 × 16384 points).")
        }
        return nil
    }

    /// A size as Apple's platforms print one: `(320.0, 568.0)`.
    static func describe(_ size: CGSize) -> String {
        "(\(Double(size.width)), \(Double(size.height)))"
    }

    private static func merged(_ config: UITraitCollection, _ traits: UITraitCollection) -> UITraitCollection {
        UITraitCollection(traitsFrom: [config, traits])
    }

    private static func show(_ controller: UIViewController, size: CGSize, safeArea: UIEdgeInsets, traits: UITraitCollection,
                             drawHierarchyInKeyWindow: Bool, drawing view: UIView) -> UIImage {
        var image: UIImage?
        present(controller, size: size, safeArea: safeArea, traits: traits) { window in
            let scale = traits.displayScale > 0 ? traits.displayScale : UIScreen.main.scale
            let format = UIGraphicsImageRendererFormat()
            format.scale = scale
            format.opaque = false
            let bounds = CGRect(origin: .zero, size: size)
            image = UIGraphicsImageRenderer(bounds: bounds, format: format).image { context in
                if drawHierarchyInKeyWindow {
                    window.drawHierarchy(in: bounds, afterScreenUpdates: true)
                } else {
                    view.layer.render(in: context.cgContext)
                }
            }
        }
        return image!
    }

    /// Puts `controller` in a window of `size` under a parent with `traits`, lays it out, runs
    /// `body`, and takes it down again.
    private static func present(_ controller: UIViewController, size: CGSize, safeArea: UIEdgeInsets, traits: UITraitCollection,
                                _ body: (UIWindow) -> Void) {
        let previousKey = UIApplication.shared.windows.first { $0.isKeyWindow }
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.systemSafeAreaInsets = safeArea
        let parent = UIViewController()
        // A child of another controller is lent to the snapshot and given back as it was.
        let home = controller.parent
        let viewHome = controller.viewIfLoaded?.superview.map { ($0, $0.subviews.firstIndex(of: controller.view) ?? 0) }
        let viewFrame = controller.viewIfLoaded?.frame
        let viewMask = controller.viewIfLoaded?.autoresizingMask
        if home != nil {
            controller.willMove(toParent: nil)
            controller.removeFromParent()
        }
        parent.addChild(controller)
        parent.view.addSubview(controller.view)
        controller.view.frame = parent.view.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        controller.didMove(toParent: parent)
        parent.setOverrideTraitCollection(traits, forChild: controller)
        window.rootViewController = parent
        window.makeKeyAndVisible()
        window.frame = CGRect(origin: .zero, size: size)
        CATransaction.flush()
        window.layoutIfNeeded()
        controller.view.layoutIfNeeded()
        CATransaction.flush()

        body(window)

        controller.willMove(toParent: nil)
        controller.view.removeFromSuperview()
        controller.removeFromParent()
        window.isHidden = true
        window.rootViewController = nil
        if let home {
            home.addChild(controller)
            if let (superview, index) = viewHome { superview.insertSubview(controller.view, at: min(index, superview.subviews.count)) }
            if let viewFrame { controller.view.frame = viewFrame }
            if let viewMask { controller.view.autoresizingMask = viewMask }
            controller.didMove(toParent: home)
        }
        previousKey?.makeKey()
        CATransaction.flush()
    }
}

/// Runs main-actor work from wherever an assertion is made (tests that are not on the main
/// actor reach it through the main queue).
func onMain<Result>(_ body: @MainActor () -> Result) -> Result {
    if MainQueue.isCurrent { return MainActor.assumeIsolated { Unchecked(body()) }.value }
    nonisolated(unsafe) var result: Result?
    nonisolated(unsafe) let work = body
    DispatchQueue.main.sync { result = MainActor.assumeIsolated { Unchecked(work()) }.value }
    return result!
}

/// A value carried across the main actor's boundary by code that knows it is not shared.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Whether the running code is on the main queue, which is the main actor's: on the main
/// thread, or on the worker thread that drains the main queue when a program parks its main
/// thread in `dispatchMain()` (Swift Testing on Linux does).
enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)

    static var isCurrent: Bool {
        if Thread.isMainThread { return true }
        _ = marked
        return DispatchQueue.getSpecific(key: key) == true
    }
}
