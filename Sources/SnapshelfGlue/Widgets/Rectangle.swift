// A rectangle in points, in some widget's coordinates, as `Widget.bounds(in:)` gives it.

public struct Rectangle: Equatable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
}
