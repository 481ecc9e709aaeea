import Testing
import UIKit

/// Constraints as iOS code makes them: anchors, the classic initializer, activation on the
/// nearest common ancestor, priorities, guides and content priorities, with iOS's values.
@MainActor
@Suite struct NSLayoutConstraintTests {
    final class UpdatingView: UIView {
        var updates = 0
        override func updateConstraints() {
            updates += 1
            super.updateConstraints()
        }
    }

    /// A container with two subviews, as a screen's code builds them.
    func screen() -> (UIView, UIView, UIView) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let a = UIView(), b = UIView()
        for view in [a, b] {
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
        }
        return (container, a, b)
    }

    @Test func prioritiesAreApples() {
        #expect(UILayoutPriority.required.rawValue == 1000)
        #expect(UILayoutPriority.defaultHigh.rawValue == 750)
        #expect(UILayoutPriority.defaultLow.rawValue == 250)
        #expect(UILayoutPriority.fittingSizeLevel.rawValue == 50)
        #expect(UILayoutPriority.dragThatCanResizeScene.rawValue == 510)
        #expect(UILayoutPriority.sceneSizeStayPut.rawValue == 500)
        #expect(UILayoutPriority.dragThatCannotResizeScene.rawValue == 490)
        #expect((UILayoutPriority.defaultHigh + 1).rawValue == 751)
        #expect((UILayoutPriority.required - 1) == UILayoutPriority(999))
        #expect(UILayoutPriority.defaultLow < .defaultHigh)
    }

    @Test func attributeRelationAndAxisValuesAreApples() {
        #expect(NSLayoutConstraint.Attribute.left.rawValue == 1)
        #expect(NSLayoutConstraint.Attribute.width.rawValue == 7)
        #expect(NSLayoutConstraint.Attribute.lastBaseline.rawValue == 11)
        #expect(NSLayoutConstraint.Attribute.firstBaseline.rawValue == 12)
        #expect(NSLayoutConstraint.Attribute.centerYWithinMargins.rawValue == 20)
        #expect(NSLayoutConstraint.Attribute.notAnAttribute.rawValue == 0)
        #expect(NSLayoutConstraint.Attribute.baseline == .lastBaseline)
        #expect(NSLayoutConstraint.Relation.lessThanOrEqual.rawValue == -1)
        #expect(NSLayoutConstraint.Relation.greaterThanOrEqual.rawValue == 1)
        #expect(NSLayoutConstraint.Axis.vertical.rawValue == 1)
    }

    @Test func anchorsMakeInactiveRequiredConstraints() {
        let (_, a, b) = screen()
        let spacing = a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8)
        #expect(spacing.firstItem === a && spacing.firstAttribute == .leading)
        #expect(spacing.secondItem === b && spacing.secondAttribute == .trailing)
        #expect(spacing.relation == .equal && spacing.multiplier == 1 && spacing.constant == 8)
        #expect(spacing.priority == .required && !spacing.isActive)

        let width = a.widthAnchor.constraint(equalToConstant: 44)
        #expect(width.secondItem == nil && width.secondAttribute == .notAnAttribute && width.constant == 44)
        #expect(a.heightAnchor.constraint(greaterThanOrEqualToConstant: 20).relation == .greaterThanOrEqual)

        let half = a.widthAnchor.constraint(equalTo: b.widthAnchor, multiplier: 0.5, constant: 2)
        #expect(half.multiplier == 0.5 && half.constant == 2 && half.secondAttribute == .width)
        let below = a.topAnchor.constraint(lessThanOrEqualTo: b.bottomAnchor)
        #expect(below.relation == .lessThanOrEqual && below.firstAttribute == .top && below.secondAttribute == .bottom)
        #expect(a.firstBaselineAnchor.constraint(equalTo: b.lastBaselineAnchor).secondAttribute == .lastBaseline)
    }

    @Test func theClassicInitializerTakesEveryPart() {
        let (container, a, _) = screen()
        let c = NSLayoutConstraint(item: a, attribute: .centerX, relatedBy: .equal, toItem: container,
                                   attribute: .centerX, multiplier: 1, constant: -10)
        #expect(c.firstItem === a && c.secondItem === container && c.constant == -10 && c.firstAttribute == .centerX)
        let constantSize = NSLayoutConstraint(item: a, attribute: .height, relatedBy: .equal, toItem: nil,
                                              attribute: .notAnAttribute, multiplier: 1, constant: 30)
        #expect(constantSize.secondItem == nil && constantSize.secondAttribute == .notAnAttribute)
    }

    @Test func activationInstallsOnTheNearestCommonAncestor() {
        let (container, a, b) = screen()
        let between = a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8)
        let toContainer = a.topAnchor.constraint(equalTo: container.topAnchor, constant: 20)
        let ownWidth = a.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([between, toContainer, ownWidth])
        #expect(between.isActive && toContainer.isActive && ownWidth.isActive)
        #expect(container.constraints.count == 2 && container.constraints.contains(between) && container.constraints.contains(toContainer))
        #expect(a.constraints == [ownWidth])
        #expect(b.constraints.isEmpty)
        NSLayoutConstraint.deactivate([between])
        #expect(!between.isActive && container.constraints == [toContainer])
        ownWidth.isActive = false
        #expect(a.constraints.isEmpty)
        // Adding and removing on a view is the older spelling of the same.
        container.addConstraint(between)
        #expect(between.isActive && container.constraints.count == 2)
        container.removeConstraints(container.constraints)
        #expect(!between.isActive && !toContainer.isActive && container.constraints.isEmpty)
    }

    @Test func itemsInDifferentHierarchiesCannotBeActivated() {
        let (_, a, _) = screen()
        let stranger = UIView()
        let c = a.leadingAnchor.constraint(equalTo: stranger.leadingAnchor)
        c.isActive = true
        #expect(!c.isActive)
        #expect(stranger.constraints.isEmpty)
    }

    @Test func anInstalledConstraintStaysRequiredOrOptional() {
        let (container, a, _) = screen()
        let c = a.topAnchor.constraint(equalTo: container.topAnchor)
        c.priority = .defaultHigh
        #expect(c.priority == .defaultHigh, "before installation any priority")
        c.isActive = true
        c.priority = .defaultLow
        #expect(c.priority == .defaultLow, "optional to optional")
        c.priority = .required
        #expect(c.priority == .defaultLow, "optional to required is refused")
    }

    @Test func viewsMadeInCodeTranslateTheirAutoresizingMask() {
        #expect(UIView().translatesAutoresizingMaskIntoConstraints)
        #expect(UILabel().translatesAutoresizingMaskIntoConstraints)
    }

    @Test func contentPrioritiesDefaultToHuggingLowAndResistingHigh() {
        let view = UIView()
        #expect(view.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(view.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
        view.setContentHuggingPriority(.defaultHigh + 1, for: .horizontal)
        view.setContentCompressionResistancePriority(.required, for: .vertical)
        #expect(view.contentHuggingPriority(for: .horizontal).rawValue == 751)
        #expect(view.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(view.contentCompressionResistancePriority(for: .vertical) == .required)
        #expect(view.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
    }

    @Test func guidesBelongToTheirView() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(view.layoutMarginsGuide.owningView === view)
        #expect(view.layoutMarginsGuide.layoutFrame == CGRect(x: 8, y: 8, width: 184, height: 84))
        #expect(view.safeAreaLayoutGuide.layoutFrame == view.bounds)
        let spacer = UILayoutGuide()
        view.addLayoutGuide(spacer)
        // The margins guide is listed too, as on iOS.
        #expect(spacer.owningView === view && view.layoutGuides.map(ObjectIdentifier.init) == [ObjectIdentifier(view.layoutMarginsGuide), ObjectIdentifier(spacer)])
        let c = spacer.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.25)
        c.isActive = true
        #expect(view.constraints == [c])
        view.removeLayoutGuide(spacer)
        #expect(spacer.owningView == nil && view.layoutGuides.count == 1 && view.layoutGuides[0] === view.layoutMarginsGuide)
    }

    @Test func updateConstraintsRunsWhereAsked() {
        let parent = UpdatingView(), child = UpdatingView()
        parent.addSubview(child)
        parent.updateConstraintsIfNeeded()
        let (p, c) = (parent.updates, child.updates)
        child.setNeedsUpdateConstraints()
        #expect(child.needsUpdateConstraints())
        parent.updateConstraintsIfNeeded()
        #expect(child.updates == c + 1 && parent.updates == p)
        #expect(!child.needsUpdateConstraints())
    }
}
