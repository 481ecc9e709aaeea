import Foundation
import UIKit

/// `lamina-bench app [--json FILE] [--quick] [--app PATH] [--scenes launch,storyboard,images]`:
/// what starting a whole app costs.
///
/// - `launch`: `Examples/NotesApp` started as a process until its first frame is presented
///   headless (`LAMINA_EXIT_AFTER_LAUNCH=1` ends it right after): process start, the app's
///   bundle, fonts, the scene and its storyboard, the first layout and frame. Build the app
///   first (`lamina package Examples/NotesApp && swift build -c release --package-path
///   Examples/NotesApp/.lamina/NotesApp`) or name it with `--app`.
/// - `storyboard_scene`: one controller of a 40-scene storyboard (each scene a view of twelve
///   labels, buttons and stack views with constraints) instantiated and its view loaded and
///   laid out, the document read once before.
/// - `storyboard_open`: reading that storyboard (the XML parsed) and making its first scene.
/// - `named_image_cold`, `named_image_cached`: `UIImage(named:in:compatibleWith:)` from a catalogue
///   of 500 image sets, the first time each name is asked for (its `Contents.json` read and
///   its PNG decoded) and every time after.
///
/// JSON: `{"engine": "lamina-app", "scenes": {"<name>": {"median_ms": x, …}}}`.
@MainActor
func runApp(_ arguments: [String]) {
    var json: String?
    var quick = false
    var appPath: String?
    var parts: Set<String> = ["launch", "storyboard", "images"]
    var rest = arguments
    while let flag = rest.first {
        rest.removeFirst()
        switch flag {
        case "--quick": quick = true
        case "--json": json = value(of: flag, from: &rest)
        case "--app": appPath = value(of: flag, from: &rest)
        case "--scenes": parts = Set(value(of: flag, from: &rest).split(separator: ",").map(String.init))
        default: fail("usage: lamina-bench app [--json FILE] [--quick] [--app PATH] [--scenes launch,storyboard,images]")
        }
    }
    var scenes: [String: Any] = [:]
    let timer = ContinuousClock()
    func ms(_ body: () -> Void) -> Double {
        let start = timer.now
        body()
        let d = timer.now - start
        return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
    }
    func record(_ name: String, _ samples: [Double], unit: String = "ms") {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        let median = sorted[sorted.count / 2]
        scenes[name] = ["median_ms": median, "min_ms": sorted[0], "reps": samples.count]
        let shown = unit == "µs" ? String(format: "%10.3f µs", median * 1000) : String(format: "%10.3f ms", median)
        print("\(name.padding(toLength: 24, withPad: " ", startingAt: 0)) median \(shown)  (\(samples.count) samples)")
    }

    // Launch, as a process.
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let candidates = [appPath].compactMap { $0 } + ["release", "debug"].map {
        root.appendingPathComponent("Examples/NotesApp/.lamina/NotesApp/.build/\($0)/NotesApp").path
    }
    if !parts.contains("launch") {
        // Not asked for.
    } else if let app = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
        var samples: [Double] = []
        for run in 0..<(quick ? 4 : 21) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: app)
            process.arguments = ["-UITesting"]
            var environment = ProcessInfo.processInfo.environment
            environment.removeValue(forKey: "DISPLAY")
            environment["LAMINA_EXIT_AFTER_LAUNCH"] = "1"
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let elapsed = ms {
                do { try process.run() } catch { fail("could not start \(app): \(error)") }
                process.waitUntilExit()
            }
            guard process.terminationStatus == 0 else { fail("\(app) exited with \(process.terminationStatus)") }
            if run > 0 { samples.append(elapsed) }  // the first run warms the file cache
        }
        print("launch: \(app)")
        record("launch", samples)
    } else {
        print("launch: skipped — build the app first: (cd Examples/NotesApp && swift build -c release)")
    }

    // A storyboard of 40 scenes.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-bench-app-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
        try AppBenchmarkFiles.storyboard(scenes: 40).write(to: folder.appendingPathComponent("Bench.storyboard"))
        if parts.contains("images") {
            try AppBenchmarkFiles.catalogue(images: 500, in: folder.appendingPathComponent("Assets.xcassets"))
        }
    } catch {
        fail("could not write the benchmark's files: \(error)")
    }
    guard let bundle = Bundle(url: folder) else { fail("no bundle at \(folder.path)") }
    var openSamples: [Double] = []
    var sceneSamples: [Double] = []
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    for round in 0..<(parts.contains("storyboard") ? (quick ? 2 : 6) : 0) {
        // A fresh copy of the file each round, so the document is read again.
        let name = "Bench\(round)"
        try? FileManager.default.copyItem(at: folder.appendingPathComponent("Bench.storyboard"),
                                          to: folder.appendingPathComponent(name + ".storyboard"))
        var storyboard: UIStoryboard?
        openSamples.append(ms {
            storyboard = UIStoryboard(name: name, bundle: bundle)
            window.rootViewController = storyboard?.instantiateViewController(withIdentifier: "Scene0")
            window.layoutIfNeeded()
        })
        for scene in 1..<40 {
            let sample = ms {
                window.rootViewController = storyboard?.instantiateViewController(withIdentifier: "Scene\(scene)")
                window.layoutIfNeeded()
            }
            if round > 0 { sceneSamples.append(sample) }
        }
    }
    window.rootViewController = nil
    record("storyboard_open", Array(openSamples.dropFirst()))
    record("storyboard_scene", sceneSamples)

    // Named images from a catalogue of 500.
    var cold: [Double] = []
    for index in 0..<(parts.contains("images") ? 500 : 0) {
        cold.append(ms { _ = UIImage(named: "Image\(index)", in: bundle, compatibleWith: nil) })
    }
    record("named_image_cold", cold)
    var cached: [Double] = []
    for _ in 0..<(parts.contains("images") ? (quick ? 3 : 20) : 0) {
        let batch = ms {
            for index in 0..<500 { _ = UIImage(named: "Image\(index)", in: bundle, compatibleWith: nil) }
        }
        cached.append(batch / 500)
    }
    record("named_image_cached", cached, unit: "µs")

    if let json {
        let document: [String: Any] = ["engine": "lamina-app", "scenes": scenes]
        if let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]) {
            FileManager.default.createFile(atPath: json, contents: data)
        }
    }
}

/// The files the app benchmark reads, written in Interface Builder's and Xcode's formats.
enum AppBenchmarkFiles {
    static func storyboard(scenes: Int) -> Data {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="S0-vc">
            <scenes>

        """
        for scene in 0..<scenes {
            let p = "S\(scene)"
            xml += """
                    <scene sceneID="\(p)-sc">
                        <objects>
                            <viewController storyboardIdentifier="Scene\(scene)" title="Scene \(scene)" id="\(p)-vc" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="\(p)-v">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title \(scene)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="\(p)-t">
                                            <rect key="frame" x="20" y="79" width="353" height="34"/>
                                            <fontDescription key="fontDescription" style="UICTFontTextStyleTitle1"/>
                                            <nil key="textColor"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="\(p)-s">
                                            <rect key="frame" x="20" y="129" width="353" height="300"/>
                                            <subviews>

            """
            for row in 0..<8 {
                if row % 2 == 0 {
                    xml += """
                                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Row \(row) of scene \(scene)" numberOfLines="0" lineBreakMode="wordWrap" translatesAutoresizingMaskIntoConstraints="NO" id="\(p)-r\(row)">
                                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                                        <color key="textColor" systemColor="secondaryLabelColor"/>
                                                        <nil key="highlightedColor"/>
                                                    </label>

                    """
                } else {
                    xml += """
                                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="\(p)-r\(row)">
                                                        <state key="normal" title="Button \(row)"/>
                                                    </button>

                    """
                }
            }
            xml += """
                                            </subviews>
                                        </stackView>
                                        <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" image="star" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="\(p)-i">
                                            <rect key="frame" x="176" y="449" width="40" height="40"/>
                                        </imageView>
                                        <switch opaque="NO" contentMode="scaleToFill" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="\(p)-w">
                                            <rect key="frame" x="20" y="509" width="51" height="31"/>
                                        </switch>
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="\(p)-sa"/>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                    <constraints>
                                        <constraint firstItem="\(p)-t" firstAttribute="top" secondItem="\(p)-sa" secondAttribute="top" constant="20" id="\(p)-c1"/>
                                        <constraint firstItem="\(p)-t" firstAttribute="leading" secondItem="\(p)-sa" secondAttribute="leading" constant="20" id="\(p)-c2"/>
                                        <constraint firstItem="\(p)-sa" firstAttribute="trailing" secondItem="\(p)-t" secondAttribute="trailing" constant="20" id="\(p)-c3"/>
                                        <constraint firstItem="\(p)-s" firstAttribute="top" secondItem="\(p)-t" secondAttribute="bottom" constant="16" id="\(p)-c4"/>
                                        <constraint firstItem="\(p)-s" firstAttribute="leading" secondItem="\(p)-t" secondAttribute="leading" id="\(p)-c5"/>
                                        <constraint firstItem="\(p)-s" firstAttribute="trailing" secondItem="\(p)-t" secondAttribute="trailing" id="\(p)-c6"/>
                                        <constraint firstItem="\(p)-i" firstAttribute="top" secondItem="\(p)-s" secondAttribute="bottom" constant="20" id="\(p)-c7"/>
                                        <constraint firstItem="\(p)-i" firstAttribute="centerX" secondItem="\(p)-v" secondAttribute="centerX" id="\(p)-c8"/>
                                        <constraint firstItem="\(p)-w" firstAttribute="top" secondItem="\(p)-i" secondAttribute="bottom" constant="20" id="\(p)-c9"/>
                                        <constraint firstItem="\(p)-w" firstAttribute="leading" secondItem="\(p)-t" secondAttribute="leading" id="\(p)-c10"/>
                                    </constraints>
                                </view>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="\(p)-fr" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>

            """
        }
        xml += """
            </scenes>
        </document>

        """
        return Data(xml.utf8)
    }

    /// A catalogue of `images` image sets, each a small PNG at 1×, 2× and 3×.
    static func catalogue(images: Int, in folder: URL) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: folder.appendingPathComponent("Contents.json"))
        var pngs: [Int: Data] = [:]
        for scale in 1...3 {
            let size = 16 * scale
            let renderer = UIGraphicsImageRenderer(size: CGSize(width: size, height: size), format: {
                let format = UIGraphicsImageRendererFormat()
                format.scale = 1
                return format
            }())
            pngs[scale] = renderer.pngData { context in
                UIColor.systemTeal.setFill()
                context.fill(CGRect(x: 0, y: 0, width: size, height: size))
            }
        }
        for index in 0..<images {
            let set = folder.appendingPathComponent("Image\(index).imageset")
            try fileManager.createDirectory(at: set, withIntermediateDirectories: true)
            let contents = """
            {"images":[{"filename":"i.png","idiom":"universal","scale":"1x"},{"filename":"i@2x.png","idiom":"universal","scale":"2x"},\
            {"filename":"i@3x.png","idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}
            """
            try Data(contents.utf8).write(to: set.appendingPathComponent("Contents.json"))
            try pngs[1]!.write(to: set.appendingPathComponent("i.png"))
            try pngs[2]!.write(to: set.appendingPathComponent("i@2x.png"))
            try pngs[3]!.write(to: set.appendingPathComponent("i@3x.png"))
        }
    }
}
