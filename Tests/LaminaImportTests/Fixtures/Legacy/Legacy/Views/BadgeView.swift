import UIKit

class BadgeView: UIView {}
