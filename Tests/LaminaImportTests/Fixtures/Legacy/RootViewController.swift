import UIKit
import Kit

class RootViewController: UIViewController {
    let badge = PulseLabel()
}
