import UIKit

class NotesViewController: UITableViewController {

    let store = NoteStore.shared

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Notes", comment: "The title of the list of notes")
    }

    func openNote(at index: Int) {
        let indexPath = IndexPath(row: index, section: 0)
        tableView.selectRow(at: indexPath, animated: false, scrollPosition: .none)
        performSegue(withIdentifier: "showNote", sender: tableView.cellForRow(at: indexPath))
    }

    @IBAction func addNote(_ sender: Any) {
        store.notes.insert(Note(title: NSLocalizedString("New Note", comment: ""), body: "", tags: [], isPinned: false, edited: Date()), at: 0)
        tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    }

    // MARK: - Table view data source

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return store.notes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "NoteCell", for: indexPath)
        let note = store.notes[indexPath.row]
        cell.textLabel?.text = note.title
        cell.detailTextLabel?.text = note.body
        cell.imageView?.image = note.isPinned ? UIImage(named: "Pin") : nil
        return cell
    }

    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        return String.localizedStringWithFormat(NSLocalizedString("%d notes", comment: "How many notes there are"), store.notes.count)
    }

    // MARK: - Navigation

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "showNote",
           let detail = segue.destination as? NoteViewController,
           let cell = sender as? UITableViewCell,
           let indexPath = tableView.indexPath(for: cell) {
            detail.note = store.notes[indexPath.row]
        }
    }
}
