import Testing
@testable import UIKit

/// What the engine must get right beyond single frames: changes after the first layout,
/// views held at their frames inside constrained ones, baselines, ambiguity, conflicts, and
/// screens too large for any quadratic method. Each expected frame is worked out from the
/// constraints as iOS documents them.
@MainActor
@Suite struct AutoLayoutEngineTests {
    @Test func aLongChainOfRowsIsPlacedRowByRow() {
        // 2,000 rows, each 10 tall and 2 below the one before: row i at y = 12 i.
        let root = container(320, 480)
        var previous: UIView?
        var rows: [UIView] = []
        var constraints: [NSLayoutConstraint] = []
        for _ in 0..<2000 {
            let row = constrained(in: root)
            let badge = constrained(in: row)
            constraints += [
                previous.map { row.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 2) } ?? row.topAnchor.constraint(equalTo: root.topAnchor),
                row.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                row.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                row.heightAnchor.constraint(equalToConstant: 10),
                badge.trailingAnchor.constraint(equalTo: row.trailingAnchor, constant: -4),
                badge.centerYAnchor.constraint(equalTo: row.centerYAnchor),
                badge.widthAnchor.constraint(equalToConstant: 6),
                badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
            ]
            rows.append(row)
            previous = row
        }
        NSLayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        #expect(rows[0].frame == CGRect(x: 0, y: 0, width: 320, height: 10))
        #expect(rows[1999].frame == CGRect(x: 0, y: 12 * 1999, width: 320, height: 10))
        #expect(rows[1999].subviews[0].frame == CGRect(x: 310, y: 2, width: 6, height: 6))
        // The first row moving moves them all.
        constraints[0].constant = 5
        root.layoutIfNeeded()
        let moved: CGFloat = 5 + 12 * 1999
        #expect(rows[1999].frame.minY == moved)
        #expect(rows[1999].subviews[0].frame == CGRect(x: 310, y: 2, width: 6, height: 6))
    }

    @Test func aConstantDeepInsideChangesOnlyWhatFollowsIt() {
        let root = container()
        let card = constrained(in: root), icon = constrained(in: card), title = Sized(80, 20)
        title.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(title)
        let iconWidth = icon.widthAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            icon.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
            icon.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
            iconWidth,
            icon.heightAnchor.constraint(equalTo: icon.widthAnchor),
            title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 8),
            title.centerYAnchor.constraint(equalTo: icon.centerYAnchor),
            card.bottomAnchor.constraint(equalTo: icon.bottomAnchor, constant: 8),
        ])
        root.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 16, y: 20, width: 288, height: 56))
        #expect(title.frame == CGRect(x: 56, y: 18, width: 80, height: 20))
        iconWidth.constant = 60
        root.layoutIfNeeded()
        #expect(icon.frame == CGRect(x: 8, y: 8, width: 60, height: 60))
        #expect(title.frame == CGRect(x: 76, y: 28, width: 80, height: 20))
        #expect(card.frame == CGRect(x: 16, y: 20, width: 288, height: 76))
        // A new intrinsic size after the first layout.
        title.size = CGSize(width: 120, height: 30)
        title.invalidateIntrinsicContentSize()
        root.layoutIfNeeded()
        #expect(title.frame == CGRect(x: 76, y: 23, width: 120, height: 30))
    }

    @Test func aHeldViewsFrameMovesTheViewsConstrainedToIt() {
        let root = container()
        let anchor = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        root.addSubview(anchor)
        let follower = constrained(in: root)
        NSLayoutConstraint.activate([
            follower.leadingAnchor.constraint(equalTo: anchor.trailingAnchor, constant: 10),
            follower.topAnchor.constraint(equalTo: anchor.bottomAnchor),
            follower.widthAnchor.constraint(equalTo: anchor.widthAnchor, multiplier: 0.5),
            follower.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(follower.frame == CGRect(x: 120, y: 50, width: 50, height: 10))
        anchor.frame = CGRect(x: 0, y: 100, width: 200, height: 20)
        root.layoutIfNeeded()
        #expect(follower.frame == CGRect(x: 210, y: 120, width: 100, height: 10))
        anchor.center = CGPoint(x: 150, y: 60)
        root.layoutIfNeeded()
        #expect(follower.frame == CGRect(x: 260, y: 70, width: 100, height: 10))
    }

    @Test func autoresizingMasksFollowAConstrainedSuperview() {
        // A panel sized by constraints; inside it a view made in code that keeps its margins
        // and stretches (flexible width), and a label constrained to that view's trailing edge.
        let root = container()
        let panel = constrained(in: root)
        let width = panel.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([
            panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            panel.topAnchor.constraint(equalTo: root.topAnchor),
            width,
            panel.heightAnchor.constraint(equalToConstant: 100),
        ])
        root.layoutIfNeeded()
        let strip = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 20))
        strip.autoresizingMask = [.flexibleWidth]
        panel.addSubview(strip)
        let tag = constrained(in: panel)
        NSLayoutConstraint.activate([
            tag.trailingAnchor.constraint(equalTo: strip.trailingAnchor),
            tag.topAnchor.constraint(equalTo: strip.bottomAnchor, constant: 4),
            tag.widthAnchor.constraint(equalToConstant: 30),
            tag.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(tag.frame == CGRect(x: 160, y: 34, width: 30, height: 10))
        width.constant = 300
        root.layoutIfNeeded()
        #expect(strip.frame == CGRect(x: 10, y: 10, width: 280, height: 20))
        #expect(tag.frame == CGRect(x: 260, y: 34, width: 30, height: 10))
    }

    @Test func positionsAreInTheSuperviewsFrameNotItsScrolledBounds() {
        // Constraints to a superview's edges place subviews in its content: scrolling the
        // superview (its bounds' origin) does not move their frames.
        let root = container()
        let content = constrained(in: root)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 12),
            content.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            content.widthAnchor.constraint(equalToConstant: 100),
            content.heightAnchor.constraint(equalToConstant: 100),
        ])
        root.layoutIfNeeded()
        root.bounds.origin = CGPoint(x: 0, y: 200)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 12, y: 30, width: 100, height: 100))
    }

    @Test func labelsLineUpOnTheirBaselines() {
        let root = container()
        let small = UILabel(), large = UILabel()
        small.text = "Small"
        large.text = "Large"
        large.font = .systemFont(ofSize: 34)
        for label in [small, large] {
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
        }
        NSLayoutConstraint.activate([
            large.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            large.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            small.leadingAnchor.constraint(equalTo: large.trailingAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: large.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        // A one-line label as tall as its text has its baseline its font's ascender (and
        // half the leading) below its top; within the pixel rounding of the frames.
        func baseline(_ label: UILabel) -> CGFloat {
            label.frame.minY + (label.frame.height - (label.font.ascender - label.font.descender)) / 2 + label.font.ascender
        }
        #expect(abs(baseline(small) - baseline(large)) < 0.5)
        #expect(small.frame.minY > large.frame.minY)
        // A plain view's baseline is its bottom edge.
        let box = constrained(in: root)
        NSLayoutConstraint.activate([
            box.lastBaselineAnchor.constraint(equalTo: large.lastBaselineAnchor),
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 10),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(abs(box.frame.maxY - baseline(large)) < 0.5)
    }

    @Test func aHorizontalStackAlignsFirstBaselines() {
        let root = container()
        let labels = [12, 24, 17].map { size -> UILabel in
            let label = UILabel()
            label.text = "Text"
            label.font = .systemFont(ofSize: CGFloat(size))
            return label
        }
        let stack = UIStackView(arrangedSubviews: labels)
        stack.alignment = .firstBaseline
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: root.topAnchor),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        ])
        root.layoutIfNeeded()
        let baselines = labels.map { $0.frame.minY + ($0.frame.height - ($0.font.ascender - $0.font.descender)) / 2 + $0.font.ascender }
        #expect(baselines.allSatisfy { abs($0 - baselines[0]) < 0.5 })
        // The largest text sits at the top: it decides where the baseline is.
        #expect(labels[1].frame.minY == 0)
    }

    @Test func ambiguityIsReported() {
        let root = container()
        let view = constrained(in: root)
        let placed = [view.leadingAnchor.constraint(equalTo: root.leadingAnchor), view.topAnchor.constraint(equalTo: root.topAnchor)]
        NSLayoutConstraint.activate(placed)
        root.layoutIfNeeded()
        #expect(view.hasAmbiguousLayout, "no width or height")
        NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 10), view.heightAnchor.constraint(greaterThanOrEqualToConstant: 10)])
        #expect(view.hasAmbiguousLayout, "any height from 10 up")
        let tall = view.heightAnchor.constraint(equalToConstant: 50)
        tall.priority = .defaultLow
        tall.isActive = true
        #expect(!view.hasAmbiguousLayout, "the optional height settles it")
        #expect(!root.hasAmbiguousLayout, "views placed by their frames are never ambiguous")
        #expect(view.constraintsAffectingLayout(for: .horizontal).count == 2)
    }

    @Test func theUnsatisfiableMessageNamesTheConstraintBroken() {
        let root = container()
        let view = constrained(in: root)
        let narrow = view.widthAnchor.constraint(equalToConstant: 100)
        narrow.identifier = "narrow"
        let wide = view.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "wide"
        LayoutLog.messages.removeAll()
        NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor), view.topAnchor.constraint(equalTo: root.topAnchor),
                                     view.heightAnchor.constraint(equalToConstant: 10), narrow, wide])
        root.layoutIfNeeded()
        #expect(view.frame.width == 100)
        let message = LayoutLog.messages.last ?? ""
        #expect(message.hasPrefix("Unable to simultaneously satisfy constraints.\n\tProbably at least one of the constraints in the following list is one you don't want."))
        #expect(message.contains("'narrow'") && message.contains("'wide'"))
        #expect(message.hasSuffix("Will attempt to recover by breaking constraint\n\(wide)"))
        // Inequalities that cannot both hold break the same way, the later one.
        let root2 = container()
        let other = constrained(in: root2)
        let atLeast = other.widthAnchor.constraint(greaterThanOrEqualToConstant: 80)
        let atMost = other.widthAnchor.constraint(lessThanOrEqualToConstant: 50)
        NSLayoutConstraint.activate([other.leadingAnchor.constraint(equalTo: root2.leadingAnchor), other.topAnchor.constraint(equalTo: root2.topAnchor),
                                     other.heightAnchor.constraint(equalToConstant: 10), atLeast, atMost])
        root2.layoutIfNeeded()
        #expect(other.frame.width == 80)
        #expect(LayoutLog.messages.last?.hasSuffix("\(atMost)") == true)
    }

    @Test func removingAViewRemovesTheConstraintsThatLeaveWithIt() {
        let root = container()
        let a = constrained(in: root), b = constrained(in: root)
        let inner = constrained(in: b)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            inner.leadingAnchor.constraint(equalTo: a.leadingAnchor),
            inner.widthAnchor.constraint(equalTo: b.widthAnchor),
        ])
        #expect(root.constraints.count == 3)
        #expect(b.constraints.count == 1)
        b.removeFromSuperview()
        // Those relating b or inner to views left behind go; b's own stays with it.
        #expect(root.constraints.count == 1)
        #expect(b.constraints.count == 1)
        #expect(b.constraints[0].isActive)
    }

    @Test func badNumbersNeitherCrashNorHangNorMoveOtherViews() {
        let root = container()
        let good = constrained(in: root), bad = constrained(in: root), worse = Sized(.nan, .infinity)
        worse.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(worse)
        let nanLeading = bad.leadingAnchor.constraint(equalTo: good.trailingAnchor, constant: .nan)
        NSLayoutConstraint.activate([nanLeading,
            good.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            good.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            good.widthAnchor.constraint(equalToConstant: 50),
            good.heightAnchor.constraint(equalToConstant: 50),
            bad.topAnchor.constraint(equalTo: good.topAnchor, constant: .infinity),
            bad.widthAnchor.constraint(equalTo: good.widthAnchor, multiplier: .infinity),
            bad.heightAnchor.constraint(greaterThanOrEqualToConstant: -.infinity),
            worse.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            worse.topAnchor.constraint(equalTo: root.topAnchor),
            worse.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: .nan),
        ])
        root.layoutIfNeeded()
        #expect(good.frame == CGRect(x: 10, y: 10, width: 50, height: 50))
        // Changing a bad constant again is as harmless.
        nanLeading.constant = .infinity
        root.layoutIfNeeded()
        nanLeading.constant = 5
        root.layoutIfNeeded()
        #expect(good.frame == CGRect(x: 10, y: 10, width: 50, height: 50))
        // A NaN or infinite constant counts as 0 and an infinite multiplier as 1, so one bad
        // number cannot spread through the solver: the bad view sits 5 after the good one
        // (the last constant), at its top, as wide, and 0 high.
        #expect(bad.frame == CGRect(x: 65, y: 10, width: 50, height: 0))
        #expect(good.frame == CGRect(x: 10, y: 10, width: 50, height: 50))
    }

    @Test func optionalContestsGoToTheHigherPriority() {
        // One view between a pinned leading edge and a trailing limit, 60 wide by its
        // content: an optional width of 200 loses to hugging (250) below it and wins above.
        func width(_ wanted: CGFloat, _ priority: UILayoutPriority) -> CGRect {
            let root = container()
            let view = Sized(60, 20)
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            let wish = view.widthAnchor.constraint(equalToConstant: wanted)
            wish.priority = priority
            NSLayoutConstraint.activate([
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                view.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -10),
                view.topAnchor.constraint(equalTo: root.topAnchor),
                wish,
            ])
            root.layoutIfNeeded()
            return view.frame
        }
        #expect(width(200, UILayoutPriority(249)) == CGRect(x: 10, y: 0, width: 60, height: 20))
        #expect(width(200, UILayoutPriority(251)) == CGRect(x: 10, y: 0, width: 200, height: 20))
        // The required limit (320 − 10 − 10) caps what the wish gets.
        #expect(width(400, UILayoutPriority(251)) == CGRect(x: 10, y: 0, width: 300, height: 20))
        // Below compression resistance (750) a narrower wish cannot squeeze the content.
        #expect(width(30, .defaultHigh - 1) == CGRect(x: 10, y: 0, width: 60, height: 20))
        #expect(width(30, .defaultHigh + 1) == CGRect(x: 10, y: 0, width: 30, height: 20))
    }

    @Test func equalWidthsBetweenTwoViewsOutweighHuggingButNotCompression() {
        // a (60 wide) and b (100 wide) side by side, an equal-widths wish at 500 between
        // them: stretching a breaks only its hugging (250), shrinking b its compression
        // resistance (750), so a stretches to b.
        let root = container()
        let a = Sized(60, 20), b = Sized(100, 20)
        for view in [a, b] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        let equal = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        equal.priority = UILayoutPriority(500)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -10),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            b.topAnchor.constraint(equalTo: root.topAnchor),
            equal,
        ])
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 0, width: 100, height: 20))
        #expect(b.frame == CGRect(x: 118, y: 0, width: 100, height: 20))
        #expect(!a.hasAmbiguousLayout && !b.hasAmbiguousLayout)
    }

    @Test func equalHuggingBetweenEdgesIsAmbiguousAndUnequalIsNot() {
        // Two views filling 300 points between the edges: which one stretches is decided by
        // hugging; with equal priorities Apple's guide calls the layout ambiguous.
        let root = container()
        let a = Sized(60, 20), b = Sized(60, 20)
        for view in [a, b] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.width + b.frame.width == 300)
        #expect(a.hasAmbiguousLayout && b.hasAmbiguousLayout)
        b.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 0, width: 240, height: 20))
        #expect(b.frame == CGRect(x: 250, y: 0, width: 60, height: 20))
        #expect(!a.hasAmbiguousLayout && !b.hasAmbiguousLayout)
    }
}
