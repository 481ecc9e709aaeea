extension UIView {
    /// How a view's tint colour shows.
    public enum TintAdjustmentMode: Int, Sendable {
        case automatic = 0
        case normal = 1
        case dimmed = 2
    }

    /// The tint views inherit when none is set: the app's accent colour (the asset catalogue's
    /// `AccentColor` colour set, or the one `Info.plist`'s `NSAccentColorName` names), else the
    /// system blue.
    static var defaultTintColor: UIColor { AccentColor.current }

    /// The traits from the superview (or the screen), with the owning controller's and this
    /// view's appearance overrides applied.
    func inheritedTraits() -> UITraitCollection {
        applyingOverrides(to: superview?.traitCollection ?? UITraitCollection.screen)
    }

    /// `traits` with the owning controller's and this view's appearance overrides applied.
    private func applyingOverrides(to traits: UITraitCollection) -> UITraitCollection {
        var traits = traits
        if let controller = owningViewController {
            if let override = controller.parent?.overrideTraitCollection(forChild: controller) {
                traits = UITraitCollection(traitsFrom: [traits, override])
            }
            traits = traits.overriding(style: controller.overrideUserInterfaceStyle)
        }
        // A sheet's content is raised.
        if self is SheetView { traits = traits.overriding(level: .elevated) }
        return limitingContentSize(traits.overriding(style: overrideUserInterfaceStyle))
    }

    /// This view and its descendants with their traits now, parents first.
    func subtreeTraits() -> [(UIView, UITraitCollection)] {
        var result: [(UIView, UITraitCollection)] = []
        func visit(_ view: UIView, _ parent: UITraitCollection?) {
            let traits = parent.map(view.applyingOverrides) ?? view.traitCollection
            result.append((view, traits))
            for subview in view.storedSubviews { visit(subview, traits) }
        }
        visit(self, nil)
        return result
    }

    /// Calls `traitCollectionDidChange` on every view (and its controller) of the snapshot
    /// taken before a change whose traits now differ, parents first.
    func deliverTraitChanges() {
        let before = traitSnapshot
        traitSnapshot = []
        deliverTraitChanges(since: before)
    }

    func deliverTraitChanges(since before: [(UIView, UITraitCollection)]) {
        for (view, old) in before {
            let now = view.traitCollection
            guard !now.isEqual(old) else { continue }
            if let background = view.storedBackgroundColor {
                view.layer.backgroundColor = background.resolvedColor(with: now).cgColor
            }
            if view.drawsContent { view.setNeedsDisplay() }
            if let controller = view.owningViewController {
                controller.traitCollectionDidChange(old)
                if !controller.traitRegistrations.isEmpty { runTraitRegistrations(controller.traitRegistrations, of: controller, from: old, to: now) }
            }
            view.traitCollectionDidChange(old)
            if !view.traitRegistrations.isEmpty { runTraitRegistrations(view.traitRegistrations, of: view, from: old, to: now) }
        }
    }

    /// Calls `tintColorDidChange` on this view and the descendants that inherit its tint (for
    /// a change of adjustment mode, also those with a tint of their own: dimming reaches them).
    func deliverTintChange(modeChanged: Bool = false) {
        tintColorDidChange()
        for subview in storedSubviews where subview.tintAdjustmentMode == .automatic && (modeChanged || subview.storedTintColor == nil) {
            subview.deliverTintChange(modeChanged: modeChanged)
        }
    }
}

extension UIView: UITraitEnvironment {}
extension UIViewController: UITraitEnvironment {}
extension UIScreen: UITraitEnvironment {}

extension UIView {
    /// Whether any view or controller has set an appearance override; until one does, every
    /// view has the screen's traits and moves need no trait bookkeeping.
    nonisolated(unsafe) static var appearanceOverridden = false

    /// The subtree's traits before a move, when they can change.
    func traitsBeforeMove() -> [(UIView, UITraitCollection)] {
        UIView.appearanceOverridden ? subtreeTraits() : []
    }
}
