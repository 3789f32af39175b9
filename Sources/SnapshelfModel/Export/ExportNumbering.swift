// Why an exported copy took a number, "name (2).jpg", rather than its own name; the window's
// notice says it (see `ExportSidecars` for the sidecars peers read).
public enum ExportNumbering: Sendable, CaseIterable {
    /// A file of its name was already in the folder.
    case nameTaken
    /// A sidecar lay beside its name, which peers would have read for it.
    case sidecarBeside
    /// Another file has its stem, and the two would share the `photo.xmp` sidecar.
    case stemShared
}
