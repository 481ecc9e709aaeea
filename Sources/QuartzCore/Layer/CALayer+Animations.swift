/// One animation attached to a layer.
struct AttachedAnimation {
    let key: String?
    /// The layer's own copy.
    let animation: CAAnimation
    /// Set when the transaction that added it commits: from then on it is evaluated and
    /// watched for its end.
    var watch: AnimationWatch?
}

extension CALayer {
    // MARK: Attaching and detaching

    func attach(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy, let copy = anim.copy() as? CAAnimation else { return }
        if let property = copy as? CAPropertyAnimation, property.keyPath == nil, !(copy is CAAnimationGroup) {
            // Nothing to animate: Core Animation ignores it too.
            return
        }
        if copy.duration == 0 { copy.duration = CATransaction.animationDuration() }
        if let transition = copy as? CATransition { transition.snapshot = renderSnapshot() }
        (copy as? CAAnimationGroup)?.resolveChildDurations()
        if let key { detachAnimations { $0.key == key } }
        attachedAnimations.append(AttachedAnimation(key: key, animation: copy, watch: nil))
        TransactionStack.current.noteAnimationAdded(copy, to: self)
    }

    /// Detaches the animations `matching` selects. Those already running hear
    /// `animationDidStop(_:finished: false)` when the current transaction commits.
    func detachAnimations(where matching: (AttachedAnimation) -> Bool) {
        var kept: [AttachedAnimation] = []
        let stack = TransactionStack.current
        for entry in attachedAnimations {
            guard matching(entry) else {
                kept.append(entry)
                continue
            }
            stack.noteAnimationRemoved(entry.animation, watch: entry.watch)
        }
        attachedAnimations = kept
    }

    /// Detaches `animation` after it finished (no stop is reported here).
    /// Removes a finished animation. The layer is marked changed so that the next commit
    /// snapshots it without the animation: the committed copy (which the render tree keeps)
    /// would otherwise keep the animation, and through it the animation's delegate, alive — a
    /// view that delegates its own animation would never be freed.
    func detachFinished(_ animation: CAAnimation) {
        attachedAnimations.removeAll { $0.animation === animation }
        TransactionStack.current.noteChange(self)
    }

    /// Records that the timing of attached animations was changed in place (by an interactive
    /// animator), so that the next commit hands the new timing to the render side.
    package func attachedAnimationsDidChange() {
        CALayer.timingDidChange()
        TransactionStack.current.noteChange(self)
    }

    func isAttached(_ animation: CAAnimation) -> Bool {
        attachedAnimations.contains { $0.animation === animation }
    }

    func setWatch(_ watch: AnimationWatch, for animation: CAAnimation) {
        if let index = attachedAnimations.firstIndex(where: { $0.animation === animation }) {
            attachedAnimations[index].watch = watch
        }
    }

    /// How the layer and its sublayers look now (the presentation if committed, else the
    /// model), rendered at twice the contents scale.
    func renderSnapshot() -> LayerSnapshot? {
        let source = makePresentation() ?? self
        let bounds = source.bounds
        let scale = Swift.max(source.contentsScale, 1) * 2
        // Sized in floating point first: a huge or non-finite bounds fails here, never in `Int(_:)`.
        let pixelWidth = (bounds.width * scale).rounded(.up), pixelHeight = (bounds.height * scale).rounded(.up)
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 8192, pixelHeight <= 8192 else { return nil }
        let width = Int(pixelWidth), height = Int(pixelHeight)
        guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        // Layer space is y-down with the bounds origin at the top left.
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: scale, y: -scale)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        let tree = LiveLayerTree()
        let root = tree.value(of: source)
        tree.renderer(ctx).drawBody(root)
        return ctx.makeImage().map { LayerSnapshot(image: $0, bounds: bounds) }
    }

    // MARK: Time spaces

    private var ancestryFromRoot: [CALayer] {
        var chain: [CALayer] = []
        var layer: CALayer? = self
        while let current = layer {
            chain.append(current)
            layer = current.superlayer
        }
        return chain.reversed()
    }

    /// Media time → this layer's local time, through every ancestor's timing.
    func localTime(fromMediaTime t: CFTimeInterval) -> CFTimeInterval {
        ancestryFromRoot.reduce(t) { $1.timingModel.localTime(fromParent: $0) }
    }

    /// This layer's local time → media time.
    func mediaTime(fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        ancestryFromRoot.reversed().reduce(t) { $1.timingModel.parentTime(fromLocal: $0) }
    }

    /// The layer's local time now, on the current media clock.
    var currentLocalTime: CFTimeInterval {
        localTime(fromMediaTime: CAMediaClock.current.time)
    }

    // MARK: Presentation

    func makePresentation(timeShift: CFTimeInterval = 0) -> CALayer? {
        if isPresentationCopy { return self }
        guard let top = presentationCopy(timeShift: timeShift) else { return nil }
        // The subtree below, built without recursion (trees of any depth).
        var pending: [(model: CALayer, copy: CALayer)] = [(self, top)]
        while let (model, copy) = pending.popLast() {
            if let mask = model.mask {
                if mask.isPresentationCopy {
                    copy.mask = mask
                } else if let shown = mask.presentationCopy(timeShift: timeShift) {
                    copy.mask = shown
                    pending.append((mask, shown))
                } else {
                    copy.mask = mask
                }
            }
            var children: [CALayer] = []
            children.reserveCapacity(model.storedSublayers.count)
            for child in model.storedSublayers {
                if child.isPresentationCopy {
                    children.append(child)
                } else if let shown = child.presentationCopy(timeShift: timeShift) {
                    children.append(shown)
                    pending.append((child, shown))
                }
            }
            for child in children { child.superlayer = copy }
            copy.storedSublayers = children
        }
        return top
    }

    /// This layer's presentation copy alone (no sublayers or mask yet): its committed state
    /// with its running animations evaluated `timeShift` seconds before now.
    private func presentationCopy(timeShift: CFTimeInterval) -> CALayer? {
        guard let committed = committedState, let base = committedValue else { return nil }
        let copy = type(of: self).init(layer: committed)
        copy.modelLayer = self
        let running = runningAnimations
        if !running.isEmpty {
            // The same evaluator the compositor uses, on the same committed value; the copy
            // takes back what the animations wrote (custom keys included).
            var target = AnimatedLayer(value: base, fallback: { committed.value(forKey: $0) }, tracksKeys: true)
            LayerEvaluator.evaluate(&target, running, atLayerTime: localTime(fromMediaTime: CAMediaClock.current.time - timeShift))
            copy.adopt(target)
        }
        // Animated keys the class redraws for: the presentation draws its in-flight values.
        let redraws = running.contains { animation in
            guard let path = (animation as? CAPropertyAnimation)?.keyPath else { return false }
            return type(of: self).needsDisplay(forKey: String(path.prefix { $0 != "." }))
        }
        if redraws { copy.setNeedsDisplay() }
        return copy
    }

    /// The committed animations, in the order added.
    var runningAnimations: [CAAnimation] {
        attachedAnimations.compactMap { $0.watch != nil ? $0.animation : nil }
    }

    /// Takes an evaluation's results: each key the animations wrote, and the cross-fade or
    /// transition in progress.
    func adopt(_ target: AnimatedLayer) {
        for key in target.writtenKeys {
            if let known = target.value.animatableValue(forKey: key) {
                setValue(known, forKey: key)
            } else {
                setValue(target.custom[key], forKey: key)
            }
        }
        contentsFade = target.value.contentsFade
        transitionState = target.value.transitionState
    }

    /// The value of `key` as seen now, had the model still held `modelValue`: the committed
    /// animations of that key applied over it.
    func presentationValue(forKey key: String, modelValue: Any?) -> Any? {
        let relevant = attachedAnimations.compactMap { entry -> CAAnimation? in
            guard entry.watch != nil else { return nil }
            guard let path = (entry.animation as? CAPropertyAnimation)?.keyPath else {
                return entry.animation is CAAnimationGroup ? entry.animation : nil
            }
            return path == key || path.hasPrefix(key + ".") ? entry.animation : nil
        }
        guard !relevant.isEmpty else { return modelValue }
        let source = committedState ?? self
        var target = AnimatedLayer(value: committedValue ?? makeRenderValue(), fallback: { source.value(forKey: $0) })
        target.setPresentationValue(modelValue, forKeyPath: key)
        LayerEvaluator.evaluate(&target, relevant, atLayerTime: currentLocalTime)
        return KeyValueBox.box(target.value(forKey: key))
    }

    /// The value of `key` now with `animations` applied over the model value, whether or not
    /// they were committed yet (a property animator freezing where its own animations stand).
    package func value(forKey key: String, applying animations: [CAAnimation]) -> Any? {
        let modelValue = value(forKey: key)
        let relevant = animations.filter { animation in
            guard let path = (animation as? CAPropertyAnimation)?.keyPath else { return animation is CAAnimationGroup }
            return path == key || path.hasPrefix(key + ".")
        }
        guard !relevant.isEmpty else { return modelValue }
        var target = AnimatedLayer(value: makeRenderValue(), fallback: { [self] in value(forKey: $0) })
        target.setPresentationValue(modelValue, forKeyPath: key)
        LayerEvaluator.evaluate(&target, relevant, atLayerTime: currentLocalTime)
        return KeyValueBox.box(target.value(forKey: key))
    }

    // MARK: Property changes and actions


    /// Called after a property changed: records the change in the transaction and, for a
    /// committed layer with actions enabled, runs the action the search finds.
    func propertyDidChange(_ key: String, from oldValue: Any?) {
        guard !isPresentationCopy else { return }
        hasVisualChange = true
        if !CALayer.placementKeys.contains(key) { hasAppearanceChange = true }
        let stack = TransactionStack.current
        stack.noteChange(self)
        guard !stack.disableActions else { return }
        // A layer that was never committed has nothing on screen to animate from: the search
        // still runs (so a view's animation block animates a view made in the same turn), but
        // the implicit animation at its end does not apply.
        let wasCommitted = committedState != nil
        changeInProgress = (key, oldValue, presentationValue(forKey: key, modelValue: oldValue))
        suppressesImplicitAnimation = !wasCommitted
        defer {
            changeInProgress = nil
            suppressesImplicitAnimation = false
        }
        guard let action = action(forKey: key) else { return }
        action.run(forKey: key, object: self, arguments: nil)
    }

    /// The action search: the delegate, then `actions`, then the `style` dictionaries, then
    /// the class default, then the implicit animation. `NSNull` ends it with no action.
    func searchAction(forKey event: String) -> (any CAAction)? {
        if let delegate, let action = delegate.action(for: self, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = actions?[event] {
            return action is NSNull ? nil : action
        }
        var style = self.style
        while let current = style {
            if let table = current["actions"] as? [String: any CAAction], let action = table[event] {
                return action is NSNull ? nil : action
            }
            style = current["style"] as? [AnyHashable: Any]
        }
        if let action = type(of: self).defaultAction(forKey: event) {
            return action is NSNull ? nil : action
        }
        return implicitAnimation(forKey: event)
    }

    /// The animation a change of `key` gets when nothing else answers: a basic animation from
    /// the presentation value before the change to the new model value, with the transaction's
    /// duration and timing function. Nil for keys that do not animate.
    func implicitAnimation(forKey key: String) -> CABasicAnimation? {
        guard isAnimatable(key), !suppressesImplicitAnimation else { return nil }
        let animation = CABasicAnimation(keyPath: key)
        if let change = changeInProgress, change.key == key {
            animation.fromValue = change.oldPresentationValue
        } else {
            animation.fromValue = makePresentation()?.value(forKey: key) ?? value(forKey: key)
        }
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }
}
