// The small values widgets are laid out with: alignment, orientation, margins and rectangles.
import CGtk

public enum Alignment: Sendable {
    case fill, start, end, center

    init(_ align: GtkAlign) {
        switch align {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        default: self = .fill
        }
    }

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

public enum Orientation: Sendable {
    case horizontal, vertical

    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

public struct Margins: Equatable, Sendable {
    public var top, bottom, start, end: Int

    public init(top: Int = 0, bottom: Int = 0, start: Int = 0, end: Int = 0) {
        (self.top, self.bottom, self.start, self.end) = (top, bottom, start, end)
    }

    public init(all: Int) {
        self.init(top: all, bottom: all, start: all, end: all)
    }
}

public struct Rectangle: Equatable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
}

extension Bool {
    /// The C boolean GTK takes.
    var gboolean: gboolean { self ? 1 : 0 }
}
