import Foundation

extension UICollectionView {
    /// Where a nib-registered or storyboard-prototype cell or supplementary view comes from.
    enum MadeFrom {
        case nib(UINib)
        case prototype(IBPrototype)

        @MainActor func make(kind: String) -> UICollectionReusableView {
            switch self {
            case .nib(let nib):
                let objects = nib.instantiate(withOwner: nil)
                guard objects.count == 1, let view = objects.first as? UICollectionReusableView else {
                    fatalError("invalid nib registered for identifier - nib must contain exactly one top level object which "
                               + "must be a \(kind == "cell" ? "UICollectionViewCell" : "UICollectionReusableView") instance")
                }
                return view
            case .prototype(let prototype):
                return prototype.make() as? UICollectionReusableView ?? UICollectionReusableView(frame: .zero)
            }
        }
    }
}
