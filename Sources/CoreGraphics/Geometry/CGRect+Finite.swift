extension CGRect {
    /// Whether all four components are finite numbers (the null and infinite rectangles are
    /// not). Shared by the modules that refuse non-finite geometry.
    package var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
