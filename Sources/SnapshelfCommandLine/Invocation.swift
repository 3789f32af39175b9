// What the person asked for on the command line: the GUI, or one of the commands that need no display.
import Foundation
import SnapshelfModel

public enum Invocation: Equatable, Sendable {
    case startGUI(library: String?, files: [FileName])
    case importPhotos(library: String?, label: String?, recursive: Bool, paths: [FileName])
    /// `import --from-shotwell [--include-hidden] [PHOTO_DB]`; nil for Shotwell's own database.
    case importFromShotwell(library: String?, label: String?, database: FileName?, includingHidden: Bool = false)
    case list(library: String?, json: Bool)
    case search(library: String?, json: Bool, text: String)
    case relabel(library: String?, id: Int64, label: String)
    case rotate(library: String?, ids: [Int64], degrees: Int)
    case remove(library: String?, ids: [Int64])
    case check(library: String?)
    case rebuild(library: String?)
    case export(library: String?, folder: String, ids: [Int64]?)
    case help(HelpTopic)
    case version

    /// Parses this process's arguments, as the system passed them: bytes that need not be UTF-8.
    public static func parseProcessArguments() throws(UsageError) -> Invocation {
        var arguments: [String] = []
        var raw: [Int: FileName] = [:]
        for index in 1..<Int(CommandLine.argc) {
            guard let bytes = CommandLine.unsafeArgv[index] else { continue }
            if let text = String(validatingCString: bytes) {
                arguments.append(text)
            } else {
                raw[arguments.count] = FileName(cString: bytes)
                arguments.append(String(cString: bytes))
            }
        }
        return try parse(arguments, raw: raw)
    }

    /// Parses the arguments after the program name; `raw` holds the bytes of those that were not
    /// valid UTF-8, by position, which a path keeps. `--library DIR` may stand before or after the
    /// command. Words that are no command are files for the window to import, when they look like paths.
    public static func parse(_ arguments: [String], raw: [Int: FileName] = [:]) throws(UsageError) -> Invocation {
        var reader = ArgumentReader(arguments, raw: raw)
        var library: String?
        var command: HelpTopic?
        var label: String?
        var json = false
        var recursive = false
        var fromShotwell = false
        var includeHidden = false
        var exportFolder: String?
        var exportAll = false
        var degrees: Int?
        var wantsHelp = false
        var operands: [String] = []
        /// The operands as the system passed them, which for a path may be bytes that are no UTF-8.
        var operandBytes: [FileName] = []
        var optionsEnded = false

        while let argument = reader.next() {
            if optionsEnded || !ArgumentReader.looksLikeOption(argument) {
                if command == nil && operands.isEmpty, let named = HelpTopic(rawValue: argument), named != .general || argument == "help" {
                    command = named
                } else if command == nil && operands.isEmpty && !looksLikePath(argument) {
                    throw UsageError.unknownCommand(argument)
                } else {
                    operandBytes.append(reader.lastBytes)
                    operands.append(argument)
                }
                continue
            }
            let option = reader.option(argument)
            let name = command?.rawValue
            switch (option, command) {
            case ("--library", _), ("--label", .import?), ("--to", .export?), ("--by", .rotate?), ("--from-shotwell", .import?): break
            default: try reader.noValue(for: option, command: name)
            }
            switch (option, command) {
            case ("--", _): optionsEnded = true
            case ("--library", _):
                library = try reader.value(for: option, command: name)
                guard library?.isEmpty == false else { throw UsageError.emptyValue(tr("The folder after --library")) }
                guard !reader.lastIsNotUTF8 else { throw UsageError.libraryNotUTF8 }
            case ("--label", .import?):
                label = try reader.value(for: option, command: name)
                guard !reader.lastIsNotUTF8 else { throw UsageError.labelNotUTF8(command: .import) }
            case ("--recursive", .import?), ("-r", .import?): recursive = true
            case ("--include-hidden", .import?): includeHidden = true
            case ("--from-shotwell", .import?):
                fromShotwell = true
                // `--from-shotwell=DB`: the database, as an operand would give it.
                if let (text, bytes) = reader.attachedValue() {
                    (operands, operandBytes) = (operands + [text], operandBytes + [bytes])
                }
            case ("--json", .list?), ("--json", .search?): json = true
            case ("--to", .export?):
                exportFolder = try reader.value(for: option, command: name)
                guard exportFolder?.isEmpty == false else { throw UsageError.emptyValue(tr("The folder after --to")) }
            case ("--all", .export?): exportAll = true
            case ("--by", .rotate?):
                let value = try reader.value(for: option, command: name)
                guard let turn = Int(value), [90, 180, 270].contains(turn) else { throw UsageError.invalidRotation(value) }
                degrees = turn
            case ("--help", _), ("-h", _): wantsHelp = true
            case ("--version", nil): return .version
            default: throw UsageError.unknownOption(argument, command: name)
            }
        }

        if wantsHelp {
            return .help(command ?? .general)
        }
        switch command {
        case nil:
            return .startGUI(library: library, files: operandBytes)
        case .general?:
            guard let word = operands.first else { return .help(.general) }
            guard let topic = HelpTopic(rawValue: word) else { throw UsageError.unknownCommand(word) }
            return .help(topic)
        case .import? where fromShotwell:
            guard !recursive else { throw UsageError.conflictingOptions("--recursive", "--from-shotwell", command: .import) }
            try expect(operands, count: min(operands.count, 1), for: .import)
            guard operands.first != "" else { throw UsageError.emptyValue(tr("The path of Shotwell’s database")) }
            return .importFromShotwell(library: library, label: label, database: operandBytes.first, includingHidden: includeHidden)
        case .import?:
            // Hidden folders are left out of Shotwell's library only: files named here are imported as asked.
            guard !includeHidden else { throw UsageError.unknownOption("--include-hidden", command: "import") }
            guard !operands.isEmpty else { throw UsageError.missingOperand("import", tr("at least one photo or folder")) }
            guard !operands.contains("") else { throw UsageError.emptyValue(tr("A path to import")) }
            return .importPhotos(library: library, label: label, recursive: recursive, paths: operandBytes)
        case .list?:
            try expect(operands, count: 0, for: .list)
            return .list(library: library, json: json)
        case .search?:
            // The words may come as one argument or several: `search lake dawn` is `search "lake dawn"`.
            guard !operands.isEmpty else { throw UsageError.missingOperand("search", HelpTopic.search.operandDescription) }
            return .search(library: library, json: json, text: operands.joined(separator: " "))
        case .label?:
            try expect(operands, count: 2, for: .label)
            guard operandBytes[1].isUTF8 else { throw UsageError.labelNotUTF8(command: .label) }
            return .relabel(library: library, id: try photoID(operands[0], for: "label"), label: operands[1])
        case .rotate?:
            guard !operands.isEmpty else { throw UsageError.missingOperand("rotate", tr("at least one photo ID")) }
            guard let degrees else { throw UsageError.missingOperand("rotate", tr("--by and 90, 180 or 270")) }
            return .rotate(library: library, ids: try photoIDs(operands, for: "rotate"), degrees: degrees)
        case .remove?:
            guard !operands.isEmpty else { throw UsageError.missingOperand("remove", tr("at least one photo ID")) }
            return .remove(library: library, ids: try photoIDs(operands, for: "remove"))
        case .check?:
            try expect(operands, count: 0, for: .check)
            return .check(library: library)
        case .rebuild?:
            try expect(operands, count: 0, for: .rebuild)
            return .rebuild(library: library)
        case .export?:
            guard let exportFolder else { throw UsageError.missingOperand("export", tr("--to and the folder to export to")) }
            if exportAll {
                if let extra = operands.first { throw UsageError.unexpectedArgument(extra, command: "export") }
                return .export(library: library, folder: exportFolder, ids: nil)
            }
            guard !operands.isEmpty else { throw UsageError.missingOperand("export", tr("--all or the IDs of the photos to export")) }
            return .export(library: library, folder: exportFolder, ids: try photoIDs(operands, for: "export"))
        }
    }

    private static func looksLikePath(_ word: String) -> Bool {
        word.contains("/") || word.contains(".") || FileManager.default.fileExists(atPath: word)
    }

    /// The photo ID a word of `command` gives; a word that is none points to that command's help.
    private static func photoID(_ word: String, for command: String) throws(UsageError) -> Int64 {
        guard let id = Int64(word), id > 0 else { throw UsageError.invalidID(word, command: command) }
        return id
    }

    private static func photoIDs(_ words: [String], for command: String) throws(UsageError) -> [Int64] {
        var ids: [Int64] = []
        for word in words {
            ids.append(try photoID(word, for: command))
        }
        return ids
    }

    private static func expect(_ operands: [String], count: Int, for command: HelpTopic) throws(UsageError) {
        if operands.count > count {
            throw UsageError.unexpectedArgument(operands[count], command: command.rawValue)
        }
        if operands.count < count {
            throw UsageError.missingOperand(command.rawValue, command.operandDescription)
        }
    }
}
