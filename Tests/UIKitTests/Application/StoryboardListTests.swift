import Foundation
import Testing
@testable import UIKit

/// The notes list: a table view controller whose rows come from prototype cells.
final class ListsTestNotesController: UITableViewController {
    var notes = [("Groceries", "Milk, eggs"), ("Ideas", "A Linux UIKit"), ("Travel", "Lisbon")]
    var tags = ["Work", "Home"]
    var added = 0
    var events: [String] = []
    var prepared: (identifier: String?, sender: Any?, destination: UIViewController)?

    func addNote(_ sender: Any?) {
        added += 1
    }

    override func numberOfSections(in tableView: UITableView) -> Int { 2 }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? notes.count : tags.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if indexPath.section == 0 {
            let cell = tableView.dequeueReusableCell(withIdentifier: "NoteCell", for: indexPath)
            cell.textLabel?.text = notes[indexPath.row].0
            cell.detailTextLabel?.text = notes[indexPath.row].1
            return cell
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "TagCell", for: indexPath) as! ListsTestTagCell
        cell.nameLabel.text = tags[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        events.append("didSelect \(indexPath.row)")
    }

    override func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
        events.append("accessory \(indexPath.section).\(indexPath.row)")
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        events.append("prepare \(segue.identifier ?? "-")")
        prepared = (segue.identifier, sender, segue.destination)
        if let cell = sender as? UITableViewCell, let path = tableView.indexPath(for: cell),
           let note = segue.destination as? ListsTestNoteController {
            note.noteTitle = notes[path.row].0
        }
    }
}

/// A custom prototype cell with outlets, as an app declares it (no `@IBOutlet` on Linux).
final class ListsTestTagCell: UITableViewCell {
    weak var nameLabel: UILabel!
    weak var enabledSwitch: UISwitch?
    var awoke = false

    override func awakeFromNib() {
        super.awakeFromNib()
        awoke = nameLabel != nil
    }
}

/// The note editor: text input and controls, an outlet collection.
final class ListsTestNoteController: UIViewController {
    weak var titleField: UITextField!
    weak var bodyView: UITextView!
    var controls: [UIControl] = []
    var noteTitle: String?
    var doubleTaps = 0
    var senders: [AnyObject] = []

    func doubleTapped(_ sender: Any?) {
        if let sender = sender as AnyObject? { senders.append(sender) }
        if sender is UITapGestureRecognizer { doubleTaps += 1 }
    }
}

/// The settings: a static table whose rows the storyboard gives.
final class ListsTestSettingsController: UITableViewController {
    weak var aboutLabel: UILabel!
    weak var sortCell: UITableViewCell!
}

final class ListsTestPhotoCell: UICollectionViewCell {
    weak var numberLabel: UILabel!
}

final class ListsTestPhotosController: UICollectionViewController {
    var opened: Any?

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 7 }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "PhotoCell", for: indexPath) as! ListsTestPhotoCell
        cell.numberLabel.text = "\(indexPath.item + 1)"
        return cell
    }

    override func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                                 at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        opened = sender
    }
}

/// Tables, collections, tab bar and split view controllers, bar button items and controls from
/// `Fixtures/StoryboardApp/Lists.storyboard` (Interface Builder's format, written by hand).
@MainActor
@Suite(.serialized) struct StoryboardListTests {
    let bundle = Bundle(url: StoryboardTests.app)!
    var storyboard: UIStoryboard { UIStoryboard(name: "Lists", bundle: bundle) }

    private func show(_ controller: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return window
    }

    /// The notes list in a navigation controller, shown in a window.
    private func showNotes() throws -> (ListsTestNotesController, UINavigationController, UIWindow) {
        let notes = try #require(storyboard.instantiateViewController(withIdentifier: "Notes") as? ListsTestNotesController)
        let navigation = UINavigationController(rootViewController: notes)
        return (notes, navigation, show(navigation))
    }

    /// A finger's tap in the middle of `view`.
    private func tap(_ view: UIView, in window: UIWindow) {
        window.tap(at: view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window))
    }

    @Test func theInitialTabBarControllerHasItsTabs() throws {
        let tabs = try #require(storyboard.instantiateInitialViewController() as? UITabBarController)
        let controllers = try #require(tabs.viewControllers)
        try #require(controllers.count == 2)
        let navigation = try #require(controllers[0] as? UINavigationController)
        #expect(navigation.tabBarItem.title == "Notes")
        #expect(navigation.tabBarItem.image?.isSymbolImage == true)
        #expect(navigation.topViewController is ListsTestNotesController)
        #expect(controllers[1] is ListsTestPhotosController)
        #expect(controllers[1].tabBarItem.title == "Favorites")
        #expect(tabs.selectedIndex == 0)
    }

    @Test func prototypeCellsAreDequeuedByIdentifier() throws {
        let notes = try #require(storyboard.instantiateViewController(withIdentifier: "Notes") as? ListsTestNotesController)
        let window = show(UINavigationController(rootViewController: notes))
        defer { window.isHidden = true }
        let table = try #require(notes.tableView)
        #expect(table.style == .plain)
        #expect(table.rowHeight == UITableView.automaticDimension)
        #expect(table.dataSource === notes && table.delegate === notes)
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(first.reuseIdentifier == "NoteCell")
        #expect(first.style == .subtitle)
        #expect(first.accessoryType == .disclosureIndicator)
        #expect(first.textLabel?.text == "Groceries")
        #expect(first.detailTextLabel?.text == "Milk, eggs")
        // The storyboard's labels are the cell's built-in labels, with their fonts and colours.
        #expect(first.detailTextLabel?.font.pointSize == 12)
        #expect(first.detailTextLabel?.superview === first.contentView)
        #expect(first.contentView.subviews.count == 2)
        // Each row has its own cell.
        let second = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(second !== first && second.textLabel?.text == "Ideas")
        // A custom prototype: its class, outlets, constraints, awakeFromNib.
        let tag = try #require(table.cellForRow(at: IndexPath(row: 0, section: 1)) as? ListsTestTagCell)
        #expect(tag.awoke)
        #expect(tag.nameLabel.text == "Work")
        #expect(tag.selectionStyle == .none)
        let toggle = try #require(tag.enabledSwitch)
        #expect(toggle.isOn)
        #expect(toggle.onTintColor?.cgColor.components == UIColor.systemPurple.cgColor.components)
        tag.layoutIfNeeded()
        #expect(abs(toggle.frame.maxX - (tag.contentView.bounds.width - tag.contentView.layoutMargins.right)) < 0.01)
        #expect(abs(tag.nameLabel.frame.midY - tag.contentView.bounds.midY) < 0.01)
    }

    @Test func aCellsSegueRunsBeforeTheDelegateHearsOfTheSelection() throws {
        let (notes, navigation, window) = try showNotes()
        defer { window.isHidden = true }
        let table = try #require(notes.tableView)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        tap(cell, in: window)
        #expect(notes.events == ["prepare showNote", "didSelect 1"])
        #expect(notes.prepared?.sender as? UITableViewCell === cell)
        let editor = try #require(navigation.topViewController as? ListsTestNoteController)
        #expect(editor.noteTitle == "Ideas")
        // performSegue(withIdentifier:) finds a segue that starts from a prototype cell.
        notes.performSegue(withIdentifier: "showNote", sender: nil)
        #expect(notes.prepared?.identifier == "showNote")
    }

    @Test func barButtonItemsRunTheirActionsAndSegues() throws {
        StoryboardActions.register(ListsTestNotesController.self, "addNote:") { controller, sender in controller.addNote(sender) }
        let notes = try #require(storyboard.instantiateViewController(withIdentifier: "Notes") as? ListsTestNotesController)
        let navigation = UINavigationController(rootViewController: notes)
        let window = show(navigation)
        defer { window.isHidden = true }
        let add = try #require(notes.navigationItem.rightBarButtonItem)
        #expect(add.systemItem == .add)
        add.targetAction?()
        #expect(notes.added == 1)
        let settings = try #require(notes.navigationItem.leftBarButtonItem)
        #expect(settings.title == "Settings")
        #expect(settings.image?.isSymbolImage == true)
        settings.targetAction?()
        #expect(notes.prepared?.identifier == "showSettings")
        #expect(notes.prepared?.sender as? UIBarButtonItem === settings)
        #expect(navigation.topViewController is ListsTestSettingsController)
    }

    @Test func staticTablesShowTheStoryboardsRows() throws {
        let settings = try #require(storyboard.instantiateViewController(withIdentifier: "Settings") as? ListsTestSettingsController)
        let window = show(UINavigationController(rootViewController: settings))
        defer { window.isHidden = true }
        let table = try #require(settings.tableView)
        #expect(table.style == .insetGrouped)
        #expect(table.numberOfSections == 2)
        #expect(table.numberOfRows(inSection: 0) == 2 && table.numberOfRows(inSection: 1) == 1)
        #expect(settings.tableView(table, titleForHeaderInSection: 0) == "Display")
        #expect(settings.tableView(table, titleForFooterInSection: 1) == "Notes 1.0")
        // Outlets reach static cells and what is in them.
        #expect(settings.aboutLabel.text == "Made with Lamina")
        let sort = try #require(settings.sortCell)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === sort)
        #expect(sort.style == .value1)
        #expect(sort.textLabel?.text == "Sort By" && sort.detailTextLabel?.text == "Date")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Large Text")
        // A row height the storyboard sets.
        let about = try #require(table.cellForRow(at: IndexPath(row: 0, section: 1)))
        #expect(about.frame.height == 80)
        #expect(table.sectionHeaderHeight == 18)
    }

    @Test func controlsAndTextInputHaveTheirAttributes() throws {
        let note = try #require(storyboard.instantiateViewController(withIdentifier: "Note") as? ListsTestNoteController)
        note.loadViewIfNeeded()
        let field = try #require(note.titleField)
        #expect(field.placeholder == "Title" && field.borderStyle == .roundedRect && field.clearButtonMode == .whileEditing)
        #expect(field.autocapitalizationType == .words && field.returnKeyType == .done)
        #expect(field.font?.pointSize == 14)
        let body = try #require(note.bodyView)
        #expect(body.text == "Write here.")
        #expect(body.backgroundColor?.cgColor.components == UIColor.secondarySystemBackground.cgColor.components)
        try #require(note.controls.count == 4)
        let slider = try #require(note.controls[0] as? UISlider)
        #expect(slider.minimumValue == 10 && slider.maximumValue == 30 && slider.value == 14)
        let segments = try #require(note.controls[1] as? UISegmentedControl)
        #expect(segments.numberOfSegments == 3 && segments.selectedSegmentIndex == 1)
        #expect(segments.titleForSegment(at: 2) == "Code" && !segments.isEnabledForSegment(at: 2))
        let stepper = try #require(note.controls[2] as? UIStepper)
        #expect(stepper.value == 2 && stepper.minimumValue == 1 && stepper.maximumValue == 5 && stepper.stepValue == 0.5 && stepper.wraps)
        let pages = try #require(note.controls[3] as? UIPageControl)
        #expect(pages.numberOfPages == 4 && pages.currentPage == 2)
        let progress = try #require(note.view.subviews.compactMap { $0 as? UIProgressView }.first)
        #expect(progress.progress == 0.25 && progress.progressViewStyle == .bar)
        let picker = try #require(note.view.subviews.compactMap { $0 as? UIDatePicker }.first)
        #expect(picker.datePickerMode == .date && picker.preferredDatePickerStyle == .inline && picker.minuteInterval == 5)
        #expect(picker.date == Date(timeIntervalSinceReferenceDate: 786_000_000))
        #expect(picker.minimumDate == Date(timeIntervalSince1970: 0))
        #expect(picker.locale?.identifier == "en_GB")
        let spinner = try #require(note.view.subviews.compactMap { $0 as? UIActivityIndicatorView }.first)
        #expect(spinner.style == .large && spinner.hidesWhenStopped && !spinner.isAnimating)
    }

    @Test func collectionViewsUseTheFlowLayoutAndPrototypes() throws {
        let photos = try #require(storyboard.instantiateViewController(withIdentifier: "Photos") as? ListsTestPhotosController)
        let window = show(UINavigationController(rootViewController: photos))
        defer { window.isHidden = true }
        let collection = try #require(photos.collectionView)
        let layout = try #require(collection.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(layout.itemSize == CGSize(width: 120, height: 90))
        #expect(layout.minimumLineSpacing == 4 && layout.minimumInteritemSpacing == 4)
        #expect(layout.sectionInset == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(layout.headerReferenceSize.height == 40)
        collection.layoutIfNeeded()
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)) as? ListsTestPhotoCell)
        #expect(cell.numberLabel.text == "3")
        #expect(cell.reuseIdentifier == "PhotoCell")
        #expect(cell.frame.size == CGSize(width: 120, height: 90))
        #expect(cell.backgroundColor?.cgColor.components == UIColor.systemTeal.cgColor.components)
        let header = collection.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).first
        #expect((header?.subviews.first as? UILabel)?.text == "Album")
        // Selecting an item performs the cell's presentation segue.
        tap(cell, in: window)
        #expect(photos.opened as? UICollectionViewCell === cell)
        #expect(photos.presentedViewController is ListsTestNoteController)
        #expect(photos.presentedViewController?.modalPresentationStyle == .formSheet)
    }

    @Test func gestureRecognizersJoinTheirViewsAndReachTheirActions() throws {
        StoryboardActions.register(ListsTestNoteController.self, "doubleTapped:") { controller, sender in controller.doubleTapped(sender) }
        let note = try #require(storyboard.instantiateViewController(withIdentifier: "Note") as? ListsTestNoteController)
        let recognizers = note.view.gestureRecognizers ?? []
        try #require(recognizers.count == 2)
        let tap = try #require(recognizers[0] as? UITapGestureRecognizer)
        #expect(tap.numberOfTapsRequired == 2)
        let swipe = try #require(recognizers[1] as? UISwipeGestureRecognizer)
        #expect(swipe.direction == .left && swipe.numberOfTouchesRequired == 2)
        let clock = CAMediaClock(manualTime: 1000)
        clock.withCurrent {
            let window = show(note)
            window.tap(at: CGPoint(x: 200, y: 800), tapCount: 2)
            window.isHidden = true
        }
        #expect(note.doubleTaps == 1)
    }

    @Test func effectViewsToolbarsAndPageControllers() throws {
        StoryboardActions.register(ListsTestNoteController.self, "doubleTapped:") { controller, sender in controller.doubleTapped(sender) }
        let note = try #require(storyboard.instantiateViewController(withIdentifier: "Note") as? ListsTestNoteController)
        note.loadViewIfNeeded()
        let effect = try #require(note.view.subviews.compactMap { $0 as? UIVisualEffectView }.first)
        #expect((effect.effect as? UIBlurEffect) != nil)
        #expect((effect.contentView.subviews.first as? UILabel)?.text == "Frosted")
        let toolbar = try #require(note.view.subviews.compactMap { $0 as? UIToolbar }.first)
        let items = try #require(toolbar.items)
        #expect(items.count == 2 && items[0].systemItem == .flexibleSpace && items[1].title == "Share")
        items[1].targetAction?()
        #expect(note.senders.last === items[1], "the action runs with the item as its sender")
        let pages = try #require(storyboard.instantiateViewController(withIdentifier: "Pages") as? UIPageViewController)
        #expect(pages.transitionStyle == .scroll && pages.navigationOrientation == .vertical && pages.spineLocation == .none)
    }

    @Test func aCellsAccessorySegueRunsFromItsDetailButton() throws {
        let (notes, navigation, window) = try showNotes()
        defer { window.isHidden = true }
        let table = try #require(notes.tableView)
        let tag = try #require(table.cellForRow(at: IndexPath(row: 1, section: 1)))
        #expect(tag.accessoryType == .detailButton)
        // The detail button sits 16 points in from the trailing edge, 22 points wide.
        let button = CGPoint(x: tag.bounds.maxX - 16 - 11, y: tag.bounds.midY)
        window.tap(at: tag.convert(button, to: window))
        #expect(notes.events == ["prepare showTag", "accessory 1.1"], "the segue, then the delegate; no selection")
        #expect(notes.prepared?.sender as? UITableViewCell === tag)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(navigation.topViewController is ListsTestNoteController)
    }

    @Test func standaloneBarsAndVibrancyTakeTheirItemsAndEffects() throws {
        StoryboardActions.register(ListsTestNoteController.self, "doubleTapped:") { controller, sender in controller.doubleTapped(sender) }
        let note = try #require(storyboard.instantiateViewController(withIdentifier: "Note") as? ListsTestNoteController)
        note.loadViewIfNeeded()
        let effects = note.view.subviews.compactMap { $0 as? UIVisualEffectView }
        try #require(effects.count == 2)
        let vibrancy = try #require(effects[1].effect as? UIVibrancyEffect)
        #expect(vibrancy.style == .secondaryLabel)
        #expect(vibrancy.blurEffect.style == .systemMaterialDark)

        let bar = try #require(note.view.subviews.compactMap { $0 as? UINavigationBar }.first)
        let items = try #require(bar.items)
        #expect(items.map(\.title) == ["Drafts", "Draft"])
        #expect(bar.topItem === items[1] && bar.backItem === items[0])
        #expect(items[1].prompt == "Unsaved")
        #expect(items[1].leftBarButtonItem?.systemItem == .cancel)
        let keep = try #require(items[1].rightBarButtonItem)
        #expect(keep.title == "Keep" && keep.style == .done)
        keep.targetAction?()
        #expect(note.senders.last === keep)
        #expect(bar.barTintColor?.cgColor.components == UIColor.systemYellow.cgColor.components)

        let tabBar = try #require(note.view.subviews.compactMap { $0 as? UITabBar }.first)
        let tabs = try #require(tabBar.items)
        try #require(tabs.count == 2)
        // Lamina titles system items by name (a documented difference: iOS draws a glyph).
        #expect(tabs[0].title == "Favorites")
        #expect(tabs[1].title == "Shared" && tabs[1].tag == 7 && tabs[1].badgeValue == "3")
        #expect(tabs[1].image?.isSymbolImage == true)
    }

    @Test func aNavigationBarTakesItsStoryboardSettings() throws {
        let tabs = try #require(storyboard.instantiateInitialViewController() as? UITabBarController)
        let navigation = try #require(tabs.viewControllers?.first as? UINavigationController)
        #expect(navigation.navigationBar.prefersLargeTitles)
    }

    @Test func splitViewControllersHaveTheirColumns() throws {
        let split = try #require(storyboard.instantiateViewController(withIdentifier: "Split") as? UISplitViewController)
        #expect(split.style == .doubleColumn)
        #expect(split.viewController(for: .primary) is ListsTestSettingsController)
        #expect(split.viewController(for: .secondary) is ListsTestNoteController)
    }

    @Test func cellsRegisteredFromANibAreDequeued() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        table.register(UINib(nibName: "TagCell", bundle: bundle), forCellReuseIdentifier: "Tag")
        let cell = try #require(table.dequeueReusableCell(withIdentifier: "Tag", for: IndexPath(row: 0, section: 0)) as? ListsTestTagCell)
        #expect(cell.reuseIdentifier == "Tag")
        #expect(cell.nameLabel.text == "From a nib")
        #expect(cell.awoke)
        // Registering a class for the identifier replaces the nib.
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Tag")
        let plain = table.dequeueReusableCell(withIdentifier: "Tag", for: IndexPath(row: 0, section: 0))
        #expect(type(of: plain) == UITableViewCell.self)
    }
}
