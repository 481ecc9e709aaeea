import LaminaPlatform
import Testing
import UIKit

/// A pointer interaction on a button-like view, as iPadOS code adds one: regions and styles
/// asked for as the pointer enters, moves and leaves.
@MainActor
@Suite struct UIPointerInteractionTests {
    final class Effects: NSObject, UIPointerInteractionDelegate {
        var log: [String] = []
        func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                                defaultRegion: UIPointerRegion) -> UIPointerRegion? {
            // Two regions: the left and right halves.
            let half = request.location.x < 50 ? "left" : "right"
            return UIPointerRegion(rect: defaultRegion.rect, identifier: half)
        }
        func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? {
            guard let view = interaction.view else { return nil }
            return UIPointerStyle(effect: .lift(UITargetedPreview(view: view)), shape: .roundedRect(view.bounds, radius: 8))
        }
        func pointerInteraction(_ interaction: UIPointerInteraction, willEnter region: UIPointerRegion, animator: any UIPointerInteractionAnimating) {
            log.append("enter \(region.identifier!)")
        }
        func pointerInteraction(_ interaction: UIPointerInteraction, willExit region: UIPointerRegion, animator: any UIPointerInteractionAnimating) {
            log.append("exit \(region.identifier!)")
        }
    }

    @Test func regionsAreEnteredAndLeft() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(card)
        window.makeKeyAndVisible()
        window.renderFrame()
        let effects = Effects()
        let interaction = UIPointerInteraction(delegate: effects)
        card.addInteraction(interaction)
        #expect(interaction.view === card && card.interactions.count == 1)
        func move(_ x: CGFloat) {
            (window.surface as? HeadlessSurface)?.send(.pointerMoved(location: CGPoint(x: x, y: 40), buttonDown: false, modifiers: [], time: 1))
        }
        let surface = window.surface as? HeadlessSurface
        move(20)
        // The lift effect shows a pointing hand while the pointer is over the card.
        #expect(surface?.cursor == .pointingHand)
        move(30)
        move(70)
        move(150)
        #expect(effects.log == ["enter left", "exit left", "enter right", "exit right"])
        #expect(surface?.cursor == .arrow)
        card.removeInteraction(interaction)
        move(20)
        #expect(effects.log.count == 4)
        window.isHidden = true
    }
}
