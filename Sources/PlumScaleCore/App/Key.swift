/// A key on the keyboard, as the core knows it. The shell turns SDL's key
/// names into these (`Key(name:)`), and replay files name keys the same way.
public enum Key: Hashable, Sendable {
    /// A letter (lower case), a digit or a punctuation mark.
    case character(Character)
    case space, enter, escape, backspace, delete, tab
    case up, down, left, right
    case control, alt, shift
    /// F1 ... F24.
    case function(Int)
    /// A key the core has no use for, kept by name so it can be replayed.
    case other(String)

    /// The key an SDL key name stands for ("space", "t", "left ctrl", "return").
    public init(name: String) {
        let name = name.lowercased()
        switch name {
        case "space", " ": self = .space
        case "return", "enter", "keypad enter": self = .enter
        case "escape": self = .escape
        case "backspace": self = .backspace
        case "delete": self = .delete
        case "tab": self = .tab
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "left ctrl", "right ctrl", "lctrl", "rctrl", "ctrl", "control": self = .control
        case "left alt", "right alt", "lalt", "ralt", "alt": self = .alt
        case "left shift", "right shift", "lshift", "rshift", "shift": self = .shift
        default:
            if name.count == 1, let character = name.first {
                self = .character(character)
            } else if name.hasPrefix("keypad "), name.count == 8, let character = name.last, character.isNumber || character == "." {
                self = .character(character)
            } else if name.hasPrefix("f"), let n = Int(name.dropFirst()), (1...24).contains(n) {
                self = .function(n)
            } else {
                self = .other(name)
            }
        }
    }

    /// SDL's name for the key, as replay files and SDL_GetKeyFromName use it.
    public var name: String {
        switch self {
        case .character(let character): String(character)
        case .space: "space"
        case .enter: "return"
        case .escape: "escape"
        case .backspace: "backspace"
        case .delete: "delete"
        case .tab: "tab"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .control: "left ctrl"
        case .alt: "left alt"
        case .shift: "left shift"
        case .function(let n): "f\(n)"
        case .other(let name): name
        }
    }

    /// The digit 0...9 this key types, if it is one.
    public var digit: Int? {
        guard case .character(let character) = self else { return nil }
        return character.wholeNumberValue.flatMap { (0...9).contains($0) && character.isASCII ? $0 : nil }
    }
}
