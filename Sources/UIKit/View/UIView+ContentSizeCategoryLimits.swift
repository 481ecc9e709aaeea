import Foundation

extension UIView {
    /// The smallest Dynamic Type size this view and its subviews use (nil: no limit); a
    /// smaller preferred size in the traits is raised to it.
    public var minimumContentSizeCategory: UIContentSizeCategory? {
        get { rareState?.minimumContentSizeCategory }
        set { changeContentSizeLimits { $0.minimumContentSizeCategory = newValue } }
    }

    /// The largest Dynamic Type size this view and its subviews use (nil: no limit); a larger
    /// preferred size in the traits is lowered to it.
    public var maximumContentSizeCategory: UIContentSizeCategory? {
        get { rareState?.maximumContentSizeCategory }
        set { changeContentSizeLimits { $0.maximumContentSizeCategory = newValue } }
    }

    /// The limits in force on this view, for debugging: "<ClassName:0x…> MinimumCategory: …,
    /// MaximumCategory: …" naming each view up the chain that sets one.
    public var appliedContentSizeCategoryLimitsDescription: String {
        var lines: [String] = []
        var view: UIView? = self
        while let current = view {
            if let state = current.rareState, state.minimumContentSizeCategory != nil || state.maximumContentSizeCategory != nil {
                let minimum = state.minimumContentSizeCategory.map { $0.rawValue } ?? "(none)"
                let maximum = state.maximumContentSizeCategory.map { $0.rawValue } ?? "(none)"
                lines.append("<\(type(of: current)): \(Unmanaged.passUnretained(current).toOpaque())> MinimumCategory: \(minimum), MaximumCategory: \(maximum)")
            }
            view = current.superview
        }
        return lines.isEmpty ? "No content size category limits applied." : lines.joined(separator: "\n")
    }

    /// Applies a change of limits, telling the subtree whose traits changed.
    private func changeContentSizeLimits(_ change: (RareViewState) -> Void) {
        UIView.appearanceOverridden = true
        traitSnapshot = subtreeTraits()
        change(rare)
        deliverTraitChanges()
    }

    /// `category` held inside this view's limits.
    func limitingContentSize(_ traits: UITraitCollection) -> UITraitCollection {
        guard let state = rareState else { return traits }
        var category = traits.preferredContentSizeCategory
        if let minimum = state.minimumContentSizeCategory, minimum != .unspecified, category < minimum { category = minimum }
        if let maximum = state.maximumContentSizeCategory, maximum != .unspecified, category > maximum { category = maximum }
        return category == traits.preferredContentSizeCategory ? traits : traits.overriding(category: category)
    }
}
