import Foundation
import Testing
import UIKit

/// `preferredContentSize` telling the parent, and key-value coding on views as Interface
/// Builder's runtime attributes use it.
@MainActor
@Suite struct ContentContainerAndKeyValueTests {
    final class Parent: UIViewController {
        var told: [CGSize] = []
        override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
            told.append(container.preferredContentSize)
        }
    }

    @Test func aChildsPreferredSizeReachesItsParent() {
        let parent = Parent(), child = UIViewController()
        parent.addChild(child)
        child.didMove(toParent: parent)
        #expect(child.preferredContentSize == .zero)
        child.preferredContentSize = CGSize(width: 320, height: 200)
        child.preferredContentSize = CGSize(width: 320, height: 200)
        #expect(parent.told == [CGSize(width: 320, height: 200)])
        let container: any UIContentContainer = parent
        #expect(container.size(forChildContentContainer: child, withParentContainerSize: CGSize(width: 10, height: 20)) == CGSize(width: 10, height: 20))
    }

    @Test func viewsAndTheirLayersByKeyPath() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.setValue(12, forKeyPath: "layer.cornerRadius")
        view.setValue(true, forKeyPath: "layer.masksToBounds")
        view.setValue(NSNumber(value: 0.5), forKey: "alpha")
        view.setValue(UIColor.red, forKey: "backgroundColor")
        view.setValue(7, forKey: "tag")
        view.setValue(NSNumber(value: 30), forKeyPath: "frame.origin.x")
        #expect(view.layer.cornerRadius == 12 && view.layer.masksToBounds)
        #expect(view.alpha == 0.5 && view.tag == 7 && view.backgroundColor == .red)
        #expect(view.frame.origin.x == 30)
        #expect((view.value(forKey: "alpha") as? NSNumber)?.doubleValue == 0.5)
        #expect((view.value(forKeyPath: "layer.cornerRadius") as? NSNumber)?.doubleValue == 12)
        #expect((view.value(forKeyPath: "frame.size.width") as? NSNumber)?.doubleValue == 100)
        #expect(view.value(forKey: "layer") as? CALayer === view.layer)
    }

    @Test func anUnknownKeyStopsWithFoundationsMessage() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let described = String(describing: UIView().value(forKey: "noSuchKey"))
                print(described)
            }
        }
    }
}
