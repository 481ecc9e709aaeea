import CoreGraphics
import Foundation
import LaminaSnapshotTesting
import Testing
import UIKit

/// What LaminaSnapshotTesting promises, checked from outside as a team would see it: where
/// files go, what each record mode does, what a failure leaves behind, tolerances, devices,
/// fonts, bad input. Values are swift-snapshot-testing's documented behaviour and Apple's device
/// specifications.
@MainActor
@Suite struct SnapshotBehaviourTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-snapshot-\(UUID().uuidString)")

    private func square(_ color: UIColor, dot: UIColor? = nil) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.backgroundColor = color
        if let dot {
            let pixel = UIView(frame: CGRect(x: 5, y: 5, width: 1, height: 1))
            pixel.backgroundColor = dot
            view.addSubview(pixel)
        }
        return view
    }

    /// RGBA bytes of a PNG file, read back through Core Graphics.
    private func pixels(ofPNG url: URL) throws -> (width: Int, height: Int, bytes: [UInt8]) {
        let image = try #require(UIImage(contentsOfFile: url.path)?.cgImage)
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
        let context = try #require(CGContext(data: &bytes, width: image.width, height: image.height, bitsPerComponent: 8,
                                             bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return (image.width, image.height, bytes)
    }

    private func paths(in message: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in message.split(separator: "\n") {
            for role in ["reference", "failure", "difference"] where line.hasPrefix("  \(role): ") {
                found[role] = String(line.dropFirst(role.count + 4))
            }
        }
        return found
    }

    @Test func aOnePixelChangeFailsAndWritesTheThreeImages() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let strategy = Snapshotting<UIView, UIImage>.image(traits: .init(displayScale: 1))
        let first = verifySnapshot(of: square(.systemGreen), as: strategy, named: "square", record: .missing, snapshotDirectory: folder.path,
                                   testName: "onePixel()")
        #expect(first?.hasPrefix("No reference was found on disk. Automatically recorded snapshot") == true)
        let reference = folder.appendingPathComponent("onePixel.square.png")
        let recorded = try Data(contentsOf: reference)
        #expect(verifySnapshot(of: square(.systemGreen), as: strategy, named: "square", record: .missing, snapshotDirectory: folder.path,
                               testName: "onePixel()") == nil, "the same view matches its reference")

        let failure = try #require(verifySnapshot(of: square(.systemGreen, dot: .systemRed), as: strategy, named: "square",
                                                  snapshotDirectory: folder.path, testName: "onePixel()"))
        #expect(failure.hasPrefix("Snapshot \"square\" does not match reference."))
        #expect(failure.contains("Newly-taken snapshot does not match reference."))
        let written = paths(in: failure)
        #expect(written.keys.sorted() == ["difference", "failure", "reference"], "the message names all three: \(failure)")
        let failed = try pixels(ofPNG: URL(fileURLWithPath: try #require(written["failure"])))
        let difference = try pixels(ofPNG: URL(fileURLWithPath: try #require(written["difference"])))
        #expect(failed.width == 20 && failed.height == 20)
        let changed = stride(from: 0, to: difference.bytes.count, by: 4).filter { i in
            difference.bytes[i] != 0 || difference.bytes[i + 1] != 0 || difference.bytes[i + 2] != 0
        }
        #expect(changed == [(5 * 20 + 5) * 4], "the difference image lights exactly the changed pixel")
        #expect(try Data(contentsOf: reference) == recorded, "outside record mode the reference is left as it was")
    }

    @Test func recordModesDoWhatTheySay() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("modes.1.txt")

        let never = withSnapshotTesting(record: .never) {
            verifySnapshot(of: "one", as: .lines, snapshotDirectory: folder.path, testName: "modes()")
        }
        #expect(never == "No reference was found on disk. New snapshot was not recorded because recording is disabled")
        #expect(!FileManager.default.fileExists(atPath: reference.path))

        let all = verifySnapshot(of: "one", as: .lines, named: "1", record: .all, snapshotDirectory: folder.path, testName: "modes()")
        #expect(all?.hasPrefix("Record mode is on. Automatically recorded snapshot") == true, "recording fails, so it is not left on")
        #expect(try String(contentsOf: reference, encoding: .utf8) == "one")

        #expect(verifySnapshot(of: "one", as: .lines, named: "1", record: .missing, snapshotDirectory: folder.path,
                               testName: "modes()") == nil)
        let mismatch = try #require(verifySnapshot(of: "two", as: .lines, named: "1", record: .missing,
                                                   snapshotDirectory: folder.path, testName: "modes()"))
        #expect(mismatch.contains("@@ \u{2212}1,1 +1,1 @@\n\u{2212}one\n+two"), "a unified diff of the lines: \(mismatch)")
        #expect(try String(contentsOf: reference, encoding: .utf8) == "one")

        let failed = withSnapshotTesting(record: .failed) {
            verifySnapshot(of: "two", as: .lines, named: "1", snapshotDirectory: folder.path, testName: "modes()")
        }
        #expect(failed?.contains("A new snapshot was automatically recorded.") == true)
        #expect(try String(contentsOf: reference, encoding: .utf8) == "two")
    }

    @Test func filesGoWhereTheLibraryPutsThem() throws {
        let base = URL(fileURLWithPath: "/tmp/lamina-snapshot-naming")
        defer { try? FileManager.default.removeItem(at: base) }
        _ = verifySnapshot(of: "a", as: .lines, record: .missing, file: "/tmp/lamina-snapshot-naming/LoginTests.swift", testName: "testLogin()")
        _ = verifySnapshot(of: "b", as: .lines, record: .missing, file: "/tmp/lamina-snapshot-naming/LoginTests.swift", testName: "testLogin()")
        _ = verifySnapshot(of: "c", as: .lines, named: "dark mode", record: .missing, file: "/tmp/lamina-snapshot-naming/LoginTests.swift",
                           testName: "testLogin()")
        let folder = base.appendingPathComponent("__Snapshots__/LoginTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == [".lamina-renderer", "testLogin.1.txt", "testLogin.2.txt", "testLogin.dark-mode.txt"])
        let sidecar = try String(contentsOf: folder.appendingPathComponent(".lamina-renderer"), encoding: .utf8)
        #expect(sidecar.split(separator: "\n").count == 3 && sidecar.hasPrefix("testLogin.1.txt "),
                "the renderer version of each recorded reference")
    }

    @Test func tolerancesAreTheLibrarys() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        func image(_ color: UIColor, oddPixel: UIColor? = nil) -> UIImage {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { context in
                color.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
                if let oddPixel {
                    oddPixel.setFill()
                    context.fill(CGRect(x: 3, y: 3, width: 1, height: 1))
                }
            }
        }
        let gray = UIColor(red: 128 / 255, green: 128 / 255, blue: 128 / 255, alpha: 1)
        let nearGray = UIColor(red: 130 / 255, green: 128 / 255, blue: 128 / 255, alpha: 1)
        _ = verifySnapshot(of: image(gray), as: .image, named: "gray", record: .missing, snapshotDirectory: folder.path, testName: "t()")

        // One pixel of a hundred, three colour bytes of four hundred, changed completely.
        let odd = image(gray, oddPixel: .black)
        #expect(verifySnapshot(of: odd, as: .image(precision: 0.99), named: "gray", snapshotDirectory: folder.path, testName: "t()") == nil)
        let strict = verifySnapshot(of: odd, as: .image(precision: 0.995), named: "gray", snapshotDirectory: folder.path, testName: "t()")
        #expect(strict?.contains("Actual image precision 0.9925 is less than required 0.995") == true, "\(strict ?? "matched")")

        // A colour two steps away everywhere (ΔE₉₄ ≈ 0.7): perceptually equal at 98 %, not byte for byte.
        let near = image(nearGray)
        #expect(verifySnapshot(of: near, as: .image, named: "gray", record: .missing, snapshotDirectory: folder.path, testName: "t()") != nil)
        #expect(verifySnapshot(of: near, as: .image(perceptualPrecision: 0.98), named: "gray", snapshotDirectory: folder.path,
                               testName: "t()") == nil)
        let black = verifySnapshot(of: odd, as: .image(precision: 1, perceptualPrecision: 0.98), named: "gray",
                                   snapshotDirectory: folder.path, testName: "t()")
        #expect(black?.contains("The percentage of pixels that match 0.99 is less than required 1.0") == true, "\(black ?? "matched")")
    }

    @Test func aControllerIsShownAsOnTheDevice() throws {
        final class Probe: UIViewController {
            var calls: [String] = []
            var insets = UIEdgeInsets.zero
            var traits: UITraitCollection?
            override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); calls.append("viewWillAppear") }
            override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); calls.append("viewDidAppear") }
            override func viewDidLayoutSubviews() {
                super.viewDidLayoutSubviews()
                insets = view.safeAreaInsets
                traits = traitCollection
            }
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = Probe()
        _ = verifySnapshot(of: probe as UIViewController, as: .image(on: .iPhoneSe), record: .missing, snapshotDirectory: folder.path, testName: "se()")
        #expect(probe.calls.prefix(2) == ["viewWillAppear", "viewDidAppear"])
        #expect(probe.insets == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(probe.traits?.horizontalSizeClass == .compact && probe.traits?.verticalSizeClass == .regular)
        #expect(probe.traits?.userInterfaceIdiom == .phone && probe.traits?.displayScale == 2)
        let se = try pixels(ofPNG: folder.appendingPathComponent("se.1.png"))
        #expect(se.width == 640 && se.height == 1136, "iPhone SE: 320 × 568 points at 2×")

        let pad = Probe()
        _ = verifySnapshot(of: pad as UIViewController, as: .image(on: .iPadPro11), record: .missing, snapshotDirectory: folder.path, testName: "pad()")
        #expect(pad.insets == UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        #expect(pad.traits?.horizontalSizeClass == .regular && pad.traits?.userInterfaceIdiom == .pad)
        let padImage = try pixels(ofPNG: folder.appendingPathComponent("pad.1.png"))
        #expect(padImage.width == 2388 && padImage.height == 1668, "iPad Pro 11-inch landscape: 1194 × 834 points at 2×")
        #expect(ViewImageConfig.iPhone13.size == CGSize(width: 390, height: 844))
        #expect(ViewImageConfig.iPhone13(.landscape).safeArea == UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        #expect(ViewImageConfig.iPadMini(.portrait(splitView: .oneThird)).traits.horizontalSizeClass == .compact)
    }

    @Test func snapshotsUseThePinnedFontsAndAreDeterministic() throws {
        #expect(UIFont.systemFont(ofSize: 17).familyName == "Inter")
        #expect(UIFont.monospacedSystemFont(ofSize: 13, weight: .regular).familyName == "JetBrains Mono")
        #expect(ProcessInfo.processInfo.environment["LAMINA_FONT_DIRECTORY"]?.hasSuffix("Lamina_LaminaSnapshotTesting.resources/Fonts") == true,
                "pinned as the test process started, before any font was made")
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        label.text = "中文 日本語 한국어"
        let strategy = Snapshotting<UIView, UIImage>.image(traits: .init(displayScale: 1))
        var first: Data?
        var second: Data?
        strategy.snapshot(label).run { first = strategy.diffing.toData($0) }
        strategy.snapshot(label).run { second = strategy.diffing.toData($0) }
        #expect(first != nil && first == second, "the same view gives the same bytes")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #require(first).write(to: folder.appendingPathComponent("cjk.png"))
        let drawn = try pixels(ofPNG: folder.appendingPathComponent("cjk.png"))
        let inked = stride(from: 3, to: drawn.bytes.count, by: 4).filter { drawn.bytes[$0] > 128 }.count
        #expect(inked > 100, "Chinese, Japanese and Korean glyphs are drawn from the fallback font, not as boxes or nothing")
    }

    @Test func badInputFailsWithAClearMessage() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = UIView(frame: .zero)
        let zero = verifySnapshot(of: empty, as: .image, snapshotDirectory: folder.path, testName: "zero()")
        #expect(zero?.hasPrefix("View not renderable to image at size (0.0, 0.0)") == true, "\(zero ?? "matched")")
        let nan = verifySnapshot(of: square(.red), as: .image(size: CGSize(width: CGFloat.nan, height: 10)),
                                 snapshotDirectory: folder.path, testName: "nan()")
        #expect(nan?.hasPrefix("View not renderable to image") == true)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".png") } ?? [] == [],
                "nothing is recorded for a view that cannot be drawn")

        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let truncated = folder.appendingPathComponent("truncated.1.png")
        let full = try #require(UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }.pngData())
        try full.prefix(30).write(to: truncated)
        let broken = verifySnapshot(of: square(.red), as: .image, snapshotDirectory: folder.path, testName: "truncated()")
        #expect(broken?.hasPrefix("Reference image could not be loaded. \(truncated.path) is truncated or not in the snapshot's format") == true,
                "\(broken ?? "matched")")
        #expect(try Data(contentsOf: truncated) == full.prefix(30), "a bad reference is not overwritten")
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("text.1.png"))
        #expect(verifySnapshot(of: square(.red), as: .image, snapshotDirectory: folder.path, testName: "text()")?
                .hasPrefix("Reference image could not be loaded.") == true)

        let unwritable = verifySnapshot(of: "x", as: .lines, snapshotDirectory: "/proc/lamina-snapshots", testName: "t()")
        #expect(unwritable?.hasPrefix("The snapshot folder /proc/lamina-snapshots cannot be made") == true, "\(unwritable ?? "")")

        let neverArrives = Snapshotting<String, String>(pathExtension: "txt", diffing: .lines) { _ in Async { _ in } }
        let timedOut = verifySnapshot(of: "x", as: neverArrives, snapshotDirectory: folder.path, timeout: 0.05, testName: "t()")
        #expect(timedOut?.hasPrefix("Exceeded timeout of 0.05 seconds waiting for snapshot.") == true)
    }

    @Test func aThrowingValueFailsTheAssertionWithItsError() {
        struct NotReady: Error, LocalizedError { var errorDescription: String? { "the fixture is not ready" } }
        func makeView() throws -> UIView { throw NotReady() }
        let failure = verifySnapshot(of: try makeView(), as: .image, snapshotDirectory: folder.path, testName: "throws()")
        #expect(failure == "The snapshot could not be taken: the fixture is not ready")
    }

    /// A controller that animates as it appears is drawn as the animation ends: the image holds
    /// the layers' model values, as on the simulator.
    @Test func animationsStartedWhileShowingAreDrawnSettled() throws {
        final class Fading: UIViewController {
            let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            override func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .white
                box.backgroundColor = .black
                view.addSubview(box)
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                UIView.animate(withDuration: 2) { self.box.alpha = 0.5 }
            }
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = verifySnapshot(of: Fading() as UIViewController, as: .image(size: CGSize(width: 10, height: 10), traits: .init(displayScale: 1)),
                           record: .all, snapshotDirectory: folder.path, testName: "fade()")
        let drawn = try pixels(ofPNG: folder.appendingPathComponent("fade.1.png"))
        #expect((127...128).contains(Int(drawn.bytes[0])), "black at alpha 0.5 over white: \(drawn.bytes[0])")
    }

    /// Nothing the test owns is lost: a view goes back into its superview at its place and
    /// frame, a child controller back to its parent.
    @Test func aSnapshottedViewOrChildGoesBackWhereItWas() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let first = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let shown = square(.blue)
        shown.frame.origin = CGPoint(x: 30, y: 40)
        let last = UIView()
        [first, shown, last].forEach(container.addSubview)
        _ = verifySnapshot(of: shown, as: .image, record: .all, snapshotDirectory: folder.path, testName: "view()")
        #expect(container.subviews == [first, shown, last])
        #expect(shown.frame == CGRect(x: 30, y: 40, width: 20, height: 20))

        let root = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        navigation.view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        navigation.view.layoutIfNeeded()
        let frame = root.view.frame
        _ = verifySnapshot(of: root, as: .image(on: .iPhoneSe), record: .all, snapshotDirectory: folder.path, testName: "child()")
        #expect(root.parent === navigation && navigation.viewControllers == [root])
        #expect(root.view.superview != nil && root.view.frame == frame)
    }

    /// The sidecar's digests only ever shortcut a match of the very file they were recorded
    /// for: a reference replaced behind its back (a merge, another tool) is read and compared.
    @Test func aReplacedReferenceIsComparedNotTrustedFromTheSidecar() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let strategy = Snapshotting<UIView, UIImage>.image(traits: .init(displayScale: 1))
        _ = verifySnapshot(of: square(.systemGreen), as: strategy, named: "s", record: .all, snapshotDirectory: folder.path, testName: "r()")
        let sidecar = try String(contentsOf: folder.appendingPathComponent(".lamina-renderer"), encoding: .utf8)
        #expect(sidecar.split(separator: " ").count == 4, "version and the file's and pixels' digests: \(sidecar)")
        #expect(verifySnapshot(of: square(.systemGreen), as: strategy, named: "s", snapshotDirectory: folder.path, testName: "r()") == nil)
        let red = try #require(UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return format
        }()).image { context in
            UIColor.systemRed.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }.pngData())
        try red.write(to: folder.appendingPathComponent("r.s.png"))
        #expect(verifySnapshot(of: square(.systemGreen), as: strategy, named: "s", snapshotDirectory: folder.path, testName: "r()")?
                    .hasPrefix("Snapshot \"s\" does not match reference.") == true)
    }

    @Test func shardsSplitTestsWithoutOverlap() throws {
        let names = (0..<500).map { "test\($0)()" }
        let shards = try (0..<3).map { try #require(Shard(index: $0, count: 3)) }
        var seen: [String: Int] = [:]
        for (index, shard) in shards.enumerated() {
            for name in names where shard.includes(file: "/repo/Tests/LoginTests.swift", testName: name) { seen[name, default: 0] += 1; _ = index }
        }
        #expect(seen.count == names.count && seen.values.allSatisfy { $0 == 1 }, "each test in exactly one shard")
        let sizes = shards.map { shard in names.filter { shard.includes(file: "LoginTests.swift", testName: $0) }.count }
        #expect(sizes.allSatisfy { $0 > 120 }, "shards are about even: \(sizes)")
        #expect(Shard(index: 3, count: 3) == nil && Shard(index: 0, count: 0) == nil)
    }
}
