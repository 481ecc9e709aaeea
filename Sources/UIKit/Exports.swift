// `import UIKit` gives iOS code Foundation, Core Graphics and Core Animation, as on iOS.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import QuartzCore
@_exported import ObjectiveC
