import LaminaTestSupport
import QuartzCore
import Testing

/// Layers under 3-D transforms: perspective (`m34`) through `transform` and
/// `sublayerTransform`, projective mapping of contents, and `CATransformLayer` scenes sorted by
/// depth. Pixel positions are checked against the projection computed by hand; whole scenes
/// against reference PNGs (tolerance 2/255).
@Suite struct CALayerPerspectiveTests {
    private func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private func perspective(_ distance: CGFloat) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1 / distance
        return t
    }

    /// A 2×1 image: left texel red, right texel blue.
    private func halves() -> CGImage {
        let ctx = CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(colour(1, 0, 0))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.setFillColor(colour(0, 0, 1))
        ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        return ctx.makeImage()!
    }

    private func pixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + y * ctx.bytesPerRow + x * 4
        return (p[0], p[1], p[2], p[3])
    }

    /// The seam between the two halves of a card turned about y under perspective lands where
    /// the projection puts the card's centre line, not halfway between its projected edges
    /// (where an affine approximation would put it).
    @Test func contentsMapProjectively() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.sublayerTransform = perspective(200)
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 20, width: 100, height: 60)
        card.contents = halves()
        card.magnificationFilter = .nearest
        card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        root.addSublayer(card)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 1)
        root.render(in: ctx)
        // A card point u from its centre line, turned about y by 60°, sits at x' = u·m11,
        // z' = u·m13; the root's perspective about its centre (100, 50) divides by
        // w = 1 + z'·m34.
        func projectedX(_ u: CGFloat) -> CGFloat {
            let t = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            let x = u * t.m11, z = u * t.m13
            let w = 1 + z * (-1 / 200)
            return 100 + x / w
        }
        let left = projectedX(-50), right = projectedX(50), seam = projectedX(0)
        #expect(abs(seam - (left + right) / 2) > 4, "the test must tell projective from affine")
        let y = 50
        let beforeSeam = pixel(ctx, Int(seam) - 2, y), afterSeam = pixel(ctx, Int(seam) + 2, y)
        #expect(beforeSeam == (255, 0, 0, 255))
        #expect(afterSeam == (0, 0, 255, 255))
        // Just inside and outside the projected edges.
        #expect(pixel(ctx, Int(left.rounded(.up)) + 1, y).a == 255)
        #expect(pixel(ctx, Int(left.rounded(.down)) - 2, y).a == 0)
        #expect(pixel(ctx, Int(right.rounded(.down)) - 2, y).a == 255)
        #expect(pixel(ctx, Int(right.rounded(.up)) + 1, y).a == 0)
    }

    /// The near side of a card tilted under perspective is taller than the far side.
    @Test func nearSideIsLarger() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 20, width: 100, height: 80)
        card.backgroundColor = colour(0, 0.5, 0)
        var t = perspective(250)
        t = CATransform3DRotate(t, 0.8, 0, 1, 0)
        card.transform = t
        root.addSublayer(card)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 1)
        root.render(in: ctx)
        func columnHeight(_ x: Int) -> Int { (0..<120).filter { pixel(ctx, x, $0).a > 128 }.count }
        // Rotating about +y by a positive angle brings the left edge (x < 0) towards the
        // viewer (z' = −u·sin θ > 0 for u < 0).
        let nearColumn = (0..<200).first { columnHeight($0) > 0 }!
        let farColumn = (0..<200).last { columnHeight($0) > 0 }!
        #expect(columnHeight(nearColumn + 2) > columnHeight(farColumn - 2) + 10)
    }

    /// Inside a transform layer the nearer plane is drawn on top whatever the sublayer order;
    /// a flattening layer keeps sublayer order.
    @Test(arguments: [true, false]) func depthSortingInATransformLayer(transformLayer: Bool) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.sublayerTransform = perspective(500)
        let scene = transformLayer ? CATransformLayer() : CALayer()
        scene.frame = root.bounds
        let near = CALayer(), far = CALayer()
        near.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        far.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        near.backgroundColor = colour(1, 0, 0)
        far.backgroundColor = colour(0, 0, 1)
        near.transform = CATransform3DMakeTranslation(0, 0, 30)
        far.transform = CATransform3DMakeTranslation(0, 0, -30)
        // The near plane first, so that only depth sorting can bring it to the top.
        scene.addSublayer(near)
        scene.addSublayer(far)
        root.addSublayer(scene)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 1)
        root.render(in: ctx)
        let centre = pixel(ctx, 50, 50)
        #expect(centre == (transformLayer ? (255, 0, 0, 255) : (0, 0, 255, 255)))
    }

    /// A transform layer draws none of its own properties and applies its opacity to each
    /// sublayer separately (no group): two overlapping opaque planes at half opacity show the
    /// top one at half strength over the other at half strength.
    @Test func transformLayerOpacityIsPerSublayer() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let scene = CATransformLayer()
        scene.frame = root.bounds
        scene.backgroundColor = colour(0, 1, 0)
        scene.borderWidth = 4
        scene.opacity = 0.5
        for (i, c) in [colour(1, 0, 0), colour(0, 0, 1)].enumerated() {
            let plane = CALayer()
            plane.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            plane.backgroundColor = c
            plane.zPosition = CGFloat(i)
            scene.addSublayer(plane)
        }
        root.addSublayer(scene)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 1)
        root.render(in: ctx)
        // Nothing of the transform layer itself (its green background, its border).
        #expect(pixel(ctx, 2, 2).a == 0)
        #expect(pixel(ctx, 20, 2).a == 0)
        // Blue at ½ over red at ½: (½·red)·½ + ½·blue.
        let p = pixel(ctx, 20, 20)
        #expect(abs(Int(p.r) - 64) <= 1 && p.g == 0 && abs(Int(p.b) - 128) <= 1 && abs(Int(p.a) - 191) <= 1)
    }

    /// A plane rotated behind the eye (every corner at w ≤ 0) draws nothing and does not hang.
    @Test func planesBehindTheEyeDrawNothing() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        let card = CALayer()
        card.frame = root.bounds
        card.backgroundColor = colour(1, 0, 0)
        card.transform = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, 400), perspective(100))
        root.addSublayer(card)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 1)
        root.render(in: ctx)
        #expect((0..<50).allSatisfy { pixel(ctx, $0, 25).a == 0 })
    }

    /// Stripes for a card's contents: four vertical bands.
    private func bands() -> CGImage {
        let ctx = CGContext(data: nil, width: 64, height: 48, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let colours = [colour(0.9, 0.3, 0.2), colour(0.95, 0.75, 0.2), colour(0.3, 0.7, 0.4), colour(0.2, 0.45, 0.85)]
        for (i, c) in colours.enumerated() {
            ctx.setFillColor(c)
            ctx.fill(CGRect(x: i * 16, y: 0, width: 16, height: 48))
        }
        ctx.setFillColor(colour(1, 1, 1))
        ctx.fill(CGRect(x: 0, y: 20, width: 64, height: 8))
        return ctx.makeImage()!
    }

    /// Cards under perspective: turned about y and x, rounded and clipped with a sublayer
    /// under 3-D, and a cube of six faces in a transform layer sorted by depth.
    @Test func perspectiveScene() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 360, height: 160)
        root.backgroundColor = colour(1, 1, 1)
        let stage = CALayer()
        stage.frame = root.bounds
        stage.sublayerTransform = perspective(300)
        root.addSublayer(stage)
        // Turned about y, with banded contents and antialiased edges.
        let turned = CALayer()
        turned.frame = CGRect(x: 20, y: 30, width: 90, height: 100)
        turned.contents = bands()
        turned.allowsEdgeAntialiasing = true
        turned.transform = CATransform3DMakeRotation(0.9, 0, 1, 0)
        stage.addSublayer(turned)
        // Tilted about x, rounded, clipping a sublayer that sticks out; aliased edges (the
        // default).
        let tilted = CALayer()
        tilted.frame = CGRect(x: 130, y: 30, width: 90, height: 100)
        tilted.backgroundColor = colour(0.2, 0.45, 0.85)
        tilted.cornerRadius = 18
        tilted.masksToBounds = true
        tilted.borderWidth = 3
        tilted.borderColor = colour(0.1, 0.1, 0.1)
        tilted.transform = CATransform3DMakeRotation(-0.8, 1, 0, 0)
        let inner = CALayer()
        inner.frame = CGRect(x: 40, y: -20, width: 70, height: 60)
        inner.backgroundColor = colour(0.95, 0.75, 0.2)
        tilted.addSublayer(inner)
        stage.addSublayer(tilted)
        // A cube: six faces of a transform layer, turned to show three of them.
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 245, y: 45, width: 70, height: 70)
        let faces: [(CATransform3D, CGColor)] = [
            (CATransform3DMakeTranslation(0, 0, 35), colour(0.9, 0.3, 0.2)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -35), .pi, 0, 1, 0), colour(0.3, 0.7, 0.4)),
            (CATransform3DRotate(CATransform3DMakeTranslation(35, 0, 0), .pi / 2, 0, 1, 0), colour(0.2, 0.45, 0.85)),
            (CATransform3DRotate(CATransform3DMakeTranslation(-35, 0, 0), -.pi / 2, 0, 1, 0), colour(0.95, 0.75, 0.2)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -35, 0), .pi / 2, 1, 0, 0), colour(0.6, 0.3, 0.8)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 35, 0), -.pi / 2, 1, 0, 0), colour(0.5, 0.5, 0.5)),
        ]
        for (transform, fill) in faces {
            let face = CALayer()
            face.frame = cube.bounds
            face.backgroundColor = fill
            face.borderWidth = 2
            face.borderColor = colour(1, 1, 1)
            face.transform = transform
            face.allowsEdgeAntialiasing = true
            cube.addSublayer(face)
        }
        cube.transform = CATransform3DRotate(CATransform3DMakeRotation(0.6, 0, 1, 0), -0.5, 1, 0, 0)
        stage.addSublayer(cube)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size)
        root.render(in: ctx)
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CALayerPerspectiveTests", name: "perspective-scene")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
