import Testing
import UIKit

/// UIImageView frame animations and highlighted images.
@MainActor
@Suite struct UIImageViewAnimationTests {
    private func frame(_ white: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { context in
            UIColor(white: white, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    @Test func framesShowInTurnForTheirShareOfTheDuration() {
        withWindow { window, clock in
            let frames = [frame(0), frame(0.5), frame(1)]
            let view = UIImageView(image: frames[0])
            window.addSubview(view)
            view.animationImages = frames
            view.animationDuration = 0.3
            view.animationRepeatCount = 2
            #expect(!view.isAnimating)
            view.startAnimating()
            #expect(view.isAnimating)
            CATransaction.flush()
            func shown() -> CGImage? { view.layer.presentation()?.contents as! CGImage? }
            clock.advance(by: 0.05)
            #expect(shown() === frames[0].cgImage)
            clock.advance(by: 0.1)
            #expect(shown() === frames[1].cgImage)
            clock.advance(by: 0.1)
            #expect(shown() === frames[2].cgImage)
            // The second pass, then done.
            clock.advance(by: 0.1)
            #expect(shown() === frames[0].cgImage && view.isAnimating)
            clock.advance(by: 0.3)
            #expect(!view.isAnimating)
            #expect(shown() === frames[0].cgImage)
        }
    }

    @Test func withoutADurationEachFrameShowsForAThirtiethOfASecond() {
        withWindow { window, clock in
            let frames = [frame(0), frame(1)]
            let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            window.addSubview(view)
            view.animationImages = frames
            view.startAnimating()
            CATransaction.flush()
            clock.advance(by: 0.02)
            #expect(view.layer.presentation()?.contents as! CGImage? === frames[0].cgImage)
            clock.advance(by: 0.03)
            #expect(view.layer.presentation()?.contents as! CGImage? === frames[1].cgImage)
            // Without a count it goes on until stopped.
            clock.advance(by: 10)
            #expect(view.isAnimating)
            view.stopAnimating()
            #expect(!view.isAnimating)
        }
    }

    @Test func highlightedImagesShowWhileHighlighted() {
        let normal = frame(0), highlighted = frame(1)
        let view = UIImageView(image: normal, highlightedImage: highlighted)
        #expect(view.bounds.size == CGSize(width: 4, height: 4))
        #expect(view.layer.contents as! CGImage? === normal.cgImage)
        view.isHighlighted = true
        #expect(view.layer.contents as! CGImage? === highlighted.cgImage)
        view.isHighlighted = false
        #expect(view.layer.contents as! CGImage? === normal.cgImage)
    }
}
