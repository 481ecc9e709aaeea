import Testing
import UIKit

/// A button that counts how often it invalidates its intrinsic size; past a bound it stops
/// passing the call on, so that a cycle shows as a count instead of a stack overflow.
private final class CountingButton: UIButton {
    var invalidations = 0
    override func invalidateIntrinsicContentSize() {
        invalidations += 1
        guard invalidations < 1_000 else { return }
        super.invalidateIntrinsicContentSize()
    }
}

/// A view that invalidates itself every time it is measured (some real components do).
private final class RestlessView: UIView {
    var measured = 0
    override var intrinsicContentSize: CGSize {
        measured += 1
        if measured < 10_000 { invalidateIntrinsicContentSize() }
        return CGSize(width: 40, height: 20)
    }
}

/// Views whose measuring invalidates their own size: layout ends, and places them.
@MainActor
@Suite struct SelfInvalidatingLayoutTests {
    /// The repro from two real apps: a titled button centred by Auto Layout.
    @Test func aTitledButtonLaidOutByConstraintsMeasuresABoundedNumberOfTimes() {
        let b = CountingButton()
        b.setTitle("Hello", for: .normal)
        b.translatesAutoresizingMaskIntoConstraints = false
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        v.addSubview(b)
        b.centerXAnchor.constraint(equalTo: v.centerXAnchor).isActive = true
        b.topAnchor.constraint(equalTo: v.topAnchor).isActive = true
        v.layoutIfNeeded()
        #expect(b.invalidations < 10)
        // Sized to its title and centred.
        #expect(b.frame.width > 30 && b.frame.height > 20)
        #expect(abs(b.frame.midX - 150) <= 0.5)
        // Measuring again changes nothing and invalidates nothing.
        let before = b.invalidations
        _ = b.intrinsicContentSize
        _ = b.intrinsicContentSize
        #expect(b.invalidations == before)
    }

    @Test func aNewTitleStillResizesTheButton() {
        let b = UIButton(type: .system)
        b.setTitle("Hi", for: .normal)
        b.translatesAutoresizingMaskIntoConstraints = false
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        v.addSubview(b)
        b.leadingAnchor.constraint(equalTo: v.leadingAnchor).isActive = true
        b.topAnchor.constraint(equalTo: v.topAnchor).isActive = true
        v.layoutIfNeeded()
        let narrow = b.frame.width
        b.setTitle("A much longer title", for: .normal)
        v.layoutIfNeeded()
        #expect(b.frame.width > narrow + 50)
    }

    @Test func theEngineToleratesAViewThatInvalidatesItselfWhileMeasured() {
        let restless = RestlessView()
        restless.translatesAutoresizingMaskIntoConstraints = false
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        v.addSubview(restless)
        restless.centerXAnchor.constraint(equalTo: v.centerXAnchor).isActive = true
        restless.centerYAnchor.constraint(equalTo: v.centerYAnchor).isActive = true
        v.layoutIfNeeded()
        #expect(restless.measured < 100)
        #expect(restless.frame == CGRect(x: 80, y: 90, width: 40, height: 20))
    }

    /// `UIImageView.intrinsicContentSize` is the image's size in points, and follows the image.
    @Test func anImageViewIsAsLargeAsItsImage() throws {
        let square = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 20)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 30, height: 20))
        }
        let imageView = UIImageView(image: square)
        #expect(imageView.intrinsicContentSize == CGSize(width: 30, height: 20))
        let empty = UIImageView()
        #expect(empty.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        let symbol = try #require(UIImage(systemName: "star"))
        empty.image = symbol
        #expect(empty.intrinsicContentSize == symbol.size)
        // Laid out by constraints, the view takes the new image's size.
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        imageView.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(imageView)
        imageView.leadingAnchor.constraint(equalTo: container.leadingAnchor).isActive = true
        imageView.topAnchor.constraint(equalTo: container.topAnchor).isActive = true
        container.layoutIfNeeded()
        #expect(imageView.frame.size == CGSize(width: 30, height: 20))
        imageView.image = UIGraphicsImageRenderer(size: CGSize(width: 50, height: 60)).image { _ in }
        container.layoutIfNeeded()
        #expect(imageView.frame.size == CGSize(width: 50, height: 60))
    }

    /// A root view controller's view keeps the window's size whatever its
    /// `translatesAutoresizingMaskIntoConstraints` says.
    @Test func aRootViewWithoutAutoresizingConstraintsFillsTheWindow() {
        final class Controller: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                view.translatesAutoresizingMaskIntoConstraints = false
                let label = UILabel()
                label.text = "Hello"
                label.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(label)
                label.centerXAnchor.constraint(equalTo: view.centerXAnchor).isActive = true
                label.centerYAnchor.constraint(equalTo: view.centerYAnchor).isActive = true
            }
        }
        final class CustomViewController: UIViewController {
            override func loadView() {
                let custom = UIView()
                custom.translatesAutoresizingMaskIntoConstraints = false
                view = custom
            }
        }
        for controller in [Controller(), CustomViewController()] as [UIViewController] {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = controller
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
            window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
            window.layoutIfNeeded()
            #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
            window.isHidden = true
        }
    }
}
