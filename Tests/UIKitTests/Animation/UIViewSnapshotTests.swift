import Testing
import UIKit

@MainActor
@Suite struct UIViewSnapshotTests {
    @Test func drawHierarchyShowsTheInFlightFrame() {
        withManualClock { clock in
            let container = committedView(CGRect(x: 0, y: 0, width: 40, height: 20))
            container.backgroundColor = .white
            let dot = UIView(frame: CGRect(x: 0, y: 5, width: 10, height: 10))
            dot.backgroundColor = .red
            container.addSubview(dot)
            CATransaction.flush()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { dot.center.x = 35 })
            clock.advance(by: 0.5)
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            // The animation block committed at once (no implicit transaction was open): at
            // 0.5 s the dot is half-way, x 15…25.
            let image = UIGraphicsImageRenderer(size: container.bounds.size, format: format).image { _ in
                #expect(container.drawHierarchy(in: container.bounds, afterScreenUpdates: true))
            }
            clock.advance(by: 0.5)
            let later = UIGraphicsImageRenderer(size: container.bounds.size, format: format).image { _ in
                container.drawHierarchy(in: container.bounds, afterScreenUpdates: false)
            }
            let first = image.cgImage!.dataProvider!.data! as Data, second = later.cgImage!.dataProvider!.data! as Data
            #expect(first[(10 * 40 + 20) * 4 + 1] == 0 && first[(10 * 40 + 2) * 4 + 1] == 255)
            // Ended: at the model position, x 30…40.
            #expect(second[(10 * 40 + 35) * 4 + 1] == 0 && second[(10 * 40 + 20) * 4 + 1] == 255)
            #expect(container.snapshotView(afterScreenUpdates: false)?.bounds.size == container.bounds.size)
            #expect(!UIView().drawHierarchy(in: .zero, afterScreenUpdates: false))
        }
    }
}
