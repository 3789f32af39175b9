// What an import gave a photo the library already held, from what a catalogue such as Shotwell's
// brought along: its title, where the photo had no label, and its turn, where the photo had no
// rotation. Each is what undoes it, so the window can offer to.
public struct ImportedUpdate: Sendable, Equatable {
    /// The label given, or nil when the photo kept its own.
    public let label: LabelUndo?
    /// The turn given, or nil when the photo kept its own.
    public let rotation: RotationUndo?
}
