import Foundation
import Testing
import UIKit

/// Repros from an outside probe suite of hostile input (each ran in its own process and
/// crashed or hung): each ends with a clear result here.
@MainActor
@Suite struct HostileProbeTests {
    @Test(arguments: [Double.nan, 1e300, -5, .infinity])
    func aCountDownDurationOutOfRange(_ duration: Double) {
        let picker = UIDatePicker(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        picker.datePickerMode = .countDownTimer
        picker.countDownDuration = duration
        picker.layoutIfNeeded()
        #expect(picker.countDownDuration >= 0 && picker.countDownDuration <= 86_399)
    }

    private final class Sections: NSObject, UITableViewDataSource, UICollectionViewDataSource {
        func numberOfSections(in tableView: UITableView) -> Int { 3 }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        }
        func numberOfSections(in collectionView: UICollectionView) -> Int { 3 }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }

    @Test(arguments: [(-1, 0), (0, -1), (7, 0), (0, 9)])
    func movingASectionThatIsNotThere(from: Int, to: Int) {
        let source = Sections()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        table.layoutIfNeeded()
        table.moveSection(from, toSection: to)
        table.layoutIfNeeded()
        #expect(table.numberOfSections == 3)
        #expect(ConsoleLog.messages.contains { $0.hasPrefix("attempt to move section \(from)") })

        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 50, height: 50)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collection.dataSource = source
        collection.layoutIfNeeded()
        collection.moveSection(from, toSection: to)
        collection.layoutIfNeeded()
        #expect(collection.numberOfSections == 3)
        #expect(collection.visibleCells.count == 6)
    }

    @Test func presentingFromViewDidLoadIsRefused() {
        final class Eager: UIViewController {
            let sheet = UIViewController()
            override func viewDidLoad() {
                super.viewDidLoad()
                present(sheet, animated: false)
            }
        }
        let eager = Eager()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = eager
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(eager.presentedViewController == nil)
        #expect(eager.sheet.presentingViewController == nil)
        #expect(ConsoleLog.messages.contains { $0.contains("whose view is not in the window hierarchy") })
        // Once in the window, it presents.
        eager.present(eager.sheet, animated: false)
        #expect(eager.presentedViewController === eager.sheet)
        window.isHidden = true
    }

    @Test func anEmptyConstraintTakesNoPart() {
        let constraint = NSLayoutConstraint()
        #expect(constraint.firstItem == nil && constraint.secondItem == nil)
        #expect(constraint.firstAttribute == .notAnAttribute && constraint.multiplier == 1 && constraint.constant == 0)
        constraint.isActive = true
        #expect(constraint.isActive == false)
    }

    @Test func aConstraintMixingAxesStopsWithApplesMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let a = UIView(), b = UIView()
            let container = UIView()
            container.addSubview(a)
            container.addSubview(b)
            _ = NSLayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: b, attribute: .top, multiplier: 1, constant: 0)
        }
        await #expect(processExitsWith: .failure) {
            _ = NSLayoutConstraint(item: UIView(), attribute: .left, relatedBy: .equal, toItem: UIView(), attribute: .leading, multiplier: 1, constant: 0)
        }
        // Width and height may be related (an aspect ratio), as may two edges of one axis.
        let a = UIView(), b = UIView()
        #expect(NSLayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: b, attribute: .height, multiplier: 2, constant: 0).multiplier == 2)
        #expect(NSLayoutConstraint(item: a, attribute: .centerX, relatedBy: .equal, toItem: b, attribute: .trailing, multiplier: 1, constant: 0).firstAttribute == .centerX)
    }

    @Test func theLargestFontSizeHasFiniteMetrics() {
        let font = UIFont.systemFont(ofSize: .greatestFiniteMagnitude)
        #expect(font.lineHeight.isFinite && font.lineHeight > 0)
        #expect(font.ascender.isFinite && font.descender.isFinite)
    }

    @Test(arguments: [1_000_000, Int.max])
    func aPageControlWithVeryManyPages(_ pages: Int) {
        let control = UIPageControl(frame: CGRect(x: 0, y: 0, width: 390, height: 26))
        control.numberOfPages = pages
        control.currentPage = pages / 2
        control.layoutIfNeeded()
        #expect(control.currentPage == pages / 2)
        #expect((control.layer.sublayers?.count ?? 0) <= 25)
        #expect(control.intrinsicContentSize.width <= 25 * 16)
        control.currentPage = pages - 1
        #expect(control.currentPage == pages - 1)
    }

    @Test func negativeParagraphSpacingsCountAsZero() {
        let style = NSMutableParagraphStyle()
        style.paragraphSpacing = -1e30
        style.paragraphSpacingBefore = -1e30
        style.lineSpacing = -1e30
        let label = UILabel()
        label.numberOfLines = 0
        label.attributedText = NSAttributedString(string: "One\nTwo", attributes: [.paragraphStyle: style])
        let plain = UILabel()
        plain.numberOfLines = 0
        plain.text = "One\nTwo"
        let size = label.sizeThatFits(CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
        #expect(size.height > 0)
        #expect(size == plain.sizeThatFits(CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude)))
    }

    /// A replicator whose instance transform is not finite draws nothing of its instances in a
    /// window's frames (it trapped in the compositor).
    @Test(arguments: [CGFloat.nan, .infinity, -.infinity, .greatestFiniteMagnitude])
    func aReplicatorWithANonFiniteInstanceTransformInAWindow(_ value: CGFloat) {
        withManualClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
            window.isHidden = false
            let replicator = CAReplicatorLayer()
            replicator.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
            replicator.instanceCount = 4
            let dot = CALayer()
            dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            dot.backgroundColor = UIColor.red.cgColor
            replicator.addSublayer(dot)
            window.layer.addSublayer(replicator)
            window.renderFrame(atTime: clock.time)
            for entry in 0..<16 {
                var transform = CATransform3DIdentity
                withUnsafeMutableBytes(of: &transform) { $0.bindMemory(to: CGFloat.self)[entry] = value }
                replicator.instanceTransform = transform
                clock.advance(by: 0.1)
                window.renderFrame(atTime: clock.time)
            }
            replicator.instanceTransform = CATransform3DMakeTranslation(12, 0, 0)
            clock.advance(by: 1)
            #expect(!window.renderFrame(atTime: clock.time).isNull)
            window.isHidden = true
        }
    }
}
