import Foundation

/// A piece of the app's state that can be restored later: what a scene session keeps for state
/// restoration, and what a scene connects with.
///
/// - Note: Differs from Apple: Foundation on Linux has no `NSUserActivity`, so UIKit provides
///   it, holding its values. There is no Handoff, Spotlight or Siri to publish it to:
///   `becomeCurrent()` makes it the app's current activity and nothing more.
@preconcurrency @MainActor
open class NSUserActivity: NSObject {
    /// The activity's type, in reverse-DNS form.
    public let activityType: String
    /// A user-visible title.
    open var title: String?
    /// The state that restores the activity.
    open var userInfo: [AnyHashable: Any]?
    /// The keys of `userInfo` needed to restore it.
    open var requiredUserInfoKeys: Set<String>?
    /// Where the activity's content can be found on the web.
    open var webpageURL: URL?
    /// A string identifying the activity's content.
    open var targetContentIdentifier: String?
    /// Whether another device may continue it (nothing does, on Lamina).
    open var isEligibleForHandoff = true
    /// Whether search may index it (nothing does, on Lamina).
    open var isEligibleForSearch = false
    /// Whether it may be shown to other users (nothing does, on Lamina).
    open var isEligibleForPublicIndexing = false
    /// Whether its state changed since it was last saved.
    open var needsSave = false
    /// Whether it is still valid (`invalidate()` ends it).
    public private(set) var isValid = true

    /// The app's current activity.
    static weak var current: NSUserActivity?

    public init(activityType: String) {
        self.activityType = activityType
        super.init()
    }

    /// Adds entries to `userInfo`.
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        var info = userInfo ?? [:]
        for (key, value) in otherDictionary { info[key] = value }
        userInfo = info
    }

    /// Makes this the app's current activity.
    open func becomeCurrent() {
        guard isValid else { return }
        NSUserActivity.current = self
    }

    /// Stops being the current activity.
    open func resignCurrent() {
        if NSUserActivity.current === self { NSUserActivity.current = nil }
    }

    /// Ends the activity: it can no longer become current.
    open func invalidate() {
        resignCurrent()
        isValid = false
    }
}
