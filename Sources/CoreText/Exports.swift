// Core Text sits on Core Graphics, as on Apple's systems: `import CoreText` brings the
// geometry types and CGContext with it.
@_exported import CoreGraphics
