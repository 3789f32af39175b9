// The version the command line reports and that thumbnails and other shared files record.
public enum SnapshelfVersion {
    public static let current = "0.1.0"
}
