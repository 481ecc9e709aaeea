import Foundation
import Testing
import UIKit

/// API that real files used and Lamina lacked, written as those files write it.
@MainActor
@Suite struct EverydayAPIAdditionsTests {
    private func square(_ side: CGFloat) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }

    @Test func statusBarPropertiesAnswer() {
        let app = UIApplication.shared
        #expect(app.statusBarFrame.height == 0)
        #expect(app.statusBarFrame.width == UIScreen.main.bounds.width)
        app.setStatusBarStyle(.lightContent, animated: true)
        #expect(app.statusBarStyle == .lightContent)
        app.statusBarStyle = .darkContent
        #expect(app.statusBarStyle == .darkContent)
        let controller = UIViewController()
        #expect(controller.modalPresentationCapturesStatusBarAppearance == false)
        controller.modalPresentationCapturesStatusBarAppearance = true
        #expect(controller.modalPresentationCapturesStatusBarAppearance)
    }

    @Test func tintedImagesAndSymbolTypes() throws {
        let red = square(4).withTintColor(.red)
        #expect(red.renderingMode == .alwaysOriginal)
        let pixel = try #require(red.cgImage).dataProvider?.data as Data?
        #expect(pixel.map { Array($0.prefix(4)) } == [255, 0, 0, 255])
        #expect(square(4).withTintColor(.blue, renderingMode: .alwaysTemplate).renderingMode == .alwaysTemplate)
        let scale: UIImage.SymbolScale = .large
        let weight: UIImage.SymbolWeight = .bold
        let configuration = UIImage.SymbolConfiguration(pointSize: 20, weight: weight, scale: scale)
        #expect(UIImage(systemName: "star", withConfiguration: configuration) != nil)
        #expect(UIImage(named: "no-such-image", in: .main, compatibleWith: nil) == nil)
    }

    @Test func barButtonItemsOfIOS14() {
        let menu = UIMenu(title: "", children: [UIAction(title: "One") { _ in }])
        let add = UIBarButtonItem(systemItem: .add, primaryAction: nil, menu: menu)
        #expect(add.menu === menu)
        let action = UIAction(title: "Share", image: nil) { _ in }
        let share = UIBarButtonItem(primaryAction: action)
        #expect(share.title == "Share" && share.primaryAction === action)
        let more = UIBarButtonItem(title: "More", menu: menu)
        #expect(more.title == "More" && more.menu === menu)
    }

    @Test func adjustableControlsStepForAssistiveTechnologies() {
        let slider = UISlider()
        slider.value = 0.5
        var changes = 0
        slider.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        slider.accessibilityIncrement()
        #expect(abs(slider.value - 0.6) < 1e-6 && changes == 1)
        slider.accessibilityDecrement()
        slider.accessibilityDecrement()
        #expect(abs(slider.value - 0.4) < 1e-6 && changes == 3)
        let stepper = UIStepper()
        stepper.stepValue = 5
        stepper.accessibilityIncrement()
        #expect(stepper.value == 5)
        let pages = UIPageControl()
        pages.numberOfPages = 3
        pages.accessibilityIncrement()
        #expect(pages.currentPage == 1)
        // A plain view does nothing.
        UIView().accessibilityIncrement()
        #expect(UIView().accessibilityActivate() == false)
    }

    @Test func aMaskViewMasksTheLayer() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let mask = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 40))
        mask.backgroundColor = .black
        view.mask = mask
        #expect(view.mask === mask)
        #expect(view.layer.mask === mask.layer)
        #expect(!view.subviews.contains(mask))
        view.mask = nil
        #expect(view.layer.mask == nil)
    }

    @Test func aPathStrokedAsSwiftImportsTheCFunction() throws {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 10))
        line.addLine(to: CGPoint(x: 100, y: 10))
        let outline = try #require(CGPath(__byStroking: line, transform: nil, lineWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        #expect(outline.boundingBoxOfPath == CGRect(x: 0, y: 8, width: 100, height: 4))
        #expect(CGPath(__byStroking: line, transform: nil, lineWidth: -1, lineCap: .butt, lineJoin: .miter, miterLimit: 10) == nil)
    }

    @Test func aDisplayLinkWithAFrameInterval() {
        withManualClock { clock in
            var calls = 0
            let link = CADisplayLink { _ in calls += 1 }
            link.frameInterval = 3
            link.frameInterval = 0
            #expect(link.frameInterval == 3)
            link.add(to: .main, forMode: .common)
            for _ in 0..<9 { clock.advance(by: 1.0 / 60) }
            link.invalidate()
            #expect(calls == 3)
        }
    }

    @Test func textFieldDrawingGoesThroughItsHooks() throws {
        final class Field: UITextField {
            var placeholderDraws = 0, textDraws = 0
            override func drawPlaceholder(in rect: CGRect) {
                placeholderDraws += 1
                super.drawPlaceholder(in: rect)
            }
            override func drawText(in rect: CGRect) {
                textDraws += 1
                super.drawText(in: rect)
            }
            override func placeholderRect(forBounds bounds: CGRect) -> CGRect {
                super.placeholderRect(forBounds: bounds).insetBy(dx: 4, dy: 0)
            }
        }
        let field = Field(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        field.placeholder = "Email"
        _ = UIGraphicsImageRenderer(size: field.bounds.size).image { field.layer.render(in: $0.cgContext) }
        #expect(field.placeholderDraws >= 1)
        field.text = "someone@example.com"
        _ = UIGraphicsImageRenderer(size: field.bounds.size).image { field.layer.render(in: $0.cgContext) }
        #expect(field.textDraws >= 1)
    }
}
