import UIKit

class SettingsViewController: UITableViewController {

    @IBOutlet weak var versionLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "1.0"
        versionLabel.text = version
    }

    @IBAction func done(_ sender: Any) {
        dismiss(animated: true)
    }
}
