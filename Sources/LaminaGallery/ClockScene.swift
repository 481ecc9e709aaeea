import UIKit

/// The clock of the anchorPoint article: a face and three hands, each an image view. The hands
/// turn about anchorPoint (0.5, 0.9), near their tail, instead of their centre.
@MainActor
enum ClockScene {
    static let size = CGSize(width: 200, height: 200)

    static func makeView(hour: Int, minute: Int, second: Int) -> UIView {
        let container = UIView(frame: CGRect(origin: .zero, size: size))
        container.backgroundColor = UIColor(white: 0.93, alpha: 1)
        let face = UIImageView(image: faceImage())
        face.center = CGPoint(x: size.width / 2, y: size.height / 2)
        container.addSubview(face)

        let hourHand = UIImageView(image: handImage(width: 10, length: 56, color: .darkGray))
        let minuteHand = UIImageView(image: handImage(width: 6, length: 76, color: .darkGray))
        let secondHand = UIImageView(image: handImage(width: 2, length: 84, color: .red))
        for hand in [hourHand, minuteHand, secondHand] {
            hand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            hand.center = face.center
            container.addSubview(hand)
        }
        // The article's angles: a full turn per 12 hours, 60 minutes, 60 seconds.
        let hoursAngle = (CGFloat(hour) / 12.0) * .pi * 2.0
        let minsAngle = (CGFloat(minute) / 60.0) * .pi * 2.0
        let secsAngle = (CGFloat(second) / 60.0) * .pi * 2.0
        hourHand.transform = CGAffineTransform(rotationAngle: hoursAngle)
        minuteHand.transform = CGAffineTransform(rotationAngle: minsAngle)
        secondHand.transform = CGAffineTransform(rotationAngle: secsAngle)
        return container
    }

    /// A white dial with a dark rim and twelve hour marks.
    static func faceImage() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let diameter: CGFloat = 180
        return UIGraphicsImageRenderer(size: CGSize(width: diameter, height: diameter), format: format).image { context in
            let ctx = context.cgContext
            let dial = CGRect(x: 3, y: 3, width: diameter - 6, height: diameter - 6)
            ctx.setFillColor(UIColor.white.cgColor)
            ctx.fillEllipse(in: dial)
            ctx.setStrokeColor(UIColor(white: 0.2, alpha: 1).cgColor)
            ctx.setLineWidth(6)
            ctx.strokeEllipse(in: dial)
            let center = CGPoint(x: diameter / 2, y: diameter / 2)
            for mark in 0..<12 {
                let angle = CGFloat(mark) / 12 * 2 * .pi
                let outer: CGFloat = 78, inner: CGFloat = mark % 3 == 0 ? 62 : 68
                ctx.setLineWidth(mark % 3 == 0 ? 4 : 2)
                ctx.move(to: CGPoint(x: center.x + sin(angle) * inner, y: center.y - cos(angle) * inner))
                ctx.addLine(to: CGPoint(x: center.x + sin(angle) * outer, y: center.y - cos(angle) * outer))
                ctx.strokePath()
            }
        }
    }

    /// A hand pointing up (to 12): a rounded bar whose pivot sits at 90% of its height.
    static func handImage(width: CGFloat, length: CGFloat, color: UIColor) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let size = CGSize(width: width + 4, height: length)
        return UIGraphicsImageRenderer(size: size, format: format).image { _ in
            color.setFill()
            UIBezierPath(roundedRect: CGRect(x: 2, y: 0, width: width, height: length), cornerRadius: width / 2).fill()
            let pivot = CGPoint(x: size.width / 2, y: length * 0.9)
            UIColor.black.setFill()
            UIBezierPath(ovalIn: CGRect(x: pivot.x - 2, y: pivot.y - 2, width: 4, height: 4)).fill()
        }
    }
}
