import Testing
import UIKit

private final class RedView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.red.setFill()
        UIRectFill(bounds)
    }
}

@MainActor
@Suite struct CompositorViewTests {
    /// Commits lay out and display, so the render side gets a view's drawn backing store.
    @Test func committedViewsCarryTheirDrawing() throws {
        try withManualClockThrowing { clock in
            let view = RedView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 20, pixelHeight: 10))
            renderer.layer = view.layer
            renderer.renderFrame(atTime: clock.time)
            let data = renderer.makeImage()!.dataProvider!.data! as Data
            #expect(data[(5 * 20 + 10) * 4] == 255 && data[(5 * 20 + 10) * 4 + 1] == 0 && data[(5 * 20 + 10) * 4 + 3] == 255)
        }
    }
}

@MainActor
private func withManualClockThrowing(_ body: (CAMediaClock) throws -> Void) throws {
    let clock = CAMediaClock(manualTime: 50)
    try clock.withCurrent {
        CATransaction.flush()
        try body(clock)
        CATransaction.flush()
    }
}
