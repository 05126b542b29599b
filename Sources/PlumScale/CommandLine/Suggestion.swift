/// "Did you mean": the nearest command or option to a mistyped one, by
/// edit distance (a typo of one or two letters, or two swapped).
enum Suggestion {
    /// The message for an unknown word: a command (`histroy`) or an option
    /// (`--sise`), with the nearest known one when it is near enough.
    static func unknown(_ word: String, options: [String], commands: [String]) -> String {
        let isOption = word.hasPrefix("-")
        let what = isOption ? "unknown option \(word)" : "unknown command \(word)"
        guard let near = nearest(to: word, among: isOption ? options : commands) else {
            return isOption || commands.isEmpty ? what : "\(what) (the commands are \(commands.joined(separator: ", ")))"
        }
        return "\(what): did you mean \(near)?"
    }

    /// The known word nearest `word`, if at most a third of it differs (two edits at least).
    static func nearest(to word: String, among known: [String]) -> String? {
        let scored = known.map { ($0, distance(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of neighbours each count one.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
