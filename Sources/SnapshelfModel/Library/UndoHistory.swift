// The window's undo and redo: the steps done, newest last, and the steps undone, which Redo takes
// back in turn. A step can hold back something final (a removal's files wait for the Trash), so
// every step the history lets go of, because a new step ends the redo or because it falls off the
// bottom, comes back to its owner to be made final.
public struct UndoHistory<Step> {
    /// How many steps can be undone; older ones fall off.
    public let depth: Int
    public private(set) var undoable: [Step] = []
    public private(set) var redoable: [Step] = []

    public init(depth: Int = 30) {
        precondition(depth > 0, "an undo history must hold at least one step")
        self.depth = depth
    }

    /// The step Undo would undo, if any.
    public var nextUndo: Step? { undoable.last }
    /// The step Redo would redo, if any.
    public var nextRedo: Step? { redoable.last }

    /// Records a step just done. Returns the steps no longer reachable, oldest first: those undone,
    /// which a new step leaves nothing to redo, and the oldest past the depth.
    public mutating func record(_ step: Step) -> [Step] {
        var released = redoable.reversed() as [Step]
        redoable.removeAll()
        undoable.append(step)
        if undoable.count > depth {
            released += undoable.prefix(undoable.count - depth)
            undoable.removeFirst(undoable.count - depth)
        }
        return released
    }

    /// Takes the next step off the undo side once it was undone, with `reversed`, the step that
    /// redoes it. A step whose undo failed stays, so this is called only after it succeeded.
    public mutating func undid(_ reversed: Step) {
        guard !undoable.isEmpty else { return }
        undoable.removeLast()
        redoable.append(reversed)
    }

    /// Takes the next step off the redo side once it was redone, with `step`, the step that undoes
    /// that again.
    public mutating func redid(_ step: Step) {
        guard !redoable.isEmpty else { return }
        redoable.removeLast()
        undoable.append(step)
    }

    /// Lets go of every step, as when the window closes: returns them, undone ones first.
    public mutating func removeAll() -> [Step] {
        defer {
            undoable.removeAll()
            redoable.removeAll()
        }
        return redoable.reversed() + undoable
    }
}
