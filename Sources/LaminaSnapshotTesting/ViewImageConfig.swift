import Foundation
import UIKit

/// A device a view or view controller is shown on for its snapshot: the size of its window in
/// points, the window's safe-area insets, and the traits (idiom, size classes, scale) the
/// device gives its views.
///
/// The presets carry each device's scale (`traits.displayScale`), so a snapshot on `.iPhoneSe`
/// is 640 × 1136 pixels wherever it runs.
///
/// - Note: Differs from Apple: swift-snapshot-testing leaves the scale to the simulator the tests
///   run on; Lamina pins each preset's device scale, so images do not depend on the machine.
public struct ViewImageConfig: Sendable {
    public enum Orientation: Sendable {
        case landscape
        case portrait
    }

    /// An iPad's orientation and how much of the screen the app has in Split View.
    public enum TabletOrientation: Sendable {
        public enum PortraitSplits: Sendable {
            case oneThird
            case twoThirds
            case full
        }

        public enum LandscapeSplits: Sendable {
            case oneThird
            case oneHalf
            case twoThirds
            case full
        }

        case landscape(splitView: LandscapeSplits)
        case portrait(splitView: PortraitSplits)
    }

    /// The window's safe-area insets.
    public var safeArea: UIEdgeInsets
    /// The window's size in points; nil to use the view's own size.
    public var size: CGSize?
    /// The traits the device gives its views.
    public var traits: UITraitCollection

    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.safeArea = safeArea
        self.size = size
        self.traits = traits
    }

    // MARK: Phones

    public static let iPhoneSe = ViewImageConfig.iPhoneSe(.portrait)
    public static func iPhoneSe(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 320, 568, scale: 2, portraitInsets: .init(top: 20, left: 0, bottom: 0, right: 0), landscapeInsets: .zero,
              traits: .iPhoneSe(orientation))
    }

    public static let iPhone8 = ViewImageConfig.iPhone8(.portrait)
    public static func iPhone8(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 375, 667, scale: 2, portraitInsets: .init(top: 20, left: 0, bottom: 0, right: 0), landscapeInsets: .zero,
              traits: .iPhone8(orientation))
    }

    public static let iPhone8Plus = ViewImageConfig.iPhone8Plus(.portrait)
    public static func iPhone8Plus(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 414, 736, scale: 3, portraitInsets: .init(top: 20, left: 0, bottom: 0, right: 0), landscapeInsets: .zero,
              traits: .iPhone8Plus(orientation))
    }

    public static let iPhoneX = ViewImageConfig.iPhoneX(.portrait)
    public static func iPhoneX(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 375, 812, scale: 3, portraitInsets: .init(top: 44, left: 0, bottom: 34, right: 0),
              landscapeInsets: .init(top: 0, left: 44, bottom: 24, right: 44), traits: .iPhoneX(orientation))
    }

    public static let iPhoneXsMax = ViewImageConfig.iPhoneXsMax(.portrait)
    public static func iPhoneXsMax(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 414, 896, scale: 3, portraitInsets: .init(top: 44, left: 0, bottom: 34, right: 0),
              landscapeInsets: .init(top: 0, left: 44, bottom: 24, right: 44), traits: .iPhoneXsMax(orientation))
    }

    public static let iPhoneXr = ViewImageConfig.iPhoneXr(.portrait)
    public static func iPhoneXr(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 414, 896, scale: 2, portraitInsets: .init(top: 44, left: 0, bottom: 34, right: 0),
              landscapeInsets: .init(top: 0, left: 44, bottom: 24, right: 44), traits: .iPhoneXr(orientation))
    }

    public static let iPhone12 = ViewImageConfig.iPhone12(.portrait)
    public static func iPhone12(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 390, 844, scale: 3, portraitInsets: .init(top: 47, left: 0, bottom: 34, right: 0),
              landscapeInsets: .init(top: 0, left: 47, bottom: 21, right: 47), traits: .iPhone12(orientation))
    }

    public static let iPhone12Pro = ViewImageConfig.iPhone12Pro(.portrait)
    public static func iPhone12Pro(_ orientation: Orientation) -> ViewImageConfig { .iPhone12(orientation) }

    public static let iPhone12ProMax = ViewImageConfig.iPhone12ProMax(.portrait)
    public static func iPhone12ProMax(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 428, 926, scale: 3, portraitInsets: .init(top: 47, left: 0, bottom: 34, right: 0),
              landscapeInsets: .init(top: 0, left: 47, bottom: 21, right: 47), traits: .iPhone12ProMax(orientation))
    }

    public static let iPhone13 = ViewImageConfig.iPhone13(.portrait)
    public static func iPhone13(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 390, 844, scale: 3, portraitInsets: .init(top: 47, left: 0, bottom: 34, right: 0),
              landscapeInsets: .init(top: 0, left: 47, bottom: 21, right: 47), traits: .iPhone13(orientation))
    }

    public static let iPhone13Mini = ViewImageConfig.iPhone13Mini(.portrait)
    public static func iPhone13Mini(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 375, 812, scale: 3, portraitInsets: .init(top: 50, left: 0, bottom: 34, right: 0),
              landscapeInsets: .init(top: 0, left: 50, bottom: 21, right: 50), traits: .iPhone13(orientation))
    }

    public static let iPhone13Pro = ViewImageConfig.iPhone13Pro(.portrait)
    public static func iPhone13Pro(_ orientation: Orientation) -> ViewImageConfig { .iPhone13(orientation) }

    public static let iPhone13ProMax = ViewImageConfig.iPhone13ProMax(.portrait)
    public static func iPhone13ProMax(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, 428, 926, scale: 3, portraitInsets: .init(top: 47, left: 0, bottom: 34, right: 0),
              landscapeInsets: .init(top: 0, left: 47, bottom: 21, right: 47), traits: .iPhone13ProMax(orientation))
    }

    private static func phone(_ orientation: Orientation, _ width: CGFloat, _ height: CGFloat, scale: CGFloat,
                              portraitInsets: UIEdgeInsets, landscapeInsets: UIEdgeInsets, traits: UITraitCollection) -> ViewImageConfig {
        let scaled = UITraitCollection(traitsFrom: [traits, UITraitCollection(displayScale: scale)])
        switch orientation {
        case .portrait: return ViewImageConfig(safeArea: portraitInsets, size: CGSize(width: width, height: height), traits: scaled)
        case .landscape: return ViewImageConfig(safeArea: landscapeInsets, size: CGSize(width: height, height: width), traits: scaled)
        }
    }

    // MARK: Tablets (landscape unless asked)

    public static let iPadMini = ViewImageConfig.iPadMini(.landscape)
    public static func iPadMini(_ orientation: Orientation) -> ViewImageConfig { iPadMini(TabletOrientation(orientation)) }
    public static func iPadMini(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(orientation, width: 768, height: 1024, landscapeSplits: (320, 507, 694), portraitSplits: (320, 438),
               insets: .init(top: 20, left: 0, bottom: 0, right: 0))
    }

    public static let iPad9_7 = ViewImageConfig.iPadMini
    public static func iPad9_7(_ orientation: Orientation) -> ViewImageConfig { iPadMini(orientation) }
    public static func iPad9_7(_ orientation: TabletOrientation) -> ViewImageConfig { iPadMini(orientation) }

    public static let iPad10_2 = ViewImageConfig.iPad10_2(.landscape)
    public static func iPad10_2(_ orientation: Orientation) -> ViewImageConfig { iPad10_2(TabletOrientation(orientation)) }
    public static func iPad10_2(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(orientation, width: 810, height: 1080, landscapeSplits: (320, 535, 750), portraitSplits: (320, 480),
               insets: .init(top: 20, left: 0, bottom: 0, right: 0))
    }

    public static let iPadPro10_5 = ViewImageConfig.iPadPro10_5(.landscape)
    public static func iPadPro10_5(_ orientation: Orientation) -> ViewImageConfig { iPadPro10_5(TabletOrientation(orientation)) }
    public static func iPadPro10_5(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(orientation, width: 834, height: 1112, landscapeSplits: (320, 551, 782), portraitSplits: (320, 504),
               insets: .init(top: 20, left: 0, bottom: 0, right: 0))
    }

    public static let iPadPro11 = ViewImageConfig.iPadPro11(.landscape)
    public static func iPadPro11(_ orientation: Orientation) -> ViewImageConfig { iPadPro11(TabletOrientation(orientation)) }
    public static func iPadPro11(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(orientation, width: 834, height: 1194, landscapeSplits: (375, 592, 809), portraitSplits: (320, 504),
               insets: .init(top: 24, left: 0, bottom: 20, right: 0))
    }

    /// The 12.9-inch iPad Pro without a home button (2018 on): 24 points at the top and 20 at
    /// the bottom are outside the safe area.
    ///
    /// - Note: Differs from Apple: swift-snapshot-testing gives this preset the insets of the
    ///   first models (20 at the top, none below).
    public static let iPadPro12_9 = ViewImageConfig.iPadPro12_9(.landscape)
    public static func iPadPro12_9(_ orientation: Orientation) -> ViewImageConfig { iPadPro12_9(TabletOrientation(orientation)) }
    public static func iPadPro12_9(_ orientation: TabletOrientation) -> ViewImageConfig {
        tablet(orientation, width: 1024, height: 1366, landscapeSplits: (375, 678, 981), portraitSplits: (375, 639),
               insets: .init(top: 24, left: 0, bottom: 20, right: 0))
    }

    /// An iPad of `width` × `height` points upright; Split View widths (one third, one half,
    /// two thirds in landscape; one third, two thirds upright) are Apple's for the device. The
    /// narrow splits are compact in width.
    private static func tablet(_ orientation: TabletOrientation, width: CGFloat, height: CGFloat,
                               landscapeSplits: (CGFloat, CGFloat, CGFloat), portraitSplits: (CGFloat, CGFloat),
                               insets: UIEdgeInsets) -> ViewImageConfig {
        let size: CGSize
        let compact: Bool
        switch orientation {
        case .landscape(.oneThird): (size, compact) = (CGSize(width: landscapeSplits.0, height: width), true)
        case .landscape(.oneHalf): (size, compact) = (CGSize(width: landscapeSplits.1, height: width), landscapeSplits.1 < 678)
        case .landscape(.twoThirds): (size, compact) = (CGSize(width: landscapeSplits.2, height: width), false)
        case .landscape(.full): (size, compact) = (CGSize(width: height, height: width), false)
        case .portrait(.oneThird): (size, compact) = (CGSize(width: portraitSplits.0, height: height), true)
        case .portrait(.twoThirds): (size, compact) = (CGSize(width: portraitSplits.1, height: height), true)
        case .portrait(.full): (size, compact) = (CGSize(width: width, height: height), false)
        }
        let traits = UITraitCollection(traitsFrom: [compact ? .iPadCompactSplitView : .iPad, UITraitCollection(displayScale: 2)])
        return ViewImageConfig(safeArea: insets, size: size, traits: traits)
    }
}

extension ViewImageConfig.TabletOrientation {
    init(_ orientation: ViewImageConfig.Orientation) {
        switch orientation {
        case .landscape: self = .landscape(splitView: .full)
        case .portrait: self = .portrait(splitView: .full)
        }
    }
}

extension UITraitCollection {
    /// An iPhone's traits in an orientation: compact width (regular in landscape on the large
    /// phones), regular height upright and compact lying down, left to right, the default text
    /// size.
    private static func phone(_ orientation: ViewImageConfig.Orientation, wideInLandscape: Bool) -> UITraitCollection {
        let base: [UITraitCollection] = [
            .init(forceTouchCapability: .available), .init(layoutDirection: .leftToRight),
            .init(preferredContentSizeCategory: .medium), .init(userInterfaceIdiom: .phone),
        ]
        switch orientation {
        case .portrait:
            return .init(traitsFrom: base + [.init(horizontalSizeClass: .compact), .init(verticalSizeClass: .regular)])
        case .landscape:
            return .init(traitsFrom: base + [.init(horizontalSizeClass: wideInLandscape ? .regular : .compact),
                                             .init(verticalSizeClass: .compact)])
        }
    }

    public static func iPhoneSe(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: false) }
    public static func iPhone8(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: false) }
    public static func iPhone8Plus(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: true) }
    public static func iPhoneX(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: false) }
    public static func iPhoneXr(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: true) }
    public static func iPhoneXsMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: true) }
    public static func iPhone12(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: false) }
    public static func iPhone12ProMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: true) }
    public static func iPhone13(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: false) }
    public static func iPhone13ProMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection { phone(orientation, wideInLandscape: true) }

    public static let iPadMini = iPad
    public static let iPadMini_Compact_SplitView = iPadCompactSplitView
    public static let iPad9_7 = iPad
    public static let iPad9_7_Compact_SplitView = iPadCompactSplitView
    public static let iPad10_2 = iPad
    public static let iPad10_2_Compact_SplitView = iPadCompactSplitView
    public static let iPadPro10_5 = iPad
    public static let iPadPro10_5_Compact_SplitView = iPadCompactSplitView
    public static let iPadPro11 = iPad
    public static let iPadPro11_Compact_SplitView = iPadCompactSplitView
    public static let iPadPro12_9 = iPad
    public static let iPadPro12_9_Compact_SplitView = iPadCompactSplitView

    fileprivate static let iPad = UITraitCollection(traitsFrom: [
        .init(horizontalSizeClass: .regular), .init(verticalSizeClass: .regular), .init(userInterfaceIdiom: .pad),
    ])
    fileprivate static let iPadCompactSplitView = UITraitCollection(traitsFrom: [
        .init(horizontalSizeClass: .compact), .init(verticalSizeClass: .regular), .init(userInterfaceIdiom: .pad),
    ])
}
