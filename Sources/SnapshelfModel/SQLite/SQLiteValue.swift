// The kinds of value Snapshelf binds into SQLite statements.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case null
}
