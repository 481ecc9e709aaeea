/// How the ends of open stroked subpaths are drawn.
public enum CGLineCap: Int32, Sendable {
    /// The stroke stops exactly at the end point.
    case butt = 0
    /// A half circle of the line width's diameter caps the end.
    case round = 1
    /// The stroke extends half the line width past the end point.
    case square = 2
}

/// How two stroked segments meet at a corner.
public enum CGLineJoin: Int32, Sendable {
    /// The outer edges are extended to meet at a point, unless that exceeds the miter limit.
    case miter = 0
    /// A circular arc rounds the corner.
    case round = 1
    /// The corner is cut off straight.
    case bevel = 2
}

/// What a path-drawing call paints.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0
    case eoFill = 1
    case stroke = 2
    case fillStroke = 3
    case eoFillStroke = 4
}
