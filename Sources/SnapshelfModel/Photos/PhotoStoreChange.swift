// What one change of a PhotoStore tells its observers: where it happened and how many photos
// left and arrived there, the shape a list view's items-changed takes.
extension PhotoStore {
    public struct Change: Equatable, Sendable, CustomStringConvertible {
        public let position: Int
        public let removed: Int
        public let added: Int

        public init(position: Int, removed: Int, added: Int) {
            (self.position, self.removed, self.added) = (position, removed, added)
        }

        public var description: String { "at \(position): -\(removed) +\(added)" }
    }
}
