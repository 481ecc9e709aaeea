import UIKit

class RootViewController: UIViewController {}
