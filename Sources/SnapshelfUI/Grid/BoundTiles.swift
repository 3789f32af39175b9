// The grid's tiles that are bound to a photo now, which are the ones GTK shows or keeps ready near
// the view, and the tile a widget of the grid belongs to, which is how the focus and a click are
// traced back to a photo.
import SnapshelfGlue

@MainActor
struct BoundTiles {
    private(set) var all: [PhotoTile] = []

    mutating func add(_ tile: PhotoTile) {
        all.append(tile)
    }

    mutating func remove(_ tile: PhotoTile) {
        all.removeAll { $0 === tile }
    }

    func tile(showing id: Int64) -> PhotoTile? {
        all.first { $0.photoID == id }
    }

    /// The bound tile the widget belongs to: the tile itself, a widget inside it, or the list item
    /// that holds it, which is what GTK focuses and picks in a tile's padding. The search stops at
    /// the grid's view.
    func tile(containing widget: Widget, below view: Widget) -> PhotoTile? {
        for candidate in sequence(first: widget, next: \.parent) {
            guard candidate != view else { return nil }
            let roots = [candidate, candidate.firstChild].compactMap(\.self)
            if let tile = all.first(where: { roots.contains($0.root) }) {
                return tile
            }
        }
        return nil
    }
}
