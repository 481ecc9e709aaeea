import Foundation

/// An iOS device the headless screen can stand for (`LAMINA_DEVICE`, `lamina run --device`):
/// its screen in points held upright, its scale, the safe-area insets of a full-screen window
/// (the status bar or sensor housing, the home indicator), and its idiom.
///
/// - Note: Lamina addition.
struct DeviceProfile: Sendable, Equatable {
    let name: String
    let size: CGSize
    let scale: CGFloat
    let safeArea: UIEdgeInsets
    let idiom: UIUserInterfaceIdiom

    private init(_ name: String, _ width: CGFloat, _ height: CGFloat, scale: CGFloat, top: CGFloat, bottom: CGFloat = 0,
                 idiom: UIUserInterfaceIdiom = .phone) {
        self.name = name
        size = CGSize(width: width, height: height)
        self.scale = scale
        safeArea = UIEdgeInsets(top: top, left: 0, bottom: bottom, right: 0)
        self.idiom = idiom
    }

    /// The devices by name, in portrait.
    static let all: [DeviceProfile] = [
        DeviceProfile("iPhoneSe", 320, 568, scale: 2, top: 20),
        DeviceProfile("iPhone8", 375, 667, scale: 2, top: 20),
        DeviceProfile("iPhone8Plus", 414, 736, scale: 3, top: 20),
        DeviceProfile("iPhoneX", 375, 812, scale: 3, top: 44, bottom: 34),
        DeviceProfile("iPhoneXr", 414, 896, scale: 2, top: 48, bottom: 34),
        DeviceProfile("iPhoneXsMax", 414, 896, scale: 3, top: 44, bottom: 34),
        DeviceProfile("iPhone12", 390, 844, scale: 3, top: 47, bottom: 34),
        DeviceProfile("iPhone12Pro", 390, 844, scale: 3, top: 47, bottom: 34),
        DeviceProfile("iPhone12ProMax", 428, 926, scale: 3, top: 47, bottom: 34),
        DeviceProfile("iPhone13Mini", 375, 812, scale: 3, top: 50, bottom: 34),
        DeviceProfile("iPhone13", 390, 844, scale: 3, top: 47, bottom: 34),
        DeviceProfile("iPhone13Pro", 390, 844, scale: 3, top: 47, bottom: 34),
        DeviceProfile("iPhone13ProMax", 428, 926, scale: 3, top: 47, bottom: 34),
        DeviceProfile("iPhone14", 390, 844, scale: 3, top: 47, bottom: 34),
        DeviceProfile("iPhone15", 393, 852, scale: 3, top: 59, bottom: 34),
        DeviceProfile("iPhone15Pro", 393, 852, scale: 3, top: 59, bottom: 34),
        DeviceProfile("iPhone15ProMax", 430, 932, scale: 3, top: 59, bottom: 34),
        DeviceProfile("iPadMini", 768, 1024, scale: 2, top: 20, idiom: .pad),
        DeviceProfile("iPad9_7", 768, 1024, scale: 2, top: 20, idiom: .pad),
        DeviceProfile("iPad10_2", 810, 1080, scale: 2, top: 20, idiom: .pad),
        DeviceProfile("iPadPro10_5", 834, 1112, scale: 2, top: 20, idiom: .pad),
        DeviceProfile("iPadPro11", 834, 1194, scale: 2, top: 24, bottom: 20, idiom: .pad),
        DeviceProfile("iPadPro12_9", 1024, 1366, scale: 2, top: 24, bottom: 20, idiom: .pad),
    ]

    /// The device named `name`, ignoring case, spaces, dashes and underscores (`iPhone 13`,
    /// `iphone13`, `iPad-Pro-11`); nil for another name.
    static func named(_ name: String) -> DeviceProfile? {
        func folded(_ text: String) -> String { text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" } }
        let wanted = folded(name)
        return all.first { folded($0.name) == wanted }
    }

    /// The device `LAMINA_DEVICE` names, read once; nil when unset (the default headless screen:
    /// 390 × 844 points at 3×, no insets). An unknown name is reported and ignored.
    nonisolated static let current: DeviceProfile? = {
        guard let name = ProcessInfo.processInfo.environment["LAMINA_DEVICE"], !name.isEmpty else { return nil }
        guard let device = named(name) else {
            ConsoleLog.report("LAMINA_DEVICE: no device named \(name) (one of \(all.map(\.name).joined(separator: ", "))).")
            return nil
        }
        return device
    }()
}
