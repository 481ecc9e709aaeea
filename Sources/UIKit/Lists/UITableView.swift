import Foundation

/// A scrolling list of rows in sections. Only the rows on screen have cells: they are made
/// by the data source (from the reuse queues) as they scroll in, and return to the queues as
/// they scroll out, so a list of 100,000 rows costs what its screen costs. Rows whose height
/// is `automaticDimension` start at their estimate and are measured (self-sized) when they
/// first show.
///
/// - Note: Differs from Apple: section header and footer metrics follow iOS on a
///   compact-width phone (plain titled headers 28 points, grouped gaps 18 points, grouped
///   titles 38 points); inconsistent batch updates log iOS's message and reload instead of
///   raising an exception.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// How sections look.
    public enum Style: Int, Sendable {
        /// Rows edge to edge, headers that stick to the top while their section shows.
        case plain
        /// Sections as groups on a grey background; headers scroll with them.
        case grouped
        /// Groups inset from the edges with rounded corners.
        case insetGrouped
    }

    /// Where a row ends up when scrolled to.
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }

    /// How rows and sections come and go in updates.
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// What separator insets are measured from.
    public enum SeparatorInsetReference: Int, Sendable {
        case fromCellEdges, fromAutomaticInsets
    }

    /// A height the table works out: from the cell's content for rows, from the title for
    /// headers and footers.
    public static let automaticDimension: CGFloat = -1

    /// The style the table was made with.
    public let style: Style

    /// Where the rows come from.
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { reloadData() }
    }

    /// The scroll view's delegate, which a table asks as its `UITableViewDelegate`.
    open override var delegate: (any UIScrollViewDelegate)? {
        didSet { invalidateHeights() }
    }

    /// The delegate as a table delegate (`delegate` is the scroll view's).
    var tableDelegate: (any UITableViewDelegate)? { delegate as? any UITableViewDelegate }

    /// The height of every row (`automaticDimension`: each cell's own).
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { if rowHeight != oldValue { invalidateHeights() } } }
    /// The height of every header (`automaticDimension`: from its title or view).
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { if sectionHeaderHeight != oldValue { invalidateHeights() } } }
    /// The height of every footer (`automaticDimension`: from its title or view).
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { if sectionFooterHeight != oldValue { invalidateHeights() } } }
    /// The height assumed for rows not yet measured (`automaticDimension`: 44).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension { didSet { if estimatedRowHeight != oldValue { invalidateHeights() } } }
    /// The height assumed for headers not yet measured.
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    /// The height assumed for footers not yet measured.
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    /// Extra room above each header (`automaticDimension`: none in these metrics).
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension

    /// Whether rows show separators.
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    /// The separators' colour.
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout(); appearanceSet("separatorColor") { [separatorColor] in $0.separatorColor = separatorColor } } }
    /// The separators' insets (16 points at the leading edge).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    /// What separator insets are measured from.
    open var separatorInsetReference: SeparatorInsetReference = .fromCellEdges
    /// A view behind the rows.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// A view above the first section.
    open var tableHeaderView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableHeaderView { addSubview(tableHeaderView) }
            invalidateHeights()
        }
    }
    /// A view below the last section.
    open var tableFooterView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableFooterView { addSubview(tableFooterView) }
            invalidateHeights()
        }
    }

    /// Whether a tap selects a row (true by default).
    open var allowsSelection = true
    /// Whether taps toggle rows in and out of a multiple selection.
    open var allowsMultipleSelection = false
    /// Whether rows can be selected while editing.
    open var allowsSelectionDuringEditing = false
    /// Whether several rows can be selected while editing.
    open var allowsMultipleSelectionDuringEditing = false
    /// Whether the table is in editing mode.
    open var isEditing = false
    /// Whether cells' margins follow the readable width (stored).
    open var cellLayoutMarginsFollowReadableWidth = false
    /// Whether cells' content views stay inside the safe area (stored).
    open var insetsContentViewsToSafeArea = true
    /// Whether the table remembers its last focused row (stored).
    open var remembersLastFocusedIndexPath = false
    /// Whether the section index shows (stored; Lamina draws no index).
    open var sectionIndexMinimumDisplayRowCount = 0
    open var sectionIndexColor: UIColor?
    open var sectionIndexBackgroundColor: UIColor?

    /// The row a swipe holds open (see `UITableView+SwipeActions`).
    var swipe: TableSwipe?
    /// The pan that swipes rows.
    let swipeRecognizer = TableSwipeRecognizer()
    /// Whether the touch going on only closes an open row (it selects nothing).
    private var touchClosesSwipe = false

    /// Sets `isEditing` (and each visible cell's). Ending editing closes a swiped row.
    open func setEditing(_ editing: Bool, animated: Bool) {
        if swipe != nil {
            // A row is swiped open: editing is on already; ending it closes the row.
            if !editing { closeSwipe(animated: animated) }
            return
        }
        isEditing = editing
        for cell in visibleCells { cell.setEditing(editing, animated: animated) }
    }

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        setUpTable()
    }

    private func setUpTable() {
        alwaysBounceVertical = true
        swipeRecognizer.maximumNumberOfTouches = 1
        swipeRecognizer.addHandler { [weak self] in self?.handleSwipePan($0) }
        addGestureRecognizer(swipeRecognizer)
    }

    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// A table from a storyboard or nib: its style, heights, separators and selection, its
    /// prototype cells (made when dequeued by their reuse identifiers) and its static sections.
    public required init?(coder: NSCoder) {
        let ib = coder as? IBCoder
        style = ib?.tableStyle ?? .plain
        super.init(coder: coder)
        if ib?.has("backgroundColor") != true {
            backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        }
        setUpTable()
        ib?.decodeTableView(self)
    }

    // MARK: Registration and reuse

    /// Where new cells for a reuse identifier come from.
    enum CellSource {
        case cellClass(UITableViewCell.Type)
        case nib(UINib)
        case prototype(IBPrototype)
    }

    private var cellSources: [String: CellSource] = [:]
    private var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    private var headerFooterNibs: [String: UINib] = [:]
    private var reusableCells: [String: [UITableViewCell]] = [:]
    private var reusableHeaderFooters: [String: [UITableViewHeaderFooterView]] = [:]
    /// The sections of a table whose content a storyboard gives (`dataMode="static"`); a
    /// `UITableViewController`'s data source methods answer from them.
    var staticSections: [IBStaticSection]?

    /// Makes cells of `cellClass` for `identifier` when the reuse queue is empty (replacing a
    /// nib or prototype for it; nil removes the registration).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        cellSources[identifier] = (cellClass as? UITableViewCell.Type).map { .cellClass($0) }
    }

    /// Makes cells for `identifier` from `nib`, whose one top-level object is the cell
    /// (replacing a class or prototype for it; nil removes the registration).
    open func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        cellSources[identifier] = nib.map { .nib($0) }
    }

    /// A storyboard's prototype cell for `identifier`.
    func registerPrototype(_ prototype: IBPrototype, forCellReuseIdentifier identifier: String) {
        cellSources[identifier] = .prototype(prototype)
    }

    /// Makes headers and footers of `aClass` for `identifier`.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerFooterClasses[identifier] = aClass as? UITableViewHeaderFooterView.Type
        headerFooterNibs[identifier] = nil
    }

    /// Makes headers and footers for `identifier` from `nib`, whose one top-level object is
    /// the view.
    open func register(_ nib: UINib?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerFooterNibs[identifier] = nib
        headerFooterClasses[identifier] = nil
    }

    /// A cell from the reuse queue for `identifier` (prepared for reuse), or a new one of the
    /// registered class, nib or storyboard prototype; nil when none.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var queue = reusableCells[identifier], let cell = queue.popLast() {
            reusableCells[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        switch cellSources[identifier] {
        case .cellClass(let cellClass)?:
            return cellClass.init(_registeredReuseIdentifier: identifier)
        case .nib(let nib)?:
            let objects = nib.instantiate(withOwner: nil)
            guard objects.count == 1, let cell = objects.first as? UITableViewCell else {
                fatalError("invalid nib registered for identifier (\(identifier)) - nib must "
                                + "contain exactly one top level object which must be a UITableViewCell instance")
            }
            cell.adoptReuseIdentifier(identifier)
            return cell
        case .prototype(let prototype)?:
            guard let cell = prototype.make() as? UITableViewCell else { return nil }
            cell.adoptReuseIdentifier(identifier)
            return cell
        case nil:
            return nil
        }
    }

    /// A cell for the row at `indexPath`, from the queue or the registered class, sized to
    /// the table's width.
    ///
    /// - Note: Differs from Apple: with nothing registered for `identifier` iOS raises an
    ///   exception; Lamina logs it and returns a default cell.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        let cell: UITableViewCell
        if let reused = dequeueReusableCell(withIdentifier: identifier) {
            cell = reused
        } else {
            print("UITableView: unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
            cell = UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        let width = cellWidth
        if cell.bounds.width != width {
            UIView.performWithoutAnimation { cell.frame.size.width = width }
        }
        return cell
    }

    /// A header or footer from the queue or the registered class; nil when neither.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if var queue = reusableHeaderFooters[identifier], let view = queue.popLast() {
            reusableHeaderFooters[identifier] = queue
            view.prepareForReuse()
            return view
        }
        let view: UITableViewHeaderFooterView
        if let viewClass = headerFooterClasses[identifier] {
            view = viewClass.init(_registeredReuseIdentifier: identifier)
        } else if let nib = headerFooterNibs[identifier] {
            let objects = nib.instantiate(withOwner: nil)
            guard objects.count == 1, let made = objects.first as? UITableViewHeaderFooterView else {
                fatalError("invalid nib registered for identifier (\(identifier)) - nib must "
                                + "contain exactly one top level object which must be a UITableViewHeaderFooterView instance")
            }
            view = made
        } else {
            return nil
        }
        view.isGrouped = style != .plain
        return view
    }

    // MARK: The model

    /// Rows per section, as the data source last said.
    private var rowCounts: [Int] = []
    /// Where each section's slots start: its header, then its rows, then its footer.
    private var sectionSlots: [Int] = []
    /// Heights of every slot, in order.
    private var heights = HeightIndex()
    /// Whether each slot's height is final (measured or given) rather than estimated.
    private var measured: [Bool] = []
    /// Whether the model must be read again from the data source.
    private var needsReload = true
    /// The width the rows were last laid out at (-1 before the first layout).
    private var modelWidth: CGFloat = -1
    private var tableHeaderHeight: CGFloat { tableHeaderView?.frame.height ?? 0 }

    /// The number of sections.
    open var numberOfSections: Int {
        modelIfNeeded()
        return rowCounts.count
    }

    /// The number of rows in `section`.
    open func numberOfRows(inSection section: Int) -> Int {
        modelIfNeeded()
        return section >= 0 && section < rowCounts.count ? rowCounts[section] : 0
    }

    /// Forgets everything shown: every row, header and footer is asked for again at the
    /// next layout, and the selection is cleared.
    open func reloadData() {
        needsReload = true
        selected.removeAll()
        for (path, cell) in cellsByPath { retire(cell, at: path) }
        cellsByPath.removeAll()
        for (key, view) in headerFooterViews { retire(view, key) }
        headerFooterViews.removeAll()
        setNeedsLayout()
    }

    /// Asks for the section index titles again (Lamina draws no index).
    open func reloadSectionIndexTitles() {}

    private func invalidateHeights() {
        guard !needsReload else { return }
        needsReload = true
        setNeedsLayout()
    }

    private func modelIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        readModel(keepingMeasuredFrom: nil)
    }

    /// Reads the counts and heights from the data source and delegate. `keep` maps new row
    /// paths to the measured heights of rows that survive an update.
    private func readModel(keepingMeasuredFrom keep: [IndexPath: Double]?) {
        let sections = dataSource.map { Swift.max(0, $0.numberOfSections(in: self)) } ?? 0
        rowCounts = (0..<sections).map { s in Swift.max(0, dataSource?.tableView(self, numberOfRowsInSection: s) ?? 0) }
        var lengths: [Double] = []
        var final: [Bool] = []
        let total = rowCounts.reduce(0, +) + 2 * sections
        lengths.reserveCapacity(total)
        final.reserveCapacity(total)
        sectionSlots = []
        let delegate = tableDelegate
        for s in 0..<sections {
            sectionSlots.append(lengths.count)
            lengths.append(Double(headerHeight(s)))
            final.append(true)
            for row in 0..<rowCounts[s] {
                let path = IndexPath(row: row, section: s)
                let given = delegate?.tableView(self, heightForRowAt: path) ?? rowHeight
                if given != UITableView.automaticDimension, given.isFinite, given >= 0 {
                    lengths.append(Double(given))
                    final.append(true)
                } else if let kept = keep?[path] {
                    lengths.append(kept)
                    final.append(true)
                } else {
                    let estimate = delegate?.tableView(self, estimatedHeightForRowAt: path) ?? estimatedRowHeight
                    lengths.append(estimate > 0 && estimate.isFinite ? Double(estimate) : 44)
                    final.append(false)
                }
            }
            lengths.append(Double(footerHeight(s)))
            final.append(true)
        }
        heights = HeightIndex(lengths)
        measured = final
        updateContentSize()
    }

    private func title(header: Bool, _ section: Int) -> String? {
        header ? dataSource?.tableView(self, titleForHeaderInSection: section) : dataSource?.tableView(self, titleForFooterInSection: section)
    }

    private func headerHeight(_ section: Int) -> CGFloat {
        let given = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
        if given != UITableView.automaticDimension, given.isFinite, given >= 0 { return given }
        return automaticHeight(header: true, section)
    }

    private func footerHeight(_ section: Int) -> CGFloat {
        let given = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        if given != UITableView.automaticDimension, given.isFinite, given >= 0 { return given }
        return automaticHeight(header: false, section)
    }

    /// A header's or footer's height from its title or view: plain titles 28 points, grouped
    /// gaps 18 and titled grouped headers 38 (footers: the wrapped text plus 22).
    private func automaticHeight(header: Bool, _ section: Int) -> CGFloat {
        let custom = header ? tableDelegate?.tableView(self, viewForHeaderInSection: section) : tableDelegate?.tableView(self, viewForFooterInSection: section)
        if let custom {
            let fitted = custom.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0), withHorizontalFittingPriority: .required,
                                                        verticalFittingPriority: .fittingSizeLevel).height
            if fitted > 0 { return fitted.rounded(.up) }
            return custom.frame.height > 0 ? custom.frame.height : 28
        }
        let text = title(header: header, section)
        if style == .plain { return text == nil ? 0 : 28 }
        guard let text else { return 18 }
        if header { return 38 }
        let label = UILabel()
        label.font = .preferredFont(forTextStyle: .footnote)
        label.numberOfLines = 0
        label.text = text
        return label.sizeThatFits(CGSize(width: bounds.width - 40, height: .greatestFiniteMagnitude)).height.rounded(.up) + 22
    }

    private func updateContentSize() {
        let height = tableHeaderHeight + CGFloat(heights.total) + (tableFooterView?.frame.height ?? 0)
        let size = CGSize(width: bounds.width, height: height)
        if contentSize != size { contentSize = size }
    }

    private func rowSlot(_ path: IndexPath) -> Int? {
        guard path.count == 2, path.section >= 0, path.section < rowCounts.count, path.row >= 0, path.row < rowCounts[path.section] else { return nil }
        return sectionSlots[path.section] + 1 + path.row
    }

    /// The section and kind of a slot: a header (row -1), a row, or a footer (row == count).
    private func path(ofSlot slot: Int) -> (section: Int, row: Int) {
        // The last section starting at or before the slot.
        var lo = 0, hi = sectionSlots.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionSlots[mid] <= slot { lo = mid } else { hi = mid - 1 }
        }
        return (lo, slot - sectionSlots[lo] - 1)
    }

    private func slotTop(_ slot: Int) -> CGFloat { tableHeaderHeight + CGFloat(heights.prefix(slot)) }

    // MARK: Geometry

    /// The width cells are laid out at.
    private var cellWidth: CGFloat { style == .insetGrouped ? Swift.max(0, bounds.width - 32) : bounds.width }
    private var cellX: CGFloat { style == .insetGrouped ? 16 : 0 }

    /// The rectangle of the row at `indexPath` in the table's coordinates (`.zero` if none).
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        modelIfNeeded()
        guard let slot = rowSlot(indexPath) else { return .zero }
        return CGRect(x: cellX, y: slotTop(slot), width: cellWidth, height: CGFloat(heights.lengths[slot]))
    }

    /// The rectangle of a section: its header, rows and footer.
    open func rect(forSection section: Int) -> CGRect {
        modelIfNeeded()
        guard section >= 0, section < rowCounts.count else { return .zero }
        let first = sectionSlots[section], last = first + rowCounts[section] + 1
        let top = slotTop(first)
        return CGRect(x: 0, y: top, width: bounds.width, height: slotTop(last + 1) - top)
    }

    /// The rectangle of a section's header.
    open func rectForHeader(inSection section: Int) -> CGRect {
        modelIfNeeded()
        guard section >= 0, section < rowCounts.count else { return .zero }
        let slot = sectionSlots[section]
        return CGRect(x: 0, y: slotTop(slot), width: bounds.width, height: CGFloat(heights.lengths[slot]))
    }

    /// The rectangle of a section's footer.
    open func rectForFooter(inSection section: Int) -> CGRect {
        modelIfNeeded()
        guard section >= 0, section < rowCounts.count else { return .zero }
        let slot = sectionSlots[section] + rowCounts[section] + 1
        return CGRect(x: 0, y: slotTop(slot), width: bounds.width, height: CGFloat(heights.lengths[slot]))
    }

    /// The row under `point` (table coordinates), if any.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        modelIfNeeded()
        guard point.x.isFinite, point.y.isFinite, heights.count > 0 else { return nil }
        let y = Double(point.y - tableHeaderHeight)
        guard y >= 0, y < heights.total else { return nil }
        let slot = heights.index(at: y)
        let (section, row) = path(ofSlot: slot)
        guard row >= 0, row < rowCounts[section] else { return nil }
        return IndexPath(row: row, section: section)
    }

    /// The row `cell` shows, if it is visible.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        cellsByPath.first { $0.value === cell }?.key
    }

    /// The rows meeting `rect`.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        modelIfNeeded()
        guard !rect.isNull, rect.minY.isFinite, rect.maxY.isFinite, heights.count > 0 else { return [] }
        var paths: [IndexPath] = []
        var slot = heights.index(at: Double(rect.minY - tableHeaderHeight))
        while slot < heights.count, slotTop(slot) < rect.maxY {
            let (section, row) = path(ofSlot: slot)
            if row >= 0, row < rowCounts[section], heights.lengths[slot] > 0 { paths.append(IndexPath(row: row, section: section)) }
            slot += 1
        }
        return paths
    }

    // MARK: Visible cells

    private var cellsByPath: [IndexPath: UITableViewCell] = [:]
    /// Header (row -1) and footer (row -2) views by section.
    private var headerFooterViews: [IndexPath: UIView] = [:]

    /// The cell showing the row at `indexPath`, if it is visible.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeeded()
        return cellsByPath[indexPath]
    }

    /// The cells on screen, top to bottom.
    open var visibleCells: [UITableViewCell] {
        layoutIfNeeded()
        return cellsByPath.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The rows on screen, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeeded()
        return cellsByPath.keys.sorted()
    }

    /// The header view of `section`, if it is visible.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        layoutIfNeeded()
        return headerFooterViews[IndexPath(row: -1, section: section)] as? UITableViewHeaderFooterView
    }

    /// The footer view of `section`, if it is visible.
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        layoutIfNeeded()
        return headerFooterViews[IndexPath(row: -2, section: section)] as? UITableViewHeaderFooterView
    }

    /// Cells being animated away after an update.
    private var leavingViews: [UIView] = []

    open override func layoutSubviews() {
        super.layoutSubviews()
        // Scrolling closes an open row.
        if let swipe, contentOffset != swipe.restingOffset { closeSwipe(animated: true) }
        // Rows sized themselves at the old width: at a new width they are measured again.
        if bounds.width != modelWidth {
            if modelWidth >= 0, !needsReload {
                needsReload = true
                for (path, cell) in cellsByPath { retire(cell, at: path) }
                cellsByPath.removeAll()
            }
            modelWidth = bounds.width
        }
        modelIfNeeded()
        backgroundView?.frame = bounds
        if let header = tableHeaderView {
            header.frame = CGRect(x: 0, y: 0, width: bounds.width, height: header.frame.height)
        }
        layoutRows()
        if let footer = tableFooterView {
            footer.frame = CGRect(x: 0, y: tableHeaderHeight + CGFloat(heights.total), width: bounds.width, height: footer.frame.height)
        }
    }

    /// Shows what is on screen: cells for the visible rows (measuring new self-sizing ones),
    /// headers and footers, sticky plain headers; everything that left goes to the queues.
    private func layoutRows() {
        let visible = bounds
        var shownCells: Set<IndexPath> = []
        var shownViews: Set<IndexPath> = []
        // Cells that scrolled out go back to the queues first, so the rows scrolling in
        // reuse them.
        for (path, cell) in cellsByPath {
            guard let slot = rowSlot(path) else { continue }
            let top = slotTop(slot)
            if top >= visible.maxY || top + CGFloat(heights.lengths[slot]) <= visible.minY {
                cellsByPath[path] = nil
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
                retire(cell, at: path)
            }
        }
        if heights.count > 0 {
            var slot = heights.index(at: Double(visible.minY - tableHeaderHeight))
            while slot < heights.count {
                let top = slotTop(slot)
                guard top < visible.maxY else { break }
                let (section, row) = path(ofSlot: slot)
                if row == -1 || row == rowCounts[section] {
                    if heights.lengths[slot] > 0 {
                        let key = IndexPath(row: row == -1 ? -1 : -2, section: section)
                        placeHeaderFooter(key, top: top, height: CGFloat(heights.lengths[slot]))
                        shownViews.insert(key)
                    }
                } else {
                    let path = IndexPath(row: row, section: section)
                    placeCell(path, slot: slot, top: top)
                    shownCells.insert(path)
                }
                slot += 1
            }
            if style == .plain { stickHeaders(visible, &shownViews) }
        }
        for (path, cell) in cellsByPath where !shownCells.contains(path) {
            cellsByPath[path] = nil
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
            retire(cell, at: path)
        }
        for (key, view) in headerFooterViews where !shownViews.contains(key) {
            headerFooterViews[key] = nil
            if key.row == -1 { tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: key.section) } else {
                tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: key.section)
            }
            retire(view, key)
        }
        // Headers and footers above the rows; the indicators' layer stays on top.
        for view in headerFooterViews.values { bringSubviewToFront(view) }
        updateContentSize()
    }

    private func placeCell(_ path: IndexPath, slot: Int, top: CGFloat) {
        let cell: UITableViewCell
        var isNew = false
        if let shown = cellsByPath[path] {
            cell = shown
        } else {
            guard let dataSource else { return }
            let made = dataSource.tableView(self, cellForRowAt: path)
            cell = made
            isNew = true
            cellsByPath[path] = cell
            UIView.performWithoutAnimation {
                if cell.superview !== self { insertSubview(cell, at: backgroundView == nil ? 0 : 1) }
                cell.isHidden = false
                cell.frame = CGRect(x: cellX, y: top, width: cellWidth, height: CGFloat(heights.lengths[slot]))
                cell.isSelected = selected.contains(path)
                cell.setEditing(isEditing, animated: false)
                cell.indentationLevel = tableDelegate?.tableView(self, indentationLevelForRowAt: path) ?? 0
                if style != .plain, cell.backgroundConfiguration == nil { cell.backgroundColor = .secondarySystemGroupedBackground }
            }
            if !measured[slot] {
                // Self-sizing: the cell's own height at the table's width.
                let fitted = cell.sizeThatFits(CGSize(width: cellWidth, height: 0)).height
                if fitted.isFinite, fitted > 0 { heights.set(slot, Double(fitted)) }
                measured[slot] = true
            }
        }
        let frame = CGRect(x: cellX, y: top, width: cellWidth, height: CGFloat(heights.lengths[slot]))
        if isNew {
            let inserting = insertingPaths.contains(path)
            UIView.performWithoutAnimation {
                cell.frame = frame
                // Only the cell's own subtree: adding it marked the table for layout, and
                // climbing to it here would place the other rows without the update's animation.
                cell.layer.layoutSubtreeIfNeeded()
                if inserting { RowMotion.start(cell, at: frame, style: insertAnimation) }
                styleSeparator(cell, path)
            }
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
            if inserting { RowMotion.finish(cell, at: frame) }
        } else {
            if cell.frame != frame { cell.frame = frame }
            styleSeparator(cell, path)
        }
    }

    private func styleSeparator(_ cell: UITableViewCell, _ path: IndexPath) {
        let last = path.row == rowCounts[path.section] - 1
        cell.showsSeparator = separatorStyle != .none && !(last && style != .plain)
        cell.separatorColorOverride = separatorColor
        if cell.separatorInset == UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { cell.separatorInset = separatorInset }
        if style == .insetGrouped {
            let first = path.row == 0
            var corners: CACornerMask = []
            if first { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            if last { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
            cell.layer.cornerRadius = corners.isEmpty ? 0 : 10
            cell.layer.maskedCorners = corners
            cell.layer.masksToBounds = !corners.isEmpty
        }
    }

    private func placeHeaderFooter(_ key: IndexPath, top: CGFloat, height: CGFloat) {
        let frame = CGRect(x: 0, y: top, width: bounds.width, height: height)
        if let view = headerFooterViews[key] {
            if view.frame != frame { view.frame = frame }
            return
        }
        let isHeader = key.row == -1
        let section = key.section
        var view = isHeader ? tableDelegate?.tableView(self, viewForHeaderInSection: section) : tableDelegate?.tableView(self, viewForFooterInSection: section)
        if view == nil, let text = title(header: isHeader, section) {
            let standard = UITableViewHeaderFooterView(reuseIdentifier: isHeader ? "UITableViewHeader" : "UITableViewFooter")
            standard.isGrouped = style != .plain
            if style == .plain {
                standard.backgroundColor = .secondarySystemBackground
            }
            let label = standard.textLabel
            label?.text = style != .plain && isHeader ? text.uppercased() : text
            if !isHeader && style != .plain {
                label?.font = .preferredFont(forTextStyle: .footnote)
            }
            view = standard
        }
        guard let view else { return }
        headerFooterViews[key] = view
        UIView.performWithoutAnimation {
            addSubview(view)
            view.frame = frame
            view.layoutIfNeeded()
        }
        if isHeader { tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: section) } else {
            tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        }
    }

    /// Plain headers stay at the top of the visible area while their section shows, pushed
    /// up by the next section's.
    private func stickHeaders(_ visible: CGRect, _ shown: inout Set<IndexPath>) {
        let top = visible.minY + adjustedContentInset.top
        let firstSlot = heights.index(at: Double(top - tableHeaderHeight))
        let (section, _) = path(ofSlot: firstSlot)
        guard section < rowCounts.count else { return }
        let headerSlot = sectionSlots[section]
        let height = CGFloat(heights.lengths[headerSlot])
        guard height > 0 else { return }
        let key = IndexPath(row: -1, section: section)
        let natural = slotTop(headerSlot)
        let sectionEnd = slotTop(headerSlot + rowCounts[section] + 1)
        let y = Swift.min(Swift.max(natural, top), sectionEnd - height)
        placeHeaderFooter(key, top: y, height: height)
        shown.insert(key)
    }

    /// Takes a cell or header off screen: to its reuse queue when it has an identifier.
    private func retire(_ cell: UITableViewCell, at path: IndexPath) {
        dropSwipe(of: cell)
        cell.swipeOffset = 0
        cell.swipeActionsView = nil
        cell.removeFromSuperview()
        cell.setHighlighted(false, animated: false)
        if let id = cell.reuseIdentifier { reusableCells[id, default: []].append(cell) }
    }

    private func retire(_ view: UIView, _ key: IndexPath) {
        view.removeFromSuperview()
        if let reusable = view as? UITableViewHeaderFooterView, let id = reusable.reuseIdentifier,
           headerFooterClasses[id] != nil {
            reusableHeaderFooters[id, default: []].append(reusable)
        }
    }

    // MARK: Scrolling to rows

    /// Scrolls so that the row at `indexPath` is at `scrollPosition` (`.none`: the least
    /// scroll that shows it).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        modelIfNeeded()
        guard rowSlot(indexPath) != nil else { return }
        let rect = rectForRow(at: indexPath)
        let inset = adjustedContentInset
        // A plain table's sticky header covers the top of the visible area.
        let covered = style == .plain ? CGFloat(heights.lengths[sectionSlots[indexPath.section]]) : 0
        let visibleHeight = bounds.height - inset.top - inset.bottom
        var y: CGFloat
        switch scrollPosition {
        case .top: y = rect.minY - inset.top - covered
        case .middle: y = rect.midY - inset.top - visibleHeight / 2
        case .bottom: y = rect.maxY - inset.top - visibleHeight
        case .none:
            let current = contentOffset.y
            if rect.minY - covered < current + inset.top { y = rect.minY - inset.top - covered } else if rect.maxY > current + inset.top + visibleHeight {
                y = rect.maxY - inset.top - visibleHeight
            } else { return }
        }
        let range = self.range(axis: 1)
        y = Swift.min(Swift.max(y, range.lowerBound), range.upperBound)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    /// Scrolls to the first selected row.
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        if let first = indexPathForSelectedRow { scrollToRow(at: first, at: scrollPosition, animated: animated) }
    }

    // MARK: Selection

    private var selected: Set<IndexPath> = []
    private var highlighted: IndexPath?

    /// The selected row (the first, with several).
    open var indexPathForSelectedRow: IndexPath? { selected.min() }

    /// The selected rows, nil when none.
    open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects a row without asking the delegate (and without telling it), scrolling it to
    /// `scrollPosition`; nil deselects every row.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selected { cellsByPath[path]?.setSelected(false, animated: animated) }
            selected.removeAll()
            return
        }
        modelIfNeeded()
        guard rowSlot(indexPath) != nil else { return }
        if !allowsMultipleSelection {
            for path in selected where path != indexPath { cellsByPath[path]?.setSelected(false, animated: animated) }
            selected.removeAll()
        }
        selected.insert(indexPath)
        cellsByPath[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row without telling the delegate.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selected.remove(indexPath) != nil else { return }
        cellsByPath[indexPath]?.setSelected(false, animated: animated)
    }

    /// A tap on a row: selection as iOS does it, asking and telling the delegate.
    private func userSelect(_ path: IndexPath) {
        guard allowsSelection || (isEditing && allowsSelectionDuringEditing) else { return }
        let multiple = allowsMultipleSelection || (isEditing && allowsMultipleSelectionDuringEditing)
        if multiple, selected.contains(path) {
            guard let target = willDeselect(path) else { return }
            deselectRow(at: target, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        guard let target = willSelect(path) else { return }
        if !multiple {
            for old in selected.sorted() where old != target {
                guard let leaving = willDeselect(old) else { continue }
                deselectRow(at: leaving, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: leaving)
            }
        }
        selected.insert(target)
        cellsByPath[target]?.setSelected(true, animated: false)
        // A storyboard cell's selection segue runs before the delegate hears of the selection,
        // as on iOS (`prepare(for:sender:)` sees the cell as the sender).
        if let cell = cellsByPath[target], let segue = cell.selectionSegue { segue.trigger(sender: cell) }
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    private func willSelect(_ path: IndexPath) -> IndexPath? {
        guard let delegate = tableDelegate else { return path }
        return delegate.tableView(self, willSelectRowAt: path)
    }

    private func willDeselect(_ path: IndexPath) -> IndexPath? {
        guard let delegate = tableDelegate else { return path }
        return delegate.tableView(self, willDeselectRowAt: path)
    }

    private func rowPath(for touches: Set<UITouch>) -> IndexPath? {
        guard touches.count == 1, let touch = touches.first else { return nil }
        return indexPathForRow(at: touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if swipe != nil {
            // A touch while a row is open only closes it (when it lifts without dragging it).
            touchClosesSwipe = true
            return
        }
        guard allowsSelection || (isEditing && allowsSelectionDuringEditing), let path = rowPath(for: touches),
              tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true else { return }
        highlighted = path
        cellsByPath[path]?.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: path)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if touchClosesSwipe {
            touchClosesSwipe = false
            closeSwipe(animated: true)
            return
        }
        guard let path = highlighted else { return }
        unhighlight()
        if rowPath(for: touches) == path { userSelect(path) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        touchClosesSwipe = false
        unhighlight()
    }

    private func unhighlight() {
        guard let path = highlighted else { return }
        highlighted = nil
        cellsByPath[path]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: path)
    }

    // MARK: Updates

    private var pending: ListUpdates?
    private var updateDepth = 0
    /// Rows inserted by the update being laid out, and how they and deleted rows animate.
    private var insertingPaths: Set<IndexPath> = []
    private var insertAnimation = RowAnimation.automatic
    private var deleteAnimation = RowAnimation.automatic
    /// The styles the updates being recorded asked for (the last one given wins).
    private var recordedStyles: (insert: RowAnimation?, delete: RowAnimation?) = (nil, nil)

    /// Whether updates have been made but not yet laid out.
    open var hasUncommittedUpdates: Bool { pending != nil }

    /// Starts a group of updates applied together at `endUpdates()`.
    open func beginUpdates() {
        updateDepth += 1
        if pending == nil { pending = ListUpdates() }
    }

    /// Applies the updates made since `beginUpdates()`, animating rows to their new places.
    open func endUpdates() {
        updateDepth = Swift.max(0, updateDepth - 1)
        guard updateDepth == 0, let updates = pending else { return }
        pending = nil
        apply(updates, completion: nil)
    }

    /// Applies the inserts, deletes, moves and reloads `updates` makes (deletes and reloads
    /// name rows as they were, inserts as they will be), animating, then calls `completion`.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        updateDepth = Swift.max(0, updateDepth - 1)
        guard updateDepth == 0, let recorded = pending else { return }
        pending = nil
        apply(recorded, completion: completion)
    }

    private func record(_ animation: RowAnimation, inserts: Bool = false, deletes: Bool = false,
                        _ change: (inout ListUpdates) -> Void) {
        let standalone = pending == nil
        if standalone {
            pending = ListUpdates()
            recordedStyles = (nil, nil)
        }
        change(&pending!)
        // Every update animates the rows that move; `.none` only makes the inserted and
        // deleted rows themselves appear and vanish at once.
        pending!.animated = true
        if inserts { recordedStyles.insert = animation }
        if deletes { recordedStyles.delete = animation }
        if standalone {
            let updates = pending!
            pending = nil
            apply(updates, completion: nil)
        }
    }

    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { record(animation, inserts: true) { $0.insertedSections.formUnion(sections) } }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { record(animation, deletes: true) { $0.deletedSections.formUnion(sections) } }
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(animation, inserts: true, deletes: true) { $0.reloadedSections.formUnion(sections) }
    }
    open func moveSection(_ section: Int, toSection newSection: Int) { record(.automatic) { $0.movedSections.append((section, newSection)) } }
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { record(animation, inserts: true) { $0.insertedItems += indexPaths } }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { record(animation, deletes: true) { $0.deletedItems += indexPaths } }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record(animation, inserts: true, deletes: true) { $0.reloadedItems += indexPaths }
    }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { record(.automatic) { $0.movedItems.append((indexPath, newIndexPath)) } }

    /// Asks the data source for the cells of these rows again, keeping their heights' places.
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        for path in indexPaths {
            guard let cell = cellsByPath[path], let dataSource else { continue }
            cellsByPath[path] = nil
            retire(cell, at: path)
            let made = dataSource.tableView(self, cellForRowAt: path)
            cellsByPath[path] = made
            UIView.performWithoutAnimation {
                insertSubview(made, at: 0)
                made.frame = cell.frame
                made.isSelected = selected.contains(path)
            }
        }
    }

    /// Applies updates worked out elsewhere (a diffable data source's).
    func performUpdates(_ updates: ListUpdates, completion: ((Bool) -> Void)?) {
        apply(updates, completion: completion)
    }

    private func apply(_ u: ListUpdates, completion: ((Bool) -> Void)?) {
        let oldCounts = rowCounts
        let oldSlots = sectionSlots
        let oldHeights = heights, oldMeasured = measured
        guard !needsReload, let dataSource else {
            reloadData()
            completion?(true)
            return
        }
        let newSectionCount = Swift.max(0, dataSource.numberOfSections(in: self))
        let newCounts = (0..<newSectionCount).map { Swift.max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
        let mapping: ListUpdates.Mapping
        switch u.mapping(oldCounts: oldCounts, newCounts: newCounts, noun: "rows") {
        case .success(let found): mapping = found
        case .failure(let error):
            ConsoleLog.report(error.message)
            reloadData()
            completion?(false)
            return
        }
        let rowMap = mapping.items
        if let open = swipe {
            // A deleted row leaves still open; any other update closes the open row.
            if rowMap[open.path] == nil { dropSwipe(of: open.cell) } else { closeSwipe(animated: true) }
        }
        let reloaded = Set(u.reloadedItems)
        // Keep the heights of surviving measured rows; reloaded rows are measured again.
        var keep: [IndexPath: Double] = [:]
        for (old, new) in rowMap where !reloaded.contains(old) {
            guard old.section < oldSlots.count else { continue }
            let slot = oldSlots[old.section] + 1 + old.row
            guard slot < oldHeights.count, oldMeasured[slot] else { continue }
            keep[new] = oldHeights.lengths[slot]
        }
        readModel(keepingMeasuredFrom: keep)
        // Cells: survivors move to their new paths; the rest leave.
        var moved: [IndexPath: UITableViewCell] = [:]
        var leaving: [UITableViewCell] = []
        for (old, cell) in cellsByPath {
            if let new = rowMap[old], !reloaded.contains(old) { moved[new] = cell } else { leaving.append(cell) }
        }
        cellsByPath = moved
        selected = Set(selected.compactMap { rowMap[$0] })
        for (key, view) in headerFooterViews { retire(view, key) }
        headerFooterViews.removeAll()
        insertingPaths = mapping.inserted
        insertAnimation = recordedStyles.insert ?? .automatic
        deleteAnimation = recordedStyles.delete ?? .automatic
        recordedStyles = (nil, nil)
        let finish: (Bool) -> Void = { [weak self] done in
            for cell in leaving where !(self?.cellsByPath.values.contains { $0 === cell } ?? false) {
                RowMotion.restore(cell)
                if let self { self.retire(cell, at: IndexPath(row: -1, section: -1)) } else { cell.removeFromSuperview() }
            }
            completion?(done)
        }
        if u.animated && window != nil {
            let style = deleteAnimation
            // Leaving rows go under the rows that stay, which close over them.
            for cell in leaving { sendSubviewToBack(cell) }
            if style == .none { UIView.performWithoutAnimation { for cell in leaving { cell.isHidden = true } } }
            UIView.animate(withDuration: 0.3, animations: {
                for cell in leaving { RowMotion.leave(cell, style: style) }
                self.setNeedsLayout()
                self.layoutIfNeeded()
            }, completion: finish)
        } else {
            setNeedsLayout()
            layoutIfNeeded()
            finish(true)
        }
        insertingPaths = []
    }
}
