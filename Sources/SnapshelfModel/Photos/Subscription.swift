// What an observer holds while it wants to hear from a source, such as a PhotoStore: letting go
// of it, or cancelling it, ends the observation, so no source ever calls into an observer
// that is gone.
public final class Subscription {
    private var end: (() -> Void)?

    /// - Parameter end: takes the observer off the source; called once, whichever comes first.
    init(end: @escaping () -> Void) {
        self.end = end
    }

    deinit {
        cancel()
    }

    /// Stops the observation at once; later changes are not reported. Calling it again does nothing.
    public func cancel() {
        let end = self.end
        self.end = nil
        end?()
    }
}
