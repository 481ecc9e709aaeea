import Testing
import UIKit

/// tintAdjustmentMode: a dimmed subtree shows its tints as grays and hears about it.
@MainActor
@Suite struct TintAdjustmentTests {
    final class TintWatcher: UIView {
        var changes = 0
        override func tintColorDidChange() {
            super.tintColorDidChange()
            changes += 1
        }
    }

    @Test func dimmingGraysTheTintsBelow() {
        let root = UIView()
        let inheriting = TintWatcher()
        let ownTint = TintWatcher()
        ownTint.tintColor = .systemRed
        root.addSubview(inheriting)
        root.addSubview(ownTint)
        #expect(inheriting.tintAdjustmentMode == .automatic)
        inheriting.changes = 0
        ownTint.changes = 0
        root.tintAdjustmentMode = .dimmed
        // Both hear of it, and both tints are their luminance as gray.
        #expect(inheriting.changes == 1 && ownTint.changes == 1)
        var white: CGFloat = 0, alpha: CGFloat = 0
        #expect(inheriting.tintColor.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).getWhite(&white, alpha: &alpha))
        // systemBlue (0, 122, 255): 0.587·122/255 + 0.114·255/255.
        #expect(abs(white - (0.587 * 122 / 255 + 0.114)) < 1e-9 && alpha == 1)
        #expect(ownTint.tintColor.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).getWhite(&white, alpha: &alpha))
        #expect(abs(white - (0.299 + 0.587 * 59 / 255 + 0.114 * 48 / 255)) < 1e-9)
        // A view that says normal is not dimmed.
        ownTint.tintAdjustmentMode = .normal
        #expect(ownTint.tintColor == .systemRed)
        root.tintAdjustmentMode = .automatic
        #expect(inheriting.tintColor == .systemBlue)
        #expect(inheriting.changes == 2)
    }
}
