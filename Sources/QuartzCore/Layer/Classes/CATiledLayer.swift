/// A layer whose contents are drawn in tiles, on demand: only the tiles of the visible part
/// (see `visibleRect`) are drawn, each by its own `draw(in:)` call with the context clipped to
/// the tile, at the level of detail that matches the layer's scale. Drawn tiles are kept until
/// `setNeedsDisplay` discards them; scrolling an enclosing scroll layer draws the tiles that
/// come into view.
///
/// - Note: Differs from Apple: tiles are drawn synchronously when the layer displays (Apple
///   draws them on background threads and fades them in over `fadeDuration()`).
open class CATiledLayer: CALayer {
    /// How long newly drawn tiles fade in on Apple's platforms: 0.25 s.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// How many levels of detail are kept (each half the scale of the one above); 1 by default.
    open var levelsOfDetail: Int = 1 { didSet { if levelsOfDetail != oldValue { setNeedsDisplay() } } }
    /// How many of the levels are magnified above 1×; 0 by default.
    open var levelsOfDetailBias: Int = 0 { didSet { if levelsOfDetailBias != oldValue { setNeedsDisplay() } } }
    /// The size of a tile in pixels; 256 × 256 by default.
    open var tileSize = CGSize(width: 256, height: 256) { didSet { if tileSize != oldValue { setNeedsDisplay() } } }

    /// Drawn tiles by level scale and tile column and row.
    struct TileKey: Hashable {
        let level: CGFloat
        let column: Int
        let row: Int
    }

    var tiles: [TileKey: CGImage] = [:]

    public required init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CATiledLayer else { return }
        levelsOfDetail = other.levelsOfDetail
        levelsOfDetailBias = other.levelsOfDetailBias
        tileSize = other.tileSize
        tiles = other.tiles
    }

    public required init?(coder: NSCoder) { nil }

    /// Discards every tile.
    open override func setNeedsDisplay() {
        tiles = [:]
        super.setNeedsDisplay()
    }

    /// Discards the tiles that overlap `r`.
    open override func setNeedsDisplay(_ r: CGRect) {
        let level = levelScale
        let side = tilePoints(level)
        tiles = tiles.filter { key, _ in
            key.level != level || !tileRect(key.column, key.row, side).intersects(r)
        }
        super.setNeedsDisplay(r)
    }

    /// Marks the layer for display without discarding tiles (when new tiles come into view).
    func needsMoreTiles() {
        markNeedsDisplay()
    }

    /// The level of detail drawn: levels have scales 2^bias, 2^(bias−1), … (`levelsOfDetail` of
    /// them); the layer at its own size uses 1× when it is among them, else the nearest above.
    ///
    /// - Note: Differs from Apple: the level follows the layer's own scale only, not zooming
    ///   by ancestors' transforms.
    var levelScale: CGFloat {
        let levels = Swift.max(levelsOfDetail, 1), bias = Swift.min(Swift.max(levelsOfDetailBias, 0), 16)
        return CGFloat(1 << Swift.max(0, bias - levels + 1))
    }

    private func tilePoints(_ level: CGFloat) -> CGSize {
        let pixelsPerPoint = Swift.max(contentsScale * level, 1e-3)
        return CGSize(width: Swift.max(tileSize.width, 1) / pixelsPerPoint, height: Swift.max(tileSize.height, 1) / pixelsPerPoint)
    }

    private func tileRect(_ column: Int, _ row: Int, _ side: CGSize) -> CGRect {
        CGRect(x: bounds.minX + CGFloat(column) * side.width, y: bounds.minY + CGFloat(row) * side.height,
               width: side.width, height: side.height)
    }

    /// Draws the visible tiles that are not drawn yet.
    open override func display() {
        needsDisplayFlag = false
        guard bounds.width > 0, bounds.height > 0 else { return }
        let level = levelScale
        let side = tilePoints(level)
        let visible = visibleRect.intersection(bounds)
        guard !visible.isNull, !visible.isEmpty, side.width > 0, side.height > 0 else { return }
        // Tile indices are counted in floating point first: a huge layer or scale would
        // overflow Int, and more than 4096 tiles are not drawn in one pass anyway.
        let columns = (((visible.minX - bounds.minX) / side.width).rounded(.down), ((visible.maxX - bounds.minX) / side.width).rounded(.up))
        let rows = (((visible.minY - bounds.minY) / side.height).rounded(.down), ((visible.maxY - bounds.minY) / side.height).rounded(.up))
        let limit: CGFloat = 1e12
        guard columns.0.isFinite, columns.1.isFinite, rows.0.isFinite, rows.1.isFinite,
              abs(columns.0) < limit, abs(columns.1) < limit, abs(rows.0) < limit, abs(rows.1) < limit,
              (columns.1 - columns.0) * (rows.1 - rows.0) <= 4096 else { return }
        let firstColumn = Int(columns.0), lastColumn = Int(columns.1), firstRow = Int(rows.0), lastRow = Int(rows.1)
        for row in firstRow..<lastRow {
            for column in firstColumn..<lastColumn {
                let key = TileKey(level: level, column: column, row: row)
                guard tiles[key] == nil else { continue }
                // Tiles at the edges stop at the bounds.
                let rect = tileRect(column, row, side).intersection(bounds)
                guard !rect.isNull, !rect.isEmpty,
                      let ctx = CGContext.topLeftOrigin(bounds: rect, scale: contentsScale * level, opaque: false) else { continue }
                ctx.clip(to: rect)
                draw(in: ctx)
                if let image = ctx.makeImage() { tiles[key] = image }
            }
        }
    }

    /// The drawn tiles of the current level, each in its place.
    override var renderContent: LayerContent {
        let level = levelScale
        let side = tilePoints(level)
        return .tiles(tiles.compactMap { key, image in
            guard key.level == level else { return nil }
            let r = tileRect(key.column, key.row, side).intersection(bounds)
            return r.isNull || r.isEmpty ? nil : (r, image)
        })
    }
}
