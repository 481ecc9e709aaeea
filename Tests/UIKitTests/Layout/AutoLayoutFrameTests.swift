import Testing
import UIKit

/// Constraints placing views, with the frames iOS gives (worked out from the constraints:
/// each is the unique solution, rounded to the 3× pixel grid).
@MainActor
@Suite struct AutoLayoutFrameTests {
    @Test func edgesPinnedWithInsets() {
        let root = container()
        let card = constrained(in: root)
        NSLayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            card.heightAnchor.constraint(equalToConstant: 100),
        ])
        root.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 16, y: 20, width: 288, height: 100))
    }

    @Test func centredWithAMultipliedWidth() {
        let root = container()
        let box = constrained(in: root)
        NSLayoutConstraint.activate([
            box.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            box.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: -40),
            box.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            box.heightAnchor.constraint(equalTo: box.widthAnchor),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 80, y: 120, width: 160, height: 160))
    }

    @Test func siblingsChainAndResizeWithTheirSuperview() {
        let root = container()
        let a = constrained(in: root), b = constrained(in: root)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 10),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            a.widthAnchor.constraint(equalTo: b.widthAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            b.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 30),
            b.heightAnchor.constraint(equalTo: a.heightAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 0, width: 145, height: 30))
        #expect(b.frame == CGRect(x: 165, y: 0, width: 145, height: 30))
        root.frame.size.width = 420
        root.layoutIfNeeded()
        #expect(a.frame.width == 195 && b.frame.minX == 215)
    }

    @Test func aConstantChangeMovesTheView() {
        let root = container()
        let view = constrained(in: root)
        let top = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)
        NSLayoutConstraint.activate([top, view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     view.widthAnchor.constraint(equalToConstant: 50), view.heightAnchor.constraint(equalToConstant: 50)])
        root.layoutIfNeeded()
        #expect(view.frame.minY == 10)
        top.constant = 70
        root.layoutIfNeeded()
        #expect(view.frame.minY == 70)
        top.isActive = false
        view.topAnchor.constraint(equalTo: root.bottomAnchor, constant: -50).isActive = true
        root.layoutIfNeeded()
        #expect(view.frame.minY == 430)
    }

    @Test func intrinsicSizeHugsAndResists() {
        let root = container()
        let label = Sized()
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 20, y: 20, width: 60, height: 20))
        // A width the label prefers not to have, at a priority above its hugging: it stretches.
        let wide = label.widthAnchor.constraint(equalToConstant: 100)
        wide.priority = .defaultLow + 1
        wide.isActive = true
        root.layoutIfNeeded()
        #expect(label.frame.width == 100)
        // Below its hugging priority, hugging wins.
        wide.priority = .defaultLow - 1
        root.layoutIfNeeded()
        #expect(label.frame.width == 60)
        // A narrower required maximum compresses it, whatever its resistance.
        label.widthAnchor.constraint(lessThanOrEqualToConstant: 40).isActive = true
        root.layoutIfNeeded()
        #expect(label.frame.width == 40)
        // A new intrinsic size relays out.
        label.size = CGSize(width: 30, height: 24)
        label.invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        #expect(label.frame.size == CGSize(width: 30, height: 24))
    }

    @Test func marginsAndGuides() {
        let root = container()
        root.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        let view = constrained(in: root)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            view.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            view.bottomAnchor.constraint(equalTo: root.layoutMarginsGuide.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 20, y: 0, width: 280, height: 470))
    }

    @Test func fractionalResultsSnapToThePixelGrid() {
        let root = container()
        let views = (0..<3).map { _ in constrained(in: root) }
        NSLayoutConstraint.activate([
            views[0].leadingAnchor.constraint(equalTo: root.leadingAnchor),
            views[1].leadingAnchor.constraint(equalTo: views[0].trailingAnchor),
            views[2].leadingAnchor.constraint(equalTo: views[1].trailingAnchor),
            views[2].trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -1),
            views[1].widthAnchor.constraint(equalTo: views[0].widthAnchor),
            views[2].widthAnchor.constraint(equalTo: views[0].widthAnchor),
        ] + views.flatMap { [$0.topAnchor.constraint(equalTo: root.topAnchor), $0.heightAnchor.constraint(equalToConstant: 10)] })
        root.layoutIfNeeded()
        // 319 / 3 = 106.333…: edges at 0, 106.333, 212.667, 319 on a 1/3-point grid.
        #expect(views[0].frame.width == 319.0 / 3)
        #expect(abs(views[1].frame.minX - 319.0 / 3) < 1e-9 && abs(views[2].frame.maxX - 319) < 1e-9)
    }

    @Test func conflictingRequiredConstraintsBreakOneAndSayWhich() {
        let root = container()
        let view = constrained(in: root)
        let a = view.widthAnchor.constraint(equalToConstant: 100)
        let b = view.widthAnchor.constraint(equalToConstant: 200)
        b.identifier = "too-wide"
        NSLayoutConstraint.activate([a, b, view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     view.topAnchor.constraint(equalTo: root.topAnchor), view.heightAnchor.constraint(equalToConstant: 10)])
        root.layoutIfNeeded()
        #expect(view.frame.width == 100, "the constraint added last is the one broken")
    }

    @Test func nestedConstrainedViews() {
        let root = container()
        let outer = constrained(in: root), inner = constrained(in: outer)
        NSLayoutConstraint.activate([
            outer.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 30),
            outer.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            outer.widthAnchor.constraint(equalToConstant: 200),
            outer.heightAnchor.constraint(equalToConstant: 100),
            inner.trailingAnchor.constraint(equalTo: outer.trailingAnchor, constant: -10),
            inner.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -350),
            inner.widthAnchor.constraint(equalToConstant: 50),
            inner.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(outer.frame == CGRect(x: 30, y: 40, width: 200, height: 100))
        // In outer's coordinates: x = 200 − 10 − 50, y = (480 − 350 − 20) − 40.
        #expect(inner.frame == CGRect(x: 140, y: 70, width: 50, height: 20))
    }

    /// A cell-like container sized by its content: two views of intrinsic sizes 60 × 20 and
    /// 100 × 30, 10-point padding, 8 points between them.
    func cell() -> UIView {
        let container = UIView()
        let a = Sized(), b = Sized()
        b.size = CGSize(width: 100, height: 30)
        for view in [a, b] {
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
        }
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            a.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
            b.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 8),
            b.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -10),
            container.trailingAnchor.constraint(greaterThanOrEqualTo: a.trailingAnchor, constant: 10),
            container.trailingAnchor.constraint(greaterThanOrEqualTo: b.trailingAnchor, constant: 10),
        ])
        return container
    }

    @Test func fittingSizesComeFromTheContent() {
        let container = cell()
        #expect(container.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 120, height: 78))
        #expect(container.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                                  verticalFittingPriority: .fittingSizeLevel) == CGSize(width: 300, height: 78))
        #expect(container.frame.size == .zero, "measuring does not resize")
        #expect(UIView.layoutFittingCompressedSize == .zero)
    }

    @Test func aConstantChangeAnimatesInsideAnAnimationBlock() {
        withManualClock { clock in
            let root = container()
            let view = constrained(in: root)
            let top = view.topAnchor.constraint(equalTo: root.topAnchor)
            NSLayoutConstraint.activate([top, view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         view.widthAnchor.constraint(equalToConstant: 50), view.heightAnchor.constraint(equalToConstant: 50)])
            root.layoutIfNeeded()
            CATransaction.flush()
            top.constant = 100
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { root.layoutIfNeeded() }
            #expect(view.frame.minY == 100, "the model is at the end at once")
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(view.layer.presentation()?.position.y == 75)
        }
    }

    @Test func aMultiLineLabelWrapsToTheWidthItIsGiven() {
        let root = container()
        let label = UILabel()
        label.numberOfLines = 0
        label.text = "A label pinned to both edges wraps its text to the width the constraints give it, and grows to fit."
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        let wrapped = label.sizeThatFits(CGSize(width: 280, height: 0))
        #expect(label.frame.width == 280)
        #expect(label.frame.height == wrapped.height)
        #expect(wrapped.height > label.font.lineHeight * 2, "it wraps to several lines")
    }
}
