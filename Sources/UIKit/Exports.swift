// `import UIKit` gives iOS code Foundation, Core Graphics and Core Animation, as on iOS.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import QuartzCore
@_exported import ObjectiveC
#if canImport(FoundationNetworking)
// `URLSession`, `URLRequest` and `HTTPURLResponse` live in a module of their own on Linux; iOS
// code finds them through UIKit.
@_exported import FoundationNetworking
#endif
