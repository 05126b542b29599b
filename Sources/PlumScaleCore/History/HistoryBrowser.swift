import Foundation

/// The history table: rows paged from the store (keyset pagination, a few
/// pages kept around the visible ones), scrolling with momentum, the
/// selection, and Peek & Pop on a pressed row.
public struct HistoryBrowser: Equatable, Sendable {
    public static let pageSize = 50
    public static let rowHeight = 64.0
    /// Where the rows start: under the title bar and the column headers.
    public static let top = 100.0

    var pages: [Int: [HistoryRow]] = [:]
    var labels: [Int: [String]] = [:]
    /// The cursor after page k's last row: where page k + 1 starts.
    var cursors: [Int: HistoryCursor] = [:]
    var requested: Set<Int> = []
    /// The index of the last page, once a short page has shown where the table ends.
    var lastPage: Int?
    public internal(set) var offset = 0.0
    var velocity = 0.0
    var lastTick: Double?
    public internal(set) var selected: Int?
    public internal(set) var peek: PeekPop
    public internal(set) var preview: Weighing?
    /// The touch or pointer pressing the table.
    var press: Press?
    /// What showed the preview (a finger, the mouse, the keyboard), so its
    /// hint names what works for that input after the press has ended.
    var peekedBy: PeekInput?

    /// The input a preview was asked for with.
    enum PeekInput: Equatable, Sendable {
        case touch, mouse, keyboard
    }
    /// The preview's actions on offer: all of them, or Open alone for a
    /// kiosk's passer-by (the detail screen follows the same list).
    public internal(set) var actions: [PeekAction] = PeekAction.allCases

    /// A touch or pointer on the table: where it went down, where it is now.
    struct Press: Equatable, Sendable {
        var id: Int
        var start: Point
        var lastY: Double
        var lastTime: Double
        /// It moved too far to be a press on a row: it scrolls the table.
        var scrolling: Bool
    }

    init(peek: PeekPopConfig, actions: [PeekAction] = PeekAction.allCases) {
        self.peek = PeekPop(config: peek)
        self.actions = actions
    }

    /// Offers `actions` from now on; actions shown that are no longer on
    /// offer (a kiosk's operator mode ended) are put away.
    mutating func allow(_ actions: [PeekAction], time: Double) {
        let taken = self.actions.filter { !actions.contains($0) }
        self.actions = actions
        if !taken.isEmpty, [.actions, .confirmDelete].contains(peek.phase) {
            _ = peek.handle(.cancel(time: time))
            preview = nil
        }
    }

    /// Rows known so far (through the last loaded page).
    var knownCount: Int {
        guard let last = pages.keys.max() else { return 0 }
        return last * Self.pageSize + (pages[last]?.count ?? 0)
    }

    func row(at index: Int) -> (row: HistoryRow, label: String)? {
        let (number, slot) = index.quotientAndRemainder(dividingBy: Self.pageSize)
        guard index >= 0, let page = pages[number], slot < page.count else { return nil }
        // A store's answer with fewer labels than rows leaves a label empty, never a crash.
        let labels = self.labels[number] ?? []
        return (page[slot], slot < labels.count ? labels[slot] : "")
    }

    func visibleIndices(height: Double) -> Range<Int> {
        let first = max(Int(offset / Self.rowHeight), 0)
        let count = Int(((height - Self.top) / Self.rowHeight).rounded(.up)) + 1
        return first..<(first + count)
    }

    func rowRect(_ index: Int, width: Double) -> Rect {
        Rect(x: 0, y: Self.top + Double(index) * Self.rowHeight - offset, width: width, height: Self.rowHeight - 2)
    }

    /// The index of the row of weighing `id` among the rows known, if any.
    func index(ofWeighing id: Int64) -> Int? {
        for (page, rows) in pages {
            if let i = rows.firstIndex(where: { $0.id == id }) { return page * Self.pageSize + i }
        }
        return nil
    }

    /// The row under a layout point, if any.
    func rowIndex(at p: Point, height: Double) -> Int? {
        guard p.y >= Self.top else { return nil }
        let index = Int((p.y - Self.top + offset) / Self.rowHeight)
        return row(at: index) != nil && visibleIndices(height: height).contains(index) ? index : nil
    }

    /// Pages to ask for: those covering the view and one beyond, whose
    /// start is known. Pages far from the view are let go.
    mutating func pageRequests(height: Double) -> [Effect] {
        let visible = visibleIndices(height: height)
        let first = visible.lowerBound / Self.pageSize
        let last = (visible.upperBound + Self.pageSize / 2) / Self.pageSize
        for page in pages.keys where page < first - 1 || page > last + 1 {
            pages[page] = nil
            labels[page] = nil
        }
        var requests: [Effect] = []
        for page in first...last where pages[page] == nil && !requested.contains(page) {
            if let lastPage, page > lastPage { break }
            let cursor = page == 0 ? nil : cursors[page - 1]
            guard page == 0 || cursor != nil else { break }
            requested.insert(page)
            requests.append(.loadRows(page: page, after: cursor, limit: Self.pageSize))
        }
        return requests
    }

    mutating func received(page: Int, rows: [HistoryRow], labels: [String]) {
        requested.remove(page)
        pages[page] = rows
        self.labels[page] = labels
        if let last = rows.last { cursors[page] = last.cursor }
        if rows.count < Self.pageSize { lastPage = page }
    }

    /// Scroll limits: the end is known once the last page is.
    mutating func clampOffset(height: Double) {
        let visibleHeight = height - Self.top
        let maxOffset = max(Double(knownCount) * Self.rowHeight - visibleHeight, 0)
        if offset > maxOffset, lastPage != nil || offset > maxOffset + Self.rowHeight * Double(Self.pageSize) {
            offset = maxOffset
            velocity = 0
        }
        if offset < 0 {
            offset = 0
            velocity = 0
        }
    }

    /// Forgets every page (after a save or a delete), keeping the scroll.
    mutating func reload() {
        offset = 0
        pages = [:]
        labels = [:]
        cursors = [:]
        requested = []
        lastPage = nil
    }
}
