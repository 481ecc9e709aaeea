// `import AppKit` gives macOS code Foundation, Core Graphics and Core Animation, as on macOS.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import QuartzCore
@_exported import ObjectiveC
