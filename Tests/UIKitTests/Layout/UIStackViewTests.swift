import Testing
import UIKit

/// Stack views with exact frames: three views of intrinsic sizes 60 × 20, 100 × 30 and 40 × 10
/// in a 300 × 50 stack, by distribution and alignment (each frame worked out from Apple's
/// documented rules).
@MainActor
@Suite struct UIStackViewTests {
    func close(_ a: [CGFloat], _ b: [CGFloat]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    func stack(_ distribution: UIStackView.Distribution = .fill, _ alignment: UIStackView.Alignment = .fill,
               spacing: CGFloat = 10) -> (UIStackView, [UIView]) {
        let views = [Sized(60, 20), Sized(100, 30), Sized(40, 10)]
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 50)
        stack.distribution = distribution
        stack.alignment = alignment
        stack.spacing = spacing
        return (stack, views)
    }

    @Test func defaultsAreApples() {
        let stack = UIStackView()
        #expect(stack.axis == .horizontal && stack.distribution == .fill && stack.alignment == .fill && stack.spacing == 0)
        #expect(!stack.isLayoutMarginsRelativeArrangement && !stack.isBaselineRelativeArrangement)
        #expect(UIStackView.spacingUseDefault == CGFloat(Float.greatestFiniteMagnitude))
        #expect(UIStackView.Alignment.top == .leading && UIStackView.Alignment.bottom == .trailing)
        #expect(UIStackView.Distribution.equalCentering.rawValue == 4 && UIStackView.Alignment.lastBaseline.rawValue == 5)
        let view = UIView()
        stack.addArrangedSubview(view)
        #expect(stack.arrangedSubviews == [view] && view.superview === stack && !view.translatesAutoresizingMaskIntoConstraints)
        #expect(stack.customSpacing(after: view) == UIStackView.spacingUseDefault)
        stack.removeArrangedSubview(view)
        #expect(stack.arrangedSubviews.isEmpty && view.superview === stack, "removing from the arrangement keeps the subview")
    }

    @Test func fillStretchesTheViewThatHugsLeast() {
        let (stack, views) = stack()
        views[1].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame) == [CGRect(x: 0, y: 0, width: 60, height: 50), CGRect(x: 70, y: 0, width: 180, height: 50),
                                       CGRect(x: 260, y: 0, width: 40, height: 50)])
    }

    @Test func fillShrinksTheViewThatResistsLeast() {
        let (stack, views) = stack()
        stack.frame.size.width = 160
        views[0].setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        stack.layoutIfNeeded()
        // 200 of content and 20 of spacing in 160: the first view gives up 60.
        #expect(views.map(\.frame.width) == [0, 100, 40])
    }

    @Test func fillEquallyGivesEqualLengths() {
        let (stack, views) = stack(.fillEqually)
        stack.layoutIfNeeded()
        let width: CGFloat = 280.0 / 3
        let widths: [CGFloat] = [width, width, width], xs: [CGFloat] = [0, width + 10, 2 * width + 20]
        // Thirds of a point on the 3× grid, to the rounding of frame arithmetic.
        #expect(close(views.map(\.frame.width), widths))
        #expect(close(views.map(\.frame.minX), xs))
    }

    @Test func fillProportionallyFollowsIntrinsicLengths() {
        let (stack, views) = stack(.fillProportionally, spacing: 0)
        stack.frame.size.width = 400
        stack.layoutIfNeeded()
        // 60 : 100 : 40 of 400 → 120, 200, 80.
        #expect(views.map(\.frame.width) == [120, 200, 80])
    }

    @Test func equalSpacingSharesTheRoomBetween() {
        let (stack, views) = stack(.equalSpacing)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 110, 260])
        #expect(views.map(\.frame.width) == [60, 100, 40])
    }

    @Test func equalCenteringSpacesTheCentres() {
        let (stack, views) = stack(.equalCentering)
        stack.layoutIfNeeded()
        // Centres at 30 and 280 (the ends), so the middle one's at 155.
        #expect(views.map(\.frame.midX) == [30, 155, 280])
    }

    @Test func alignmentsAcrossTheAxis() {
        let cases: [(UIStackView.Alignment, [CGFloat])] = [(.leading, [0, 0, 0]), (.center, [15, 10, 20]), (.trailing, [30, 20, 40])]
        for (alignment, ys) in cases {
            let (stack, views) = stack(.equalSpacing, alignment)
            stack.layoutIfNeeded()
            #expect(views.map(\.frame.minY) == ys, "\(alignment)")
            #expect(views.map(\.frame.height) == [20, 30, 10], "\(alignment)")
        }
    }

    /// Every distribution with every alignment (baselines apart, tested with text): along the
    /// axis each distribution decides x and width whatever the alignment, across it each
    /// alignment decides y and height whatever the distribution.
    @Test(arguments: [UIStackView.Distribution.fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering])
    func distributionsWithEveryAlignment(_ distribution: UIStackView.Distribution) {
        let third: CGFloat = 280.0 / 3
        let along: [UIStackView.Distribution: [(x: CGFloat, width: CGFloat)]] = [
            .fill: [(0, 140), (150, 100), (260, 40)],                               // the first of equals stretches by 80
            .fillEqually: [(0, third), (third + 10, third), (2 * third + 20, third)],  // 280 in thirds
            .fillProportionally: [(0, 84), (94, 140), (244, 56)],                  // 280 as 60 : 100 : 40
            .equalSpacing: [(0, 60), (110, 100), (260, 40)],                       // 100 left, two gaps of 50
            .equalCentering: [(0, 60), (105, 100), (260, 40)],                     // centres 30, 155, 280
        ]
        let across: [(UIStackView.Alignment, [(y: CGFloat, height: CGFloat)])] = [
            (.fill, [(0, 50), (0, 50), (0, 50)]),
            (.top, [(0, 20), (0, 30), (0, 10)]),
            (.center, [(15, 20), (10, 30), (20, 10)]),
            (.bottom, [(30, 20), (20, 30), (40, 10)]),
        ]
        for (alignment, crossing) in across {
            let (stack, views) = stack(distribution, alignment)
            stack.layoutIfNeeded()
            for (i, view) in views.enumerated() {
                let expected = CGRect(x: along[distribution]![i].x, y: crossing[i].y, width: along[distribution]![i].width, height: crossing[i].height)
                let f = view.frame
                #expect(abs(f.minX - expected.minX) < 1e-9 && abs(f.width - expected.width) < 1e-9 && f.minY == expected.minY && f.height == expected.height,
                        "\(distribution) \(alignment) view \(i): \(f) ≠ \(expected)")
            }
        }
    }

    @Test func aHiddenViewTakesNoRoom() {
        let (stack, views) = stack(.fillEqually)
        views[1].isHidden = true
        stack.layoutIfNeeded()
        #expect(views[0].frame == CGRect(x: 0, y: 0, width: 145, height: 50))
        #expect(views[2].frame == CGRect(x: 155, y: 0, width: 145, height: 50))
        views[1].isHidden = false
        stack.layoutIfNeeded()
        let third: CGFloat = 2 * 280.0 / 3 + 20
        #expect(abs(views[2].frame.minX - third) < 1e-9)
    }

    @Test func hidingInsideAnAnimationBlockAnimatesTheOthersIntoTheRoom() {
        let (stack, views) = stack(.fillEqually)
        stack.layoutIfNeeded()
        #expect(views[2].layer.animationKeys() == nil)
        UIView.animate(withDuration: 0.3) {
            views[1].isHidden = true
            stack.layoutIfNeeded()
        }
        // The model is at the end at once; the move to it is animated.
        #expect(views[2].frame == CGRect(x: 155, y: 0, width: 145, height: 50))
        #expect(views[2].layer.animationKeys()?.isEmpty == false)
        #expect(views[0].layer.animationKeys()?.isEmpty == false, "the first view widens")
    }

    @Test func fillBreaksTiesByOrderTheFirstViewGivingWay() {
        // Equal hugging and resistance: the first arranged view stretches, and shrinks, first.
        let views = [Sized(60, 20), Sized(60, 20), Sized(60, 20)]
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 20)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.width) == [180, 60, 60])
        stack.frame = CGRect(x: 0, y: 0, width: 150, height: 20)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.width) == [30, 60, 60])
        // An explicit lower hugging priority still decides.
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 20)
        views[2].setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.width) == [60, 60, 180])
    }

    @Test func baselineRelativeSpacingRunsFromBaselineToBaseline() {
        let labels = [17, 28].map { size -> UILabel in
            let label = UILabel()
            label.text = "Line"
            label.font = .systemFont(ofSize: CGFloat(size))
            return label
        }
        let stack = UIStackView(arrangedSubviews: labels)
        stack.axis = .vertical
        stack.spacing = 30
        stack.isBaselineRelativeArrangement = true
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
        stack.alignment = .leading
        stack.layoutIfNeeded()
        // A one-line label as tall as its text: its baseline is the ascender below the text's top.
        func baseline(_ label: UILabel) -> CGFloat {
            label.frame.minY + (label.frame.height - (label.font.ascender - label.font.descender)) / 2 + label.font.ascender
        }
        #expect(labels[0].frame.minY == 0)
        #expect(abs(baseline(labels[1]) - baseline(labels[0]) - 30) < 0.5)
    }

    @Test func customSpacingAndMargins() {
        let (stack, views) = stack(.fillEqually)
        stack.setCustomSpacing(40, after: views[0])
        stack.layoutMargins = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutIfNeeded()
        // 280 inside the margins, less 40 + 10 between: 230 / 3 each.
        let width: CGFloat = 230.0 / 3
        let second: CGFloat = 10 + width + 40
        #expect(abs(views[0].frame.width - width) < 1e-9)
        #expect(views[0].frame.minX == 10 && views[0].frame.minY == 5)
        #expect(abs(views[1].frame.minX - second) < 1e-9)
        #expect(views[1].frame.height == 40)
    }

    @Test func aVerticalStackSizesItselfToItsViews() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let views = [Sized(60, 20), Sized(100, 30), Sized(40, 10)]
        let stack = UIStackView(arrangedSubviews: views)
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
            stack.topAnchor.constraint(equalTo: container.topAnchor, constant: 40),
        ])
        container.layoutIfNeeded()
        #expect(stack.frame == CGRect(x: 20, y: 40, width: 100, height: 76))
        #expect(views.map(\.frame) == [CGRect(x: 0, y: 0, width: 60, height: 20), CGRect(x: 0, y: 28, width: 100, height: 30),
                                       CGRect(x: 0, y: 66, width: 40, height: 10)])
    }
}
