import Foundation
import iOSComponents
import UIKit

// Renders the components screen on a manual clock at a few instants and compares each frame
// with the reference PNG beside this package (2/255 per channel). `--record` rewrites the
// references; a mismatch writes the actual frame and a difference image to
// `.build/component-failures/` and exits with status 1.

let packageDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let referenceDirectory = packageDirectory.appendingPathComponent("References")
let failureDirectory = packageDirectory.appendingPathComponent(".build/component-failures")
let record = CommandLine.arguments.contains("--record")
let tolerance = 2

/// The RGBA bytes of `image`, drawn into a plain bitmap.
func rgba(_ image: CGImage) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
    bytes.withUnsafeMutableBytes { raw in
        let context = CGContext(data: raw.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                                bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        context?.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    }
    return bytes
}

/// Nil when `image` matches the reference `name`, else what differs.
func compare(_ image: CGImage, name: String) -> String? {
    let referenceURL = referenceDirectory.appendingPathComponent(name + ".png")
    guard let actualData = UIImage(cgImage: image).pngData() else { return "could not encode \(name)" }
    if record {
        try? FileManager.default.createDirectory(at: referenceDirectory, withIntermediateDirectories: true)
        try? actualData.write(to: referenceURL)
        return nil
    }
    func writeFailure(_ data: Data?, _ suffix: String) -> String {
        try? FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        let url = failureDirectory.appendingPathComponent(name + suffix)
        try? data?.write(to: url)
        return url.path
    }
    guard let referenceData = FileManager.default.contents(atPath: referenceURL.path),
          let reference = UIImage(data: referenceData)?.cgImage,
          let actual = UIImage(data: actualData)?.cgImage else {
        return "missing reference \(referenceURL.path); actual: \(writeFailure(actualData, "-actual.png"))"
    }
    guard reference.width == actual.width, reference.height == actual.height else {
        return "size \(actual.width)×\(actual.height) differs from \(reference.width)×\(reference.height)"
    }
    let a = rgba(actual), r = rgba(reference)
    var differing = 0, worst = 0
    var diff = [UInt8](repeating: 255, count: a.count)
    for i in stride(from: 0, to: a.count, by: 4) {
        var pixelWorst = 0
        for c in 0..<4 { pixelWorst = max(pixelWorst, abs(Int(a[i + c]) - Int(r[i + c]))) }
        worst = max(worst, pixelWorst)
        if pixelWorst > tolerance { differing += 1 }
        diff[i] = UInt8(min(255, pixelWorst * 8)); diff[i + 1] = 0; diff[i + 2] = 0
    }
    guard differing > 0 else { return nil }
    let diffImage: CGImage? = diff.withUnsafeMutableBytes { raw in
        CGContext(data: raw.baseAddress, width: actual.width, height: actual.height, bitsPerComponent: 8,
                  bytesPerRow: actual.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()
    }
    let actualPath = writeFailure(actualData, "-actual.png")
    let diffPath = writeFailure(diffImage.flatMap { UIImage(cgImage: $0).pngData() }, "-diff.png")
    return "\(name): \(differing) pixels differ by more than \(tolerance) (worst \(worst)); actual: \(actualPath), diff: \(diffPath)"
}

var failures: [String] = []

/// Renders `window` at `time` and compares the frame with the reference `name`.
func check(_ window: UIWindow, at time: CFTimeInterval, name: String) {
    guard let frame = window.renderedImage(atTime: time) else {
        failures.append("no frame for \(name)")
        return
    }
    if let message = compare(frame, name: name) { failures.append(message) } else { print("\(name): matches") }
}

/// A window of `size` showing `controller`, on screen and committed.
func show(_ controller: UIViewController, size: CGSize) -> UIWindow {
    let window = UIWindow(frame: CGRect(origin: .zero, size: size))
    window.rootViewController = controller
    window.makeKeyAndVisible()
    CATransaction.flush()
    return window
}

let clock = CAMediaClock(manualTime: 0)
clock.withCurrent {
    let controller = ComponentsViewController()
    let window = show(controller, size: CGSize(width: 300, height: 400))
    var elapsed: CFTimeInterval = 0
    for instant in [0.2, 0.5, 1.5] as [CFTimeInterval] {
        clock.advance(by: instant - elapsed)
        elapsed = instant
        check(window, at: clock.time, name: String(format: "components-%.1fs", instant))
    }
    if controller.toast?.superview == nil { failures.append("the toast left before its time") }
    if controller.ring.accessibilityValue != "70 percent" { failures.append("ring accessibility value") }
}

// The settings screen, laid out by Auto Layout: before, during and after its notes panel
// animates open.
let settingsClock = CAMediaClock(manualTime: 0)
settingsClock.withCurrent {
    let controller = SettingsViewController()
    let window = show(controller, size: CGSize(width: 300, height: 260))
    check(window, at: settingsClock.time, name: "settings-closed")
    controller.showNotes()
    CATransaction.flush()
    var elapsed: CFTimeInterval = 0
    for (instant, name) in [(0.2, "settings-opening"), (0.6, "settings-open")] as [(CFTimeInterval, String)] {
        settingsClock.advance(by: instant - elapsed)
        elapsed = instant
        check(window, at: settingsClock.time, name: name)
    }
    if controller.notesHeight.constant != 48 { failures.append("notes height") }
}

// Onboarding in a tab bar: three pages with symbols and dots, a Continue button with edge
// insets that turns to the next page (before, during and after the turn).
let onboardingClock = CAMediaClock(manualTime: 0)
onboardingClock.withCurrent {
    let tabs = OnboardingTabBarController()
    let window = show(tabs, size: CGSize(width: 320, height: 480))
    check(window, at: onboardingClock.time, name: "onboarding-page1")
    tabs.onboarding.continueButton.sendActions(for: .touchUpInside)
    CATransaction.flush()
    onboardingClock.advance(by: 0.15)
    check(window, at: onboardingClock.time, name: "onboarding-turning")
    onboardingClock.advance(by: 1)
    CATransaction.flush()
    check(window, at: onboardingClock.time, name: "onboarding-page2")
    if tabs.onboarding.pageController.viewControllers?.first !== tabs.onboarding.pages[1] { failures.append("the page did not turn") }
}

if failures.isEmpty {
    print(record ? "references recorded" : "all component frames match")
} else {
    failures.forEach { print("FAIL: \($0)") }
    exit(1)
}
