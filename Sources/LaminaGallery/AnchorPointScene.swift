import UIKit

/// The anchorPoint illustration: the same view at (40, 60, 120, 80) with anchorPoint
/// (0.5, 0.5) and then (0, 1). Position stays at (100, 100); the frame moves to (100, 20).
/// A dot marks the position, a dashed-free outline the frame, and the faint box the
/// original frame.
@MainActor
enum AnchorPointScene {
    static let panelSize = CGSize(width: 240, height: 200)

    static func makeView() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: panelSize.width * 2, height: panelSize.height))
        root.backgroundColor = .white
        for (index, anchor) in [CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0, y: 1)].enumerated() {
            let panel = UIView(frame: CGRect(x: CGFloat(index) * panelSize.width, y: 0,
                                             width: panelSize.width, height: panelSize.height))
            panel.backgroundColor = UIColor(white: index == 0 ? 0.96 : 0.92, alpha: 1)
            root.addSubview(panel)

            let original = UIView(frame: CGRect(x: 40, y: 60, width: 120, height: 80))
            original.layer.borderWidth = 1
            original.layer.borderColor = UIColor.lightGray.cgColor
            panel.addSubview(original)

            let redView = UIView(frame: CGRect(x: 40, y: 60, width: 120, height: 80))
            redView.backgroundColor = UIColor.red.withAlphaComponent(0.8)
            redView.layer.anchorPoint = anchor
            panel.addSubview(redView)

            let frameMark = UIView(frame: redView.frame)
            frameMark.layer.borderWidth = 2
            frameMark.layer.borderColor = UIColor.blue.cgColor
            panel.addSubview(frameMark)

            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
            dot.backgroundColor = .black
            dot.layer.cornerRadius = 4
            dot.center = redView.layer.position
            panel.addSubview(dot)
        }
        return root
    }
}
