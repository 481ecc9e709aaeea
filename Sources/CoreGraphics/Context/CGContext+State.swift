extension CGContext {
    /// Pushes a copy of the graphics state (CTM, colours, line style, alpha, clip, …).
    public func saveGState() {
        savedStates.append(state)
    }

    /// Pops the graphics state saved by the matching `saveGState()`; does nothing if none is
    /// saved. The current path is not part of the state.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        state = saved
    }

    /// The current transformation matrix (user space to device space).
    public var ctm: CGAffineTransform { state.ctm }

    /// The transform from user space to device space (the CTM).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Moves the user-space origin by (tx, ty).
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        state.ctm = state.ctm.translatedBy(x: tx, y: ty)
    }

    /// Scales user space.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        state.ctm = state.ctm.scaledBy(x: sx, y: sy)
    }

    /// Rotates user space by `angle` radians.
    public func rotate(by angle: CGFloat) {
        state.ctm = state.ctm.rotated(by: angle)
    }

    /// Prepends `transform` to the CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
    }

    /// Maps a user-space point to device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// Maps a device-space point to user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    /// Maps a user-space rectangle to device space (bounding box).
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    /// Maps a device-space rectangle to user space (bounding box).
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    /// Sets the fill colour; colours in spaces other than RGB or gray fill black.
    public func setFillColor(_ color: CGColor) {
        state.fill = color.rgba
    }

    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) {
        state.stroke = color.rgba
    }

    /// Sets the fill colour from RGB components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Sets the stroke colour from RGB components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Sets the fill colour to a gray level.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(gray: gray, alpha: alpha))
    }

    /// Sets the stroke colour to a gray level.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(gray: gray, alpha: alpha))
    }

    /// Sets the stroke width in user-space units; 0 draws the thinnest visible line.
    public func setLineWidth(_ width: CGFloat) {
        state.lineWidth = width
    }

    public func setLineCap(_ cap: CGLineCap) {
        state.lineCap = cap
    }

    public func setLineJoin(_ join: CGLineJoin) {
        state.lineJoin = join
    }

    /// Sets the dash pattern: alternating on and off lengths in user space, starting `phase`
    /// into the pattern. An empty pattern, or one with a negative or non-finite length or a zero
    /// total, strokes solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.dash = Dasher(phase: phase, lengths: lengths)
    }

    /// Sets the miter limit: a miter join longer than `limit` × the line width is bevelled.
    public func setMiterLimit(_ limit: CGFloat) {
        state.miterLimit = limit
    }

    /// Sets a constant opacity applied to everything drawn (clamped to 0…1).
    public func setAlpha(_ alpha: CGFloat) {
        state.alpha = alpha.isNaN ? 0 : Float(Swift.max(0, Swift.min(1, alpha)))
    }

    /// Sets how drawing combines with existing pixels.
    public func setBlendMode(_ mode: CGBlendMode) {
        state.blendMode = mode
    }

    /// Turns anti-aliasing on or off for subsequent drawing.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        state.shouldAntialias = shouldAntialias
    }

    /// Whether anti-aliasing may be used at all (not part of the graphics state).
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        self.allowsAntialiasing = allowsAntialiasing
    }

    /// The resampling quality for images.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Whether reduced images blend the two nearest levels of their reduction pyramid
    /// (trilinear filtering, for Core Animation's `trilinear` contents filter). Part of the
    /// graphics state.
    package var trilinearFiltering: Bool {
        get { state.trilinearFiltering }
        set { state.trilinearFiltering = newValue }
    }

    var antialias: Bool { state.shouldAntialias && allowsAntialiasing }
}
