import UIKit

class NoteViewController: UIViewController {

    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var bodyLabel: UILabel!
    @IBOutlet weak var editedLabel: UILabel!
    @IBOutlet var tagLabels: [UILabel] = []

    var note: Note?

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        guard let note = note else { return }
        navigationItem.title = note.title
        titleLabel.text = note.title
        bodyLabel.text = note.body
        editedLabel.text = String(format: NSLocalizedString("Edited %@", comment: "When the note was last edited"),
                                  NoteViewController.dateFormatter.string(from: note.edited))
        for (index, label) in tagLabels.enumerated() {
            label.isHidden = index >= note.tags.count
            label.text = index < note.tags.count ? "#" + note.tags[index] : nil
        }
    }
}
