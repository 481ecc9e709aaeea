import UIKit

/// A contact in the list.
public struct Contact: Sendable {
    public let name: String
    public let detail: String
    public let symbol: String

    public init(name: String, detail: String, symbol: String) {
        self.name = name
        self.detail = detail
        self.symbol = symbol
    }

    /// Twenty people, some with long details that wrap.
    public static let samples: [Contact] = {
        let names = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth",
                     "Margaret Hamilton", "Ken Thompson", "Frances Allen", "John McCarthy", "Radia Perlman", "Tony Hoare",
                     "Leslie Lamport", "Hedy Lamarr", "Dennis Ritchie", "Shafi Goldwasser", "Niklaus Wirth", "Adele Goldberg",
                     "Vint Cerf", "陈怡 (Chen Yi)"]
        let symbols = ["person.crop.circle", "star.fill", "heart.fill", "bell", "envelope", "phone"]
        return names.enumerated().map { index, name in
            let detail = index % 4 == 0
                ? "Met at the conference in spring; follow up about the reading group and the shared notes before June."
                : "Mobile \(String(format: "%03d", 200 + index * 7)) 555 01\(index % 10)\(index % 7)"
            return Contact(name: name, detail: detail, symbol: symbols[index % symbols.count])
        }
    }()
}

/// The contacts as a self-sizing table: a symbol, the name, and a detail that may wrap.
public final class ContactsViewController: UITableViewController {
    private let contacts: [Contact]

    public init(contacts: [Contact] = Contact.samples) {
        self.contacts = contacts
        super.init(style: .insetGrouped)
        title = "Contacts"
    }

    public required init?(coder: NSCoder) {
        nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Contact")
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        contacts.count
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Contact", for: indexPath)
        let contact = contacts[indexPath.row]
        var content = UIListContentConfiguration.subtitleCell()
        content.text = contact.name
        content.secondaryText = contact.detail
        content.image = UIImage(systemName: contact.symbol)
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}
