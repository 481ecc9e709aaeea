import UIKit

/// The view of the UIView/CALayer article that draws itself: `draw(_:)` fills its rect brown
/// and frames a white square; the drawing lands in the layer's backing store (`contents`).
public final class LayerView: UIView {
    public override func draw(_ rect: CGRect) {
        UIColor.brown.setFill()
        UIRectFill(rect)

        UIColor.white.setStroke()
        let frame = CGRect(x: 20, y: 20, width: 80, height: 80)
        UIRectFrame(frame)
    }
}

@MainActor
enum DrawRectScene {
    static func makeView() -> UIView {
        let view = LayerView(frame: CGRect(x: 0, y: 0, width: 240, height: 128))
        view.layer.contentsScale = 2
        return view
    }
}
