// The version the command line and the About dialog report.
public enum Version {
    public static let current = "0.1.0"
}
