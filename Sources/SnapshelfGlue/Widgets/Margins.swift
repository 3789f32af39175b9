// The space a widget keeps free around itself, in points, on each side.

public struct Margins: Equatable, Sendable {
    public var top, bottom, start, end: Int

    public init(top: Int = 0, bottom: Int = 0, start: Int = 0, end: Int = 0) {
        (self.top, self.bottom, self.start, self.end) = (top, bottom, start, end)
    }

    public init(all: Int) {
        self.init(top: all, bottom: all, start: all, end: all)
    }
}
