// Compiles Resources/ into a GResource bundle and hands it to the glue target as a Swift byte
// array, so `swift run` and an installed Snapshelf read the same CSS and icons from the binary. SwiftPM builds Swift, not C, from what a plugin generates, hence the array.
import Foundation
import PackagePlugin

@main
struct GResourceCompiler: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let resources = context.package.directoryURL.appending(path: "Resources")
        // The icons are installed from data/ and compiled in from there too.
        let data = context.package.directoryURL.appending(path: "data")
        let manifest = resources.appending(path: "snapshelf.gresource.xml")
        let bundle = context.pluginWorkDirectoryURL.appending(path: "snapshelf.gresource")
        let output = context.pluginWorkDirectoryURL.appending(path: "GResourceBundle.swift")
        let files = [resources, data].flatMap { folder in
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        }
        let script = """
            set -e
            glib-compile-resources --sourcedir "$1" --sourcedir "$5" --target "$2" "$3"
            {
              echo '// Generated from Resources/ by the GResourceCompiler plugin.'
              echo 'let gresourceBundle: [UInt8] = ['
              od -An -v -tu1 "$2" | awk '{ for (i = 1; i <= NF; i++) printf "%s,", $i; print "" }'
              echo ']'
            } > "$4"
            """
        return [.buildCommand(
            displayName: "Compiling Resources/ into a GResource",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "sh", resources.path, bundle.path, manifest.path, output.path, data.path],
            inputFiles: files,
            outputFiles: [output]
        )]
    }
}
