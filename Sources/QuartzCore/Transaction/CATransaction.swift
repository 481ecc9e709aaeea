/// The transaction key of the animation duration (a number of seconds).
public let kCATransactionAnimationDuration = "animationDuration"
/// The transaction key that disables actions (a Bool).
public let kCATransactionDisableActions = "disableActions"
/// The transaction key of the timing function of implicit animations.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The transaction key of the completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups layer changes into atomic updates of what is on screen, and carries the settings
/// of the implicit animations those changes start.
///
/// Every change belongs to a transaction. Without an explicit `begin()`, the first change on a
/// thread opens an implicit transaction; on the main thread it commits at the end of the
/// current run-loop turn, elsewhere at the next `flush()` or explicit `commit()`. Explicit
/// transactions nest; only the outermost commit (with no implicit transaction beneath it)
/// hands the changes over. Values set in a transaction are visible in the ones nested in it.
/// Transactions are per thread.
open class CATransaction: NSObject {
    /// Opens a transaction nested in the current ones.
    open class func begin() {
        TransactionStack.current.begin()
    }

    /// Closes the innermost transaction; committing the changes if it was the outermost.
    open class func commit() {
        TransactionStack.current.commit()
    }

    /// Commits the implicit transaction now, if it is the only one open (explicit ones commit
    /// themselves).
    open class func flush() {
        TransactionStack.current.commitImplicit()
    }

    private static let globalLock = NSRecursiveLock()

    /// Takes the lock that guards layer state across threads.
    open class func lock() {
        globalLock.lock()
    }

    /// Releases the lock taken by `lock()`.
    open class func unlock() {
        globalLock.unlock()
    }

    /// The duration of animations started in the transaction; 0.25 s unless set.
    open class func animationDuration() -> CFTimeInterval {
        AnimationNumber.double(TransactionStack.current.value(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }

    /// Sets the duration of animations started in the transaction.
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        TransactionStack.current.setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function of implicit animations; nil means the default curve.
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        TransactionStack.current.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function of implicit animations.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        TransactionStack.current.setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes skip their actions.
    open class func disableActions() -> Bool {
        TransactionStack.current.disableActions
    }

    /// Sets whether property changes skip their actions.
    open class func setDisableActions(_ flag: Bool) {
        TransactionStack.current.setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The completion block of the innermost transaction.
    open class func completionBlock() -> (() -> Void)? {
        TransactionStack.current.completionBlock()
    }

    /// Sets the block run once every animation added from now on in this transaction has
    /// finished or been removed, or right after the commit when none is added. Replacing it
    /// stops the previous block waiting for later animations.
    ///
    /// - Note: Differs from Apple: with a manual `CAMediaClock` the block runs on the thread
    ///   that commits or advances the clock; with the system clock, on the main thread.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        TransactionStack.current.setCompletion(block)
    }

    /// The value set for `key` in the innermost transaction that has one.
    open class func value(forKey key: String) -> Any? {
        TransactionStack.current.value(forKey: key)
    }

    /// Sets a value for `key` in the innermost transaction.
    open class func setValue(_ anObject: Any?, forKey key: String) {
        TransactionStack.current.setValue(anObject, forKey: key)
    }
}
