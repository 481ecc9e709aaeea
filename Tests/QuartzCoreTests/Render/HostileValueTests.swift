import CoreGraphics
import Foundation
import QuartzCore
import Testing

// Hostile values never crash: every layer class × each of its geometry, style and
// class-specific properties × {NaN, +∞, −∞, 1e30, −1e30, the largest finite value}, drawn
// through both `render(in:)` and `CARenderer` (two frames, half a second apart), then
// presented and hit-tested. Layers whose geometry cannot be drawn draw nothing.

/// The probe matrix.
enum Hostile {

    static let hostileValues: [CGFloat] = [.nan, .infinity, -.infinity, 1e30, -1e30, .greatestFiniteMagnitude]

    struct Probe {
        let name: String
        let apply: (CALayer, CGFloat) -> Void
        let make: () -> CALayer
    }

    static func baseLayer() -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        l.position = CGPoint(x: 30, y: 30)
        l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        l.borderWidth = 2
        l.cornerRadius = 4
        l.shadowOpacity = 0.5
        return l
    }

    static func shape() -> CALayer {
        let s = CAShapeLayer()
        s.frame = CGRect(x: 5, y: 5, width: 50, height: 50)
        s.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        s.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        s.lineWidth = 3
        s.lineDashPattern = [4, 2]
        return s
    }

    static func gradient(_ type: CAGradientLayerType) -> () -> CALayer {
        {
            let g = CAGradientLayer()
            g.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            g.type = type
            g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
            g.startPoint = CGPoint(x: 0.5, y: 0.5)
            g.endPoint = CGPoint(x: 1, y: 1)
            return g
        }
    }

    static func replicator() -> CALayer {
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        r.addSublayer(baseLayer())
        return r
    }

    static func emitter() -> CALayer {
        let e = CAEmitterLayer()
        e.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        e.emitterPosition = CGPoint(x: 30, y: 30)
        let cell = CAEmitterCell()
        cell.birthRate = 10
        cell.lifetime = 2
        cell.velocity = 20
        cell.contents = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()
        e.emitterCells = [cell]
        return e
    }

    static func tiled() -> CALayer {
        let t = CATiledLayer()
        t.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        return t
    }

    static func transformLayer() -> CALayer {
        let t = CATransformLayer()
        t.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        t.addSublayer(baseLayer())
        return t
    }

    static func scroll() -> CALayer {
        let s = CAScrollLayer()
        s.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        s.addSublayer(baseLayer())
        return s
    }

    static func kvc(_ path: String) -> (CALayer, CGFloat) -> Void { { layer, v in layer.setValue(v, forKeyPath: path) } }

    static let geometryPaths = ["bounds.origin.x", "bounds.size.width", "bounds.size.height", "position.x", "position.y", "zPosition",
                         "anchorPoint.x", "anchorPointZ", "cornerRadius", "borderWidth", "shadowRadius", "shadowOffset.width",
                         "shadowOffset.height", "shadowOpacity", "opacity", "contentsScale", "rasterizationScale",
                         "transform.rotation.z", "transform.scale", "transform.translation.x", "sublayerTransform.scale",
                         "contentsRect.size.width", "contentsCenter.origin.x"]
    static var makers: [(String, () -> CALayer)] { [("layer", baseLayer), ("shape", shape), ("axial", gradient(.axial)), ("radial", gradient(.radial)),
                                              ("conic", gradient(.conic)), ("replicator", replicator), ("emitter", emitter), ("tiled", tiled),
                                              ("transformLayer", transformLayer), ("scroll", scroll)] }
    static func allProbes() -> [Probe] {
        var probes: [Probe] = []
        for (kind, make) in makers {
            for path in geometryPaths { probes.append(Probe(name: "\(kind).\(path)", apply: kvc(path), make: make)) }
            probes.append(Probe(name: "\(kind).transform.m34", apply: { l, v in var t = CATransform3DIdentity; t.m34 = v; l.transform = t }, make: make))
            probes.append(Probe(name: "\(kind).transform.m11", apply: { l, v in var t = CATransform3DIdentity; t.m11 = v; l.transform = t }, make: make))
            probes.append(Probe(name: "\(kind).transform.m44", apply: { l, v in var t = CATransform3DIdentity; t.m44 = v; l.transform = t }, make: make))
            probes.append(Probe(name: "\(kind).sublayerTransform.m41", apply: { l, v in var t = CATransform3DIdentity; t.m41 = v; l.sublayerTransform = t }, make: make))
            probes.append(Probe(name: "\(kind).affine.a", apply: { l, v in l.setAffineTransform(CGAffineTransform(a: v, b: 0, c: 0, d: 1, tx: 0, ty: 0)) }, make: make))
            probes.append(Probe(name: "\(kind).affine.tx", apply: { l, v in l.setAffineTransform(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: v, ty: 0)) }, make: make))
            probes.append(Probe(name: "\(kind).frame", apply: { l, v in l.frame = CGRect(x: v, y: v, width: v, height: v) }, make: make))
            probes.append(Probe(name: "\(kind).shadowPath", apply: { l, v in l.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: v, height: 10), transform: nil) }, make: make))
        }
        for path in ["lineWidth", "miterLimit", "strokeStart", "strokeEnd", "lineDashPhase"] {
            probes.append(Probe(name: "shape.\(path)", apply: kvc(path), make: shape))
        }
        probes.append(Probe(name: "shape.dash", apply: { l, v in (l as! CAShapeLayer).lineDashPattern = [NSNumber(value: Double(v)), 2] }, make: shape))
        probes.append(Probe(name: "shape.path", apply: { l, v in (l as! CAShapeLayer).path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: v, height: v), transform: nil) }, make: shape))
        for (kind, make) in [("axial", gradient(.axial)), ("radial", gradient(.radial)), ("conic", gradient(.conic))] {
            for path in ["startPoint.x", "endPoint.y"] { probes.append(Probe(name: "\(kind).\(path)", apply: kvc(path), make: make)) }
            probes.append(Probe(name: "\(kind).locations", apply: { l, v in (l as! CAGradientLayer).locations = [0, NSNumber(value: Double(v))] }, make: make))
        }
        for path in ["instanceDelay", "instanceRedOffset", "instanceAlphaOffset"] { probes.append(Probe(name: "replicator.\(path)", apply: kvc(path), make: replicator)) }
        probes.append(Probe(name: "replicator.instanceTransform", apply: { l, v in (l as! CAReplicatorLayer).instanceTransform = CATransform3DMakeTranslation(v, v, 0) }, make: replicator))
        probes.append(Probe(name: "replicator.instanceTransform.scale", apply: { l, v in (l as! CAReplicatorLayer).instanceTransform = CATransform3DMakeScale(v, v, 1) }, make: replicator))
        for entry in 0..<16 {
            probes.append(Probe(name: "replicator.instanceTransform.m\(entry / 4 + 1)\(entry % 4 + 1)", apply: { l, v in
                var t = CATransform3DIdentity
                withUnsafeMutableBytes(of: &t) { $0.bindMemory(to: CGFloat.self)[entry] = v }
                (l as! CAReplicatorLayer).instanceTransform = t
            }, make: replicator))
        }
        probes.append(Probe(name: "replicator.instanceTransform.rotation", apply: { l, v in (l as! CAReplicatorLayer).instanceTransform = CATransform3DMakeRotation(v, 0, 0, 1) }, make: replicator))
        probes.append(Probe(name: "layer.transition", apply: { l, v in
            l.bounds = CGRect(x: 0, y: 0, width: v, height: 40)
            let transition = CATransition()
            transition.type = .push
            transition.duration = 1
            l.add(transition, forKey: "transition")
        }, make: baseLayer))
        probes.append(Probe(name: "replicator.instanceCount", apply: { l, v in (l as! CAReplicatorLayer).instanceCount = v.isFinite ? Int(max(min(v, 1e6), -1e6)) : 5 }, make: replicator))
        for path in ["birthRate", "lifetime", "velocity", "scale", "spin", "emitterPosition.x", "emitterSize.width", "emitterZPosition", "emitterDepth"] {
            probes.append(Probe(name: "emitter.\(path)", apply: { l, v in
                let e = l as! CAEmitterLayer
                switch path {
                case "birthRate": e.birthRate = Float(v)
                case "lifetime": e.lifetime = Float(v)
                case "velocity": e.velocity = Float(v)
                case "scale": e.scale = Float(v)
                case "spin": e.spin = Float(v)
                case "emitterPosition.x": e.emitterPosition.x = v
                case "emitterSize.width": e.emitterSize.width = v
                case "emitterZPosition": e.emitterZPosition = v
                default: e.emitterDepth = v
                }
            }, make: emitter))
        }
        for cellProp in ["birthRate", "lifetime", "velocity", "scale", "spin", "emissionRange", "xAcceleration", "scaleSpeed", "alphaSpeed", "lifetimeRange", "velocityRange", "contentsScale"] {
            probes.append(Probe(name: "emitterCell.\(cellProp)", apply: { l, v in
                let cell = (l as! CAEmitterLayer).emitterCells![0]
                let f = Float(v)
                switch cellProp {
                case "birthRate": cell.birthRate = f
                case "lifetime": cell.lifetime = f
                case "velocity": cell.velocity = v
                case "scale": cell.scale = v
                case "spin": cell.spin = v
                case "emissionRange": cell.emissionRange = v
                case "xAcceleration": cell.xAcceleration = v
                case "scaleSpeed": cell.scaleSpeed = v
                case "alphaSpeed": cell.alphaSpeed = f
                case "lifetimeRange": cell.lifetimeRange = f
                case "velocityRange": cell.velocityRange = v
                default: cell.contentsScale = v
                }
            }, make: emitter))
        }
        probes.append(Probe(name: "tiled.tileSize", apply: { l, v in (l as! CATiledLayer).tileSize = CGSize(width: v, height: v) }, make: tiled))
        probes.append(Probe(name: "tiled.levelsOfDetail", apply: { l, v in (l as! CATiledLayer).levelsOfDetail = v.isFinite ? Int(max(min(v, 1e6), -1e6)) : 1000 }, make: tiled))
        probes.append(Probe(name: "scroll.scrollTo", apply: { l, v in (l as! CAScrollLayer).scroll(to: CGPoint(x: v, y: v)) }, make: scroll))
        return probes
    }

    static func runProbe(_ probe: Probe, value: CGFloat, renderer: Bool) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.position = CGPoint(x: 32, y: 32)
        let layer = probe.make()
        root.addSublayer(layer)
        probe.apply(layer, value)
        if renderer {
            let r = CARenderer(pixelWidth: 64, pixelHeight: 64, scale: 1)!
            CATransaction.flush()
            r.layer = root
            for t in [CACurrentMediaTime(), CACurrentMediaTime() + 0.5] {
                r.beginFrame(atTime: t)
                r.addUpdate(r.updateBounds())
                r.render()
                r.endFrame()
            }
        } else {
            let ctx = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            root.render(in: ctx)
        }
        _ = layer.presentation()
        _ = root.hitTest(CGPoint(x: 10, y: 10))
    }

}

@MainActor
@Suite struct HostileValueTests {
    @Test(arguments: [false, true])
    func hostileValuesDrawWithoutTrapping(throughRenderer: Bool) {
        let probes = Hostile.allProbes()
        #expect(probes.count > 300)
        for probe in probes {
            for value in Hostile.hostileValues {
                Hostile.runProbe(probe, value: value, renderer: throughRenderer)
            }
        }
    }

    @Test func aNonFiniteTransformDrawsNothing() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.position = CGPoint(x: 10, y: 10)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        square.setAffineTransform(CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        root.addSublayer(square)
        var pixels = [UInt8](repeating: 0, count: 20 * 20 * 4)
        pixels.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 80,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            root.render(in: ctx)
        }
        #expect(pixels.allSatisfy { $0 == 0 })
        // The same square with a finite transform does draw.
        square.setAffineTransform(.identity)
        pixels.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 80,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            root.render(in: ctx)
        }
        #expect(pixels[(10 * 20 + 10) * 4] == 255)
    }
}
