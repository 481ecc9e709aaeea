import UIKit

/// The lists page: three phones side by side, each a list as an app builds it. A settings
/// screen (an inset-grouped table of value and subtitle cells with accessories), a long plain
/// table of 10,000 self-sized rows scrolled into its middle with its section header stuck at
/// the top, and a compositional photo grid (a wide tile beside a column of two, then rows of
/// three) fed by a diffable data source. In the window app each scrolls by drag and wheel.
@MainActor
enum ListsScene {
    static func makeView() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 720, height: 420))
        root.backgroundColor = UIColor(white: 0.93, alpha: 1)
        let phones = [settings(), feed(), photos()]
        for (k, phone) in phones.enumerated() {
            phone.frame = CGRect(x: 12 + CGFloat(k) * 236, y: 12, width: 224, height: 396)
            phone.layer.cornerRadius = 16
            phone.layer.borderColor = UIColor(white: 0.75, alpha: 1).cgColor
            phone.layer.borderWidth = 1
            root.addSubview(phone)
            phone.layoutIfNeeded()
        }
        // The long table shows its middle.
        if let table = phones[1] as? UITableView {
            table.scrollToRow(at: IndexPath(row: 5_000, section: 1), at: .top, animated: false)
            table.contentOffset.y += 30
            table.layoutIfNeeded()
        }
        return root
    }

    // MARK: Settings

    private final class Settings: NSObject, UITableViewDataSource {
        let sections: [(String, [(String, String?, UITableViewCell.AccessoryType, UIColor)])] = [
            ("Connections", [("Wi-Fi", "Home", .disclosureIndicator, .systemBlue), ("Bluetooth", "On", .disclosureIndicator, .systemBlue),
                             ("Cellular", nil, .disclosureIndicator, .systemGreen)]),
            ("General", [("Notifications", nil, .disclosureIndicator, .systemRed), ("Sounds", nil, .disclosureIndicator, .systemPink),
                         ("Dark Mode", nil, .checkmark, .darkGray)]),
        ]
        func numberOfSections(in tableView: UITableView) -> Int { sections.count }
        /// Settings rows cannot be deleted (no swipe to delete).
        func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].1.count }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].0 }
        func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
            section == 1 ? "Changes apply to every screen." : nil
        }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let (title, value, accessory, color) = sections[indexPath.section].1[indexPath.row]
            let cell = tableView.dequeueReusableCell(withIdentifier: "setting") ?? UITableViewCell(style: .value1, reuseIdentifier: "setting")
            cell.textLabel?.text = title
            cell.textLabel?.font = .systemFont(ofSize: 13)
            cell.detailTextLabel?.text = value
            cell.detailTextLabel?.font = .systemFont(ofSize: 13)
            cell.accessoryType = accessory
            cell.imageView?.image = ListsScene.swatch(color)
            return cell
        }
    }

    private static let settingsSource = Settings()

    private static func settings() -> UIView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 224, height: 396), style: .insetGrouped)
        table.rowHeight = 36
        table.dataSource = settingsSource
        return table
    }

    /// A small rounded square of `color`, as settings icons are.
    static func swatch(_ color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 18, height: 18)).image { _ in
            color.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 18, height: 18), cornerRadius: 4).fill()
        }
    }

    // MARK: Feed

    private final class Feed: NSObject, UITableViewDataSource, UITableViewDelegate {
        let notes = ["Call the plumber", "Book flights for the conference in May, window seats if there are any left",
                     "Milk, eggs, bread", "Read chapter 4", "Water the plants on the balcony and the ones in the hall"]
        func numberOfSections(in tableView: UITableView) -> Int { 2 }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { section == 0 ? 3 : 10_000 }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { section == 0 ? "Pinned" : "All notes" }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = "Note \(indexPath.row + 1)"
            content.textProperties.font = .systemFont(ofSize: 13, weight: .semibold)
            content.secondaryText = notes[indexPath.row % notes.count]
            content.secondaryTextProperties.font = .systemFont(ofSize: 11)
            content.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12)
            cell.contentConfiguration = content
            return cell
        }
        // Swipe a note left for Flag and Archive, right for Pin (they only close the row).
        func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
            let archive = UIContextualAction(style: .normal, title: "Archive") { _, _, done in done(true) }
            archive.backgroundColor = .systemIndigo
            let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, done in done(true) }
            flag.backgroundColor = .systemOrange
            return UISwipeActionsConfiguration(actions: [archive, flag])
        }
        func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
            let pin = UIContextualAction(style: .normal, title: "Pin") { _, _, done in done(true) }
            pin.backgroundColor = .systemYellow
            return UISwipeActionsConfiguration(actions: [pin])
        }
    }

    private static let feedSource = Feed()

    private static func feed() -> UIView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 224, height: 396), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "note")
        table.estimatedRowHeight = 50
        table.separatorInset = UIEdgeInsets(top: 0, left: 12, bottom: 0, right: 0)
        table.dataSource = feedSource
        table.delegate = feedSource
        return table
    }

    // MARK: Photos

    private static var photoSource: UICollectionViewDiffableDataSource<Int, Int>?

    private static func photos() -> UIView {
        let wide = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(2.0 / 3), heightDimension: .fractionalHeight(1)))
        wide.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
        let small = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
        small.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
        let column = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)),
                                                      subitem: small, count: 2)
        let feature = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(2.0 / 3)),
                                                         subitems: [wide, column])
        let third = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
        third.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
        let row = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / 3)),
                                                     subitems: [third])
        let both = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(4.0 / 3)),
                                                    subitems: [feature, row, row])
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: both))
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 224, height: 396), collectionViewLayout: layout)
        collection.backgroundColor = .white
        let registration = UICollectionView.CellRegistration<PhotoCell, Int> { cell, _, number in
            let hue = CGFloat((number * 37) % 100) / 100
            cell.contentView.backgroundColor = UIColor(hue: hue, saturation: 0.45, brightness: 0.92, alpha: 1)
            cell.sun.backgroundColor = UIColor(hue: hue, saturation: 0.8, brightness: 0.6, alpha: 1)
        }
        let source = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collection) { view, path, number in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: number)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<300))
        source.apply(snapshot, animatingDifferences: false)
        photoSource = source
        return collection
    }

    /// A "photo": a sky with a sun, laid out in `layoutSubviews` at whatever size it gets.
    final class PhotoCell: UICollectionViewCell {
        let sun = UIView()

        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(sun)
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            super.layoutSubviews()
            let side = (bounds.width * 0.3).rounded()
            sun.frame = CGRect(x: (bounds.width * 0.6 - side / 2).rounded(), y: (bounds.height * 0.3 - side / 2).rounded(), width: side, height: side)
            sun.layer.cornerRadius = side / 2
        }
    }
}
