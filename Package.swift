// swift-tools-version:6.0
// Snapshelf's targets, listed from the C interop at the bottom to the executable at the top.
// Each layer depends only on the ones below it.
import PackageDescription

let package = Package(
    name: "Snapshelf",
    products: [
        .executable(name: "snapshelf", targets: ["snapshelf"]),
    ],
    targets: [
        // C interop
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .systemLibrary(
            name: "CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev", "libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CGexiv2",
            pkgConfig: "gexiv2",
            providers: [.apt(["libgexiv2-dev"])]
        ),
        .systemLibrary(
            name: "CLinux",
            pkgConfig: "libseccomp",
            providers: [.apt(["libseccomp-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CSnapshelfShim", dependencies: ["CGtk"]),

        // Model: photos, the library on disk, import and thumbnails. No GTK widgets.
        .target(name: "SnapshelfModel", dependencies: ["CSQLite", "CGdkPixbuf", "CCrypto", "CGexiv2", "CLinux", "CZlib"]),

        // GTK glue: object lifetime, signals, main-loop hops, the Swift-backed GListModel, and
        // Resources/ as a GResource, which the plugin compiles into its sources.
        .target(name: "SnapshelfGlue", dependencies: ["CGtk", "CSnapshelfShim"], plugins: ["GResourceCompiler"]),
        .plugin(name: "GResourceCompiler", capability: .buildTool()),

        // UI: the GTK controllers, written against the glue alone: it cannot import CGtk.
        .target(name: "SnapshelfUI", dependencies: ["SnapshelfGlue", "SnapshelfModel"]),

        // The command-line commands, which need no display.
        .target(name: "SnapshelfCommandLine", dependencies: ["SnapshelfModel"]),

        // The executable: parse the command line, then start the GUI or run a command.
        .executableTarget(name: "snapshelf", dependencies: ["SnapshelfCommandLine", "SnapshelfUI", "SnapshelfModel"]),

        // The benchmark's probe, which times searches in process (see bench/).
        .executableTarget(name: "snapshelf-bench", dependencies: ["SnapshelfModel"]),

        // Shared helpers for the test targets: the sample photos and temporary libraries.
        .target(name: "SnapshelfTestSupport", dependencies: ["CSQLite"]),

        .testTarget(
            name: "SnapshelfModelTests", dependencies: ["SnapshelfModel", "SnapshelfTestSupport", "CSQLite", "CGdkPixbuf", "CLinux", "CZlib"]
        ),
        .testTarget(
            name: "SnapshelfCommandLineTests",
            dependencies: ["SnapshelfCommandLine", "SnapshelfModel", "SnapshelfTestSupport"]
        ),
        .testTarget(name: "SnapshelfGlueTests", dependencies: ["SnapshelfGlue", "CGtk"]),
        .testTarget(
            name: "SnapshelfUITests",
            dependencies: ["SnapshelfUI", "SnapshelfGlue", "SnapshelfModel", "SnapshelfTestSupport", "CGtk"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
