import UIKit

// Plain iOS code: a view that draws itself, a layer with rounded corners, rendered to a PNG.
final class BadgeView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.systemOrange.setFill()
        UIBezierPath(ovalIn: bounds.insetBy(dx: 10, dy: 10)).fill()
    }
}

let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
root.backgroundColor = .white
let badge = BadgeView(frame: CGRect(x: 20, y: 10, width: 100, height: 100))
badge.backgroundColor = .clear
root.addSubview(badge)
let card = CALayer()
card.frame = CGRect(x: 130, y: 30, width: 50, height: 60)
card.backgroundColor = UIColor.systemBlue.cgColor
card.cornerRadius = 10
root.layer.addSublayer(card)

let image = UIGraphicsImageRenderer(size: root.bounds.size).image { context in
    root.layer.render(in: context.cgContext)
}
let output = CommandLine.arguments.dropFirst().first ?? "hello-lamina.png"
if let data = image.pngData() {
    try data.write(to: URL(fileURLWithPath: output))
    print("wrote \(output) (\(Int(image.size.width))×\(Int(image.size.height)) pt @\(Int(image.scale))x)")
}
