import Foundation
import Testing
import UIKit

/// System symbols by the names real apps use: about a thousand draw, each a template image
/// with ink inside its box; unknown names give nil; configurations size and weight them.
@MainActor
@Suite struct SymbolCatalogTests {
    /// The names the apps crashed or went blank on, and a sample of every group.
    nonisolated static let used = ["car", "briefcase", "dollarsign.circle", "sun.max", "location.circle.fill", "qrcode",
                       "cart.fill", "creditcard", "bag", "airplane", "map", "mappin.and.ellipse", "cloud.rain",
                       "moon.stars", "play.fill", "pause.circle", "backward.end", "music.note", "envelope.open",
                       "phone.fill", "calendar", "clock", "lock.fill", "eye.slash", "wifi", "arrow.clockwise",
                       "arrow.up.circle", "list.bullet", "line.3.horizontal.decrease.circle", "square.grid.2x2",
                       "exclamationmark.triangle.fill", "questionmark.circle", "checkmark.circle.fill", "person.2.fill",
                       "person.crop.circle", "bookmark.fill", "tag", "folder.badge.plus", "doc.on.doc", "paperplane.fill",
                       "camera.fill", "photo.on.rectangle", "mic.slash", "speaker.wave.2.fill", "bolt.fill", "leaf",
                       "flame", "cup.and.saucer", "fork.knife", "gift", "globe", "hand.thumbsup.fill", "trash.circle"]

    private func ink(_ image: UIImage) -> Int {
        guard let cg = image.cgImage, let data = cg.dataProvider?.data as Data? else { return 0 }
        return stride(from: 3, to: data.count, by: 4).filter { data[$0] > 127 }.count
    }

    @Test(arguments: used)
    func aUsedNameDrawsATemplate(_ name: String) throws {
        let image = try #require(UIImage(systemName: name), "\(name) is unknown")
        #expect(image.renderingMode == .alwaysTemplate)
        #expect(image.size.width > 10 && image.size.height > 10)
        let covered = ink(image)
        let total = Int(image.size.width * image.scale * image.size.height * image.scale)
        #expect(covered > total / 50 && covered < total * 9 / 10, "\(name): \(covered) of \(total) pixels inked")
    }

    @Test func unknownNamesGiveNil() {
        for name in ["", "no.such.symbol", "car.fill.fill", "house.square", "gearshape.circle.fill.circle"] {
            #expect(UIImage(systemName: name) == nil, "\(name)")
        }
    }

    @Test func aboutAThousandNamesAreKnownAndEachDraws() {
        let names = UIImage.laminaSystemSymbolNames
        #expect(names.count >= 1_000)
        for name in names { #expect(UIImage(systemName: name) != nil, "\(name)") }
    }

    @Test func filledAndOutlinedDiffer() throws {
        let outline = try #require(UIImage(systemName: "bookmark")), filled = try #require(UIImage(systemName: "bookmark.fill"))
        #expect(ink(filled) > ink(outline))
        let circle = try #require(UIImage(systemName: "car.circle")), circleFill = try #require(UIImage(systemName: "car.circle.fill"))
        #expect(ink(circleFill) > ink(circle))
    }

    @Test func configurationsScaleAndWeight() throws {
        let small = try #require(UIImage(systemName: "car", withConfiguration: UIImage.SymbolConfiguration(pointSize: 12)))
        let large = try #require(UIImage(systemName: "car", withConfiguration: UIImage.SymbolConfiguration(pointSize: 40)))
        #expect(large.size.width > small.size.width * 3)
        let regular = try #require(UIImage(systemName: "car", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: .regular)))
        let black = try #require(UIImage(systemName: "car", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: .black)))
        #expect(ink(black) > ink(regular))
        #expect(regular.withConfiguration(UIImage.SymbolConfiguration(pointSize: 40)).size == large.size)
    }

    @Test func coloursAndMergedConfigurations() throws {
        let red = try #require(UIImage(systemName: "car", withConfiguration: UIImage.SymbolConfiguration(hierarchicalColor: .red)))
        #expect(red.renderingMode == .alwaysOriginal && red.isSymbolImage)
        let data = try #require(red.cgImage?.dataProvider?.data as Data?)
        let inked = stride(from: 0, to: data.count, by: 4).first { data[$0 + 3] == 255 }
        #expect(inked.map { [data[$0], data[$0 + 1], data[$0 + 2]] } == [255, 0, 0])
        let palette = try #require(UIImage(systemName: "star.fill", withConfiguration: UIImage.SymbolConfiguration(paletteColors: [.blue, .green])))
        #expect(palette.renderingMode == .alwaysOriginal)
        #expect(UIImage(systemName: "car", withConfiguration: .preferringMulticolor())?.renderingMode == .alwaysTemplate)
        // Size from one configuration, weight from another.
        let sized = UIImage.SymbolConfiguration(pointSize: 40)
        let merged = sized.applying(UIImage.SymbolConfiguration(weight: .bold))
        let image = try #require(UIImage(systemName: "car", withConfiguration: merged))
        let forty = try #require(UIImage(systemName: "car", withConfiguration: UIImage.SymbolConfiguration(pointSize: 40, weight: .bold)))
        #expect(image.size == forty.size)
        let applied = try #require(UIImage(systemName: "car", withConfiguration: sized)?.applyingSymbolConfiguration(UIImage.SymbolConfiguration(weight: .bold)))
        #expect(applied.size == forty.size)
        #expect(UIImage().applyingSymbolConfiguration(sized) == nil)
        let fontSized = UIImage.SymbolConfiguration(font: .boldSystemFont(ofSize: 30))
        #expect(UIImage(systemName: "car", withConfiguration: fontSized)?.size == UIImage(systemName: "car", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: .bold))?.size)
    }
}
