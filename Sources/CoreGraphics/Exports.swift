// Foundation on Linux already defines CGFloat, CGPoint, CGSize and CGRect together with the
// CGRect helpers (insetBy, union, integral, …). CoreGraphics re-exports them rather than
// defining its own, so `import CoreGraphics` alone gives iOS code the geometry types it expects.
@_exported import Foundation
