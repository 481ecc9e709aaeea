// `import Cocoa` brings AppKit and Foundation (and through AppKit, QuartzCore and Core
// Graphics), as the Cocoa umbrella framework does on macOS.
@_exported import AppKit
@_exported import Foundation
