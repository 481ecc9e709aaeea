import Foundation

/// A storyboard's prototype cell: its element and where it was read, so a table or collection
/// view makes a new cell from it each time one is dequeued and none waits for reuse. Outlets
/// inside the cell are connected and segues from it lead from the scene's controller.
@MainActor
final class IBPrototype {
    let element: IBElement
    let document: IBDocument
    let bundle: Bundle
    weak var storyboard: UIStoryboard?
    weak var controller: UIViewController?

    init(element: IBElement, load: IBLoad) {
        self.element = element
        document = load.document
        bundle = load.bundle
        storyboard = load.storyboard
        controller = load.sceneController
    }

    /// A new object from the prototype, connected and awoken.
    func make() -> AnyObject? {
        let load = IBLoad(document: document, bundle: bundle, storyboard: storyboard)
        load.sceneController = controller
        if let controller, let id = controller.storyboardSource?.element["id"] { load.objects[id] = controller }
        let made = load.instantiate(element)
        load.finish()
        return made
    }
}

/// A section of a static table from a storyboard: its titles and its cells, made with the
/// scene's view.
struct IBStaticSection {
    var headerTitle: String?
    var footerTitle: String?
    var cells: [UITableViewCell]
    /// The heights the storyboard gives the cells (nil: the table's row height).
    var rowHeights: [CGFloat?]
}

/// A segue a cell or bar button item triggers: performed from the scene's controller when the
/// cell is selected or the item is used, if the controller agrees.
@MainActor
final class IBSegueTrigger {
    let element: IBElement
    weak var controller: UIViewController?

    init(element: IBElement, controller: UIViewController) {
        self.element = element
        self.controller = controller
    }

    func trigger(sender: Any?) {
        guard let controller else { return }
        if let identifier = element["identifier"], !controller.shouldPerformSegue(withIdentifier: identifier, sender: sender) { return }
        controller.perform(element, sender: sender)
    }
}

@MainActor
extension IBCoder {
    private static let tableStyles: [String: UITableView.Style] = [
        "plain": .plain, "grouped": .grouped, "insetGrouped": .insetGrouped,
    ]

    /// The style of the table this element is, or of the table that is its `view`.
    var tableStyle: UITableView.Style {
        let table = element.name == "tableView" ? element : (element.child("tableView", key: "view") ?? element)
        return table["style"].flatMap { IBCoder.tableStyles[$0] } ?? .plain
    }

    /// A height attribute where `-1` (Interface Builder's "automatic") is `automaticDimension`.
    private func dimension(_ attribute: String) -> CGFloat? {
        guard let value = number(attribute) else { return nil }
        return value < 0 ? UITableView.automaticDimension : value
    }

    func decodeTableView(_ table: UITableView) {
        if let height = dimension("rowHeight") { table.rowHeight = height }
        if let height = dimension("estimatedRowHeight") { table.estimatedRowHeight = height }
        if let height = dimension("sectionHeaderHeight") { table.sectionHeaderHeight = height }
        if let height = dimension("sectionFooterHeight") { table.sectionFooterHeight = height }
        if let height = dimension("estimatedSectionHeaderHeight") { table.estimatedSectionHeaderHeight = height }
        if let height = dimension("estimatedSectionFooterHeight") { table.estimatedSectionFooterHeight = height }
        if let style = string("separatorStyle") { table.separatorStyle = style == "none" ? .none : .singleLine }
        if let color = color("separatorColor") { table.separatorColor = color }
        if let inset = insets("separatorInset") { table.separatorInset = inset }
        if let allows = bool("allowsSelection") { table.allowsSelection = allows }
        if let allows = bool("allowsMultipleSelection") { table.allowsMultipleSelection = allows }
        if let allows = bool("allowsSelectionDuringEditing") { table.allowsSelectionDuringEditing = allows }
        if let allows = bool("allowsMultipleSelectionDuringEditing") { table.allowsMultipleSelectionDuringEditing = allows }
        if let follows = bool("cellLayoutMarginsFollowReadableWidth") { table.cellLayoutMarginsFollowReadableWidth = follows }
        if let count = int("sectionIndexMinimumDisplayRowCount") { table.sectionIndexMinimumDisplayRowCount = count }
        for prototype in element.child("prototypes")?.children(named: "tableViewCell") ?? [] {
            guard let identifier = prototype["reuseIdentifier"] else {
                ConsoleLog.report("[Interface Builder] \(load.document.url.lastPathComponent) line \(prototype.line): a prototype "
                                  + "table view cell has no reuse identifier; it cannot be dequeued.")
                continue
            }
            table.registerPrototype(IBPrototype(element: prototype, load: load), forCellReuseIdentifier: identifier)
        }
        if string("dataMode") == "static" {
            var sections: [IBStaticSection] = []
            for section in element.child("sections")?.children(named: "tableViewSection") ?? [] {
                var made = IBStaticSection(headerTitle: section["headerTitle"], footerTitle: section["footerTitle"], cells: [], rowHeights: [])
                for cellElement in section.child("cells")?.children(named: "tableViewCell") ?? [] {
                    guard let cell = load.instantiate(cellElement) as? UITableViewCell else { continue }
                    made.cells.append(cell)
                    made.rowHeights.append(cellElement["rowHeight"].flatMap(Double.init).map { CGFloat($0) })
                }
                sections.append(made)
            }
            table.staticSections = sections
        }
    }

    private static let cellStyles: [String: UITableViewCell.CellStyle] = [
        "IBUITableViewCellStyleDefault": .default, "IBUITableViewCellStyleValue1": .value1,
        "IBUITableViewCellStyleValue2": .value2, "IBUITableViewCellStyleSubtitle": .subtitle,
    ]
    private static let accessories: [String: UITableViewCell.AccessoryType] = [
        "none": .none, "disclosureIndicator": .disclosureIndicator, "detailDisclosureButton": .detailDisclosureButton,
        "checkmark": .checkmark, "detailButton": .detailButton,
    ]
    private static let selectionStyles: [String: UITableViewCell.SelectionStyle] = [
        "none": UITableViewCell.SelectionStyle.none, "blue": .blue, "gray": .gray, "default": .default,
    ]

    /// A cell's built-in style (a custom cell is in the default style).
    var cellStyle: UITableViewCell.CellStyle {
        string("style").flatMap { IBCoder.cellStyles[$0] } ?? .default
    }

    /// A table cell's own attributes and its content view's subviews; the labels and image a
    /// built-in style names become the cell's `textLabel`, `detailTextLabel` and `imageView`.
    func decodeTableViewCell(_ cell: UITableViewCell) {
        if let content = element.child(key: "contentView") {
            IBCoder(element: content, load: load).decodeView(cell.contentView)
        }
        if let type = string("accessoryType").flatMap({ IBCoder.accessories[$0] }) { cell.accessoryType = type }
        if let type = string("editingAccessoryType").flatMap({ IBCoder.accessories[$0] }) { cell.editingAccessoryType = type }
        if let style = string("selectionStyle").flatMap({ IBCoder.selectionStyles[$0] }) { cell.selectionStyle = style }
        if let level = int("indentationLevel") { cell.indentationLevel = level }
        if let width = number("indentationWidth") { cell.indentationWidth = width }
        if let indents = bool("shouldIndentWhileEditing") { cell.shouldIndentWhileEditing = indents }
        if let shows = bool("showsReorderControl") { cell.showsReorderControl = shows }
        if let inset = insets("separatorInset") { cell.separatorInset = inset }
        cell.adoptStoryboardContent(textLabel: element["textLabel"].flatMap { load.objects[$0] as? UILabel },
                                    detailTextLabel: element["detailTextLabel"].flatMap { load.objects[$0] as? UILabel },
                                    imageView: element["imageView"].flatMap { load.objects[$0] as? UIImageView })
    }
}

@MainActor
extension IBCoder {
    /// The layout a collection view element (or a collection view controller's view) names:
    /// a flow layout, or a custom layout class.
    func collectionLayout() -> UICollectionViewLayout? {
        let view = element.name == "collectionView" ? element : (element.child("collectionView", key: "view") ?? element)
        guard let layout = view.child(key: "collectionViewLayout") else { return nil }
        if layout["customClass"] != nil || layout.name == "collectionViewFlowLayout" {
            let type = load.objectClass(for: layout) as? UICollectionViewLayout.Type ?? UICollectionViewFlowLayout.self
            return type.init(coder: IBCoder(element: layout, load: load))
        }
        return nil
    }

    /// A flow layout's sizes, spacings, insets and direction.
    func decodeFlowLayout(_ layout: UICollectionViewFlowLayout) {
        if let spacing = number("minimumLineSpacing") { layout.minimumLineSpacing = spacing }
        if let spacing = number("minimumInteritemSpacing") { layout.minimumInteritemSpacing = spacing }
        if string("scrollDirection") == "horizontal" { layout.scrollDirection = .horizontal }
        if let size = size("itemSize") { layout.itemSize = size }
        if let size = size("estimatedItemSize") { layout.estimatedItemSize = size }
        if bool("automaticEstimatedItemSize") == true { layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize }
        if let size = size("headerReferenceSize") { layout.headerReferenceSize = size }
        if let size = size("footerReferenceSize") { layout.footerReferenceSize = size }
        if let inset = insets("sectionInset") { layout.sectionInset = inset }
        if let pins = bool("sectionHeadersPinToVisibleBounds") { layout.sectionHeadersPinToVisibleBounds = pins }
        if let pins = bool("sectionFootersPinToVisibleBounds") { layout.sectionFootersPinToVisibleBounds = pins }
    }

    /// A collection view's selection settings and its prototype cells and supplementary views.
    func decodeCollectionView(_ collection: UICollectionView) {
        if let allows = bool("allowsSelection") { collection.allowsSelection = allows }
        if let allows = bool("allowsMultipleSelection") { collection.allowsMultipleSelection = allows }
        if let prefetching = bool("prefetchingEnabled") { collection.isPrefetchingEnabled = prefetching }
        for cell in element.child("cells")?.children ?? [] {
            guard let identifier = cell["reuseIdentifier"] else {
                ConsoleLog.report("[Interface Builder] \(load.document.url.lastPathComponent) line \(cell.line): a prototype "
                                  + "collection view cell has no reuse identifier; it cannot be dequeued.")
                continue
            }
            collection.registerPrototype(IBPrototype(element: cell, load: load), kind: nil, identifier: identifier)
        }
        let kinds = ["sectionHeaderView": UICollectionView.elementKindSectionHeader,
                     "sectionFooterView": UICollectionView.elementKindSectionFooter]
        for (key, kind) in kinds {
            guard let view = element.child(key: key), let identifier = view["reuseIdentifier"] else { continue }
            collection.registerPrototype(IBPrototype(element: view, load: load), kind: kind, identifier: identifier)
        }
    }
}
