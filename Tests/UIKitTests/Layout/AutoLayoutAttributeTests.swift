import Testing
import UIKit

/// Every attribute, relation and multiplier against a 320 × 480 container with layout margins
/// of 10 (top), 20 (left), 30 (bottom) and 40 (right): a 40 × 30 view whose attribute equals
/// the container's plus 5. The view's own margins are the default 8. Expected origins worked
/// out from Apple's definitions of the attributes in the superview's coordinates.
@MainActor
@Suite struct AutoLayoutAttributeTests {
    func setUp() -> (container: UIView, view: UIView) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        container.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 40), view.heightAnchor.constraint(equalToConstant: 30)])
        return (container, view)
    }

    @Test(arguments: [
        (NSLayoutConstraint.Attribute.left, CGFloat(5)), (.leading, 5), (.right, 285), (.trailing, 285), (.centerX, 145),
        (.leftMargin, 17), (.leadingMargin, 17), (.rightMargin, 253), (.trailingMargin, 253), (.centerXWithinMargins, 135),
    ])
    func horizontalAttribute(_ attribute: NSLayoutConstraint.Attribute, minX: CGFloat) {
        let (container, view) = setUp()
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: view, attribute: attribute, relatedBy: .equal, toItem: container, attribute: attribute, multiplier: 1, constant: 5),
            view.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        container.layoutIfNeeded()
        #expect(view.frame == CGRect(x: minX, y: 0, width: 40, height: 30))
    }

    @Test(arguments: [
        (NSLayoutConstraint.Attribute.top, CGFloat(5)), (.bottom, 455), (.centerY, 230),
        (.topMargin, 7), (.bottomMargin, 433), (.centerYWithinMargins, 220),
    ])
    func verticalAttribute(_ attribute: NSLayoutConstraint.Attribute, minY: CGFloat) {
        let (container, view) = setUp()
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: view, attribute: attribute, relatedBy: .equal, toItem: container, attribute: attribute, multiplier: 1, constant: 5),
            view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
        ])
        container.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 0, y: minY, width: 40, height: 30))
    }

    @Test func relationsHoldAgainstAnOptionalPull() {
        // ≥ 50 against a wish for 0; ≤ 100 against a wish for 300; the wishes are optional.
        for (relation, bound, wish, expected) in [(NSLayoutConstraint.Relation.greaterThanOrEqual, CGFloat(50), CGFloat(0), CGFloat(50)),
                                                  (.lessThanOrEqual, 100, 300, 100), (.greaterThanOrEqual, 50, 70, 70)] {
            let (container, view) = setUp()
            let pull = view.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: wish)
            pull.priority = .defaultHigh
            NSLayoutConstraint.activate([
                NSLayoutConstraint(item: view, attribute: .leading, relatedBy: relation, toItem: container, attribute: .leading, multiplier: 1, constant: bound),
                pull, view.topAnchor.constraint(equalTo: container.topAnchor),
            ])
            container.layoutIfNeeded()
            #expect(view.frame.minX == expected, "\(relation) \(bound), wish \(wish)")
        }
    }

    @Test func multipliersScaleTheSecondAttribute() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        NSLayoutConstraint.activate([
            view.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.25, constant: 10),   // 90
            view.heightAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),                    // 45
            view.centerXAnchor.constraint(equalToSystemSpacingAfter: container.centerXAnchor, multiplier: 2), // 176
            NSLayoutConstraint(item: view, attribute: .bottom, relatedBy: .equal, toItem: container, attribute: .bottom,
                               multiplier: 0.5, constant: 0),                                           // 240
        ])
        container.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 131, y: 195, width: 90, height: 45))
    }

    @Test func theHigherOfTwoOptionalPrioritiesWins() {
        let (container, view) = setUp()
        let low = view.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10)
        low.priority = UILayoutPriority(600)
        let high = view.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 90)
        high.priority = UILayoutPriority(700)
        NSLayoutConstraint.activate([low, high, view.topAnchor.constraint(equalTo: container.topAnchor)])
        container.layoutIfNeeded()
        #expect(view.frame.minX == 90)
        high.priority = UILayoutPriority(500)
        container.layoutIfNeeded()
        #expect(view.frame.minX == 10)
    }

    @Test func aViewConstrainedToItsSiblingsEdgesAcrossLevels() {
        // A view inside one card constrained to a view inside another: both cards' offsets count.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let left = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let right = UIView(frame: CGRect(x: 150, y: 60, width: 100, height: 100))
        root.addSubview(left)
        root.addSubview(right)
        let a = UIView(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
        left.addSubview(a)
        let b = UIView()
        b.translatesAutoresizingMaskIntoConstraints = false
        right.addSubview(b)
        NSLayoutConstraint.activate([
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 3),   // root x 38 → right's 38 − 150
            b.topAnchor.constraint(equalTo: a.bottomAnchor),                     // root y 45 → right's 45 − 60
            b.widthAnchor.constraint(equalToConstant: 10),
            b.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(b.frame == CGRect(x: -112, y: -15, width: 10, height: 10))
    }
}

/// Right to left, leading is the right edge and trailing the left, and offsets along them run
/// leftwards; the direction is the containing view's (a stack forced right to left reverses
/// its views).
@MainActor
@Suite struct AutoLayoutRightToLeftTests {
    @Test func leadingAndTrailingFlip() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        container.semanticContentAttribute = .forceRightToLeft
        #expect(container.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        let a = UIView(), b = UIView(), c = UIView()
        for view in [a, b, c] {
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
        }
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
            a.widthAnchor.constraint(equalToConstant: 50),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.widthAnchor.constraint(equalToConstant: 30),
            c.centerXAnchor.constraint(equalTo: container.leadingAnchor, constant: 40),
            c.widthAnchor.constraint(equalToConstant: 10),
        ] + [a, b, c].flatMap { [$0.topAnchor.constraint(equalTo: container.topAnchor), $0.heightAnchor.constraint(equalToConstant: 10)] })
        container.layoutIfNeeded()
        #expect(a.frame.minX == 250)   // right edge 20 in from the container's right
        #expect(b.frame.minX == 212)   // 8 to the left of a
        #expect(c.frame.midX == 280)   // 40 in from the right
        // Left and right stay put whatever the direction.
        let d = UIView()
        d.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(d)
        NSLayoutConstraint.activate([d.leftAnchor.constraint(equalTo: container.leftAnchor, constant: 5), d.widthAnchor.constraint(equalToConstant: 5),
                                     d.topAnchor.constraint(equalTo: container.topAnchor), d.heightAnchor.constraint(equalToConstant: 5)])
        container.layoutIfNeeded()
        #expect(d.frame.minX == 5)
    }

    @Test func aStackForcedRightToLeftReversesItsViews() {
        let views = [UIView(), UIView(), UIView()]
        for view in views {
            view.widthAnchor.constraint(equalToConstant: 40).isActive = true
        }
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = 10
        stack.distribution = .equalSpacing
        stack.semanticContentAttribute = .forceRightToLeft
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [160, 80, 0])
        #expect(UIView.userInterfaceLayoutDirection(for: .playback) == .leftToRight)
    }
}
