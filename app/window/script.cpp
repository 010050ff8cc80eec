// Reading scripts for `tumble --script`: tokens, key names, commands and expectations, each
// refused with the file, the line and the token that is wrong.
#include "window/script.h"

#include "tumble/scene.h"
#include "tumble/settings.h"

#include <SDL_mouse.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace tumble::app {
namespace {

/// The largest frame or step count a command takes: about half an hour at 60 frames a second.
constexpr int kMaxCount = 100000;
/// Pixel coordinates beyond any window (the window's sides are at most 8192).
constexpr float kMaxCoordinate = 16384.0f;

struct NamedKey {
    const char* name;
    SDL_Keycode sym;
    SDL_Scancode scancode;
};

/// Keys with names beyond a single letter, digit or F-number (those are worked out).
const NamedKey kNamedKeys[] = {
    {"space", SDLK_SPACE, SDL_SCANCODE_SPACE},         {"return", SDLK_RETURN, SDL_SCANCODE_RETURN},
    {"enter", SDLK_RETURN, SDL_SCANCODE_RETURN},       {"escape", SDLK_ESCAPE, SDL_SCANCODE_ESCAPE},
    {"esc", SDLK_ESCAPE, SDL_SCANCODE_ESCAPE},         {"tab", SDLK_TAB, SDL_SCANCODE_TAB},
    {"backspace", SDLK_BACKSPACE, SDL_SCANCODE_BACKSPACE}, {"delete", SDLK_DELETE, SDL_SCANCODE_DELETE},
    {"left", SDLK_LEFT, SDL_SCANCODE_LEFT},            {"right", SDLK_RIGHT, SDL_SCANCODE_RIGHT},
    {"up", SDLK_UP, SDL_SCANCODE_UP},                  {"down", SDLK_DOWN, SDL_SCANCODE_DOWN},
    {"home", SDLK_HOME, SDL_SCANCODE_HOME},            {"end", SDLK_END, SDL_SCANCODE_END},
    {"pageup", SDLK_PAGEUP, SDL_SCANCODE_PAGEUP},      {"pagedown", SDLK_PAGEDOWN, SDL_SCANCODE_PAGEDOWN},
    {"[", SDLK_LEFTBRACKET, SDL_SCANCODE_LEFTBRACKET}, {"]", SDLK_RIGHTBRACKET, SDL_SCANCODE_RIGHTBRACKET},
    {"-", SDLK_MINUS, SDL_SCANCODE_MINUS},             {"=", SDLK_EQUALS, SDL_SCANCODE_EQUALS},
};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

/// A whole-token integer in [lo, hi].
bool parseInt(const std::string& token, int lo, int hi, int& out) {
    char* end = nullptr;
    const long v = std::strtol(token.c_str(), &end, 10);
    if (token.empty() || *end != '\0' || v < lo || v > hi) return false;
    out = static_cast<int>(v);
    return true;
}

/// A whole-token finite number.
bool parseNumber(const std::string& token, double& out) {
    char* end = nullptr;
    const double v = std::strtod(token.c_str(), &end);
    if (token.empty() || *end != '\0' || !std::isfinite(v)) return false;
    out = v;
    return true;
}

/// Words, with "double quotes" around words that hold spaces; `#` outside quotes ends the line.
/// False on an unclosed quote.
bool tokenize(const std::string& line, std::vector<std::string>& tokens, std::string& source) {
    tokens.clear();
    size_t i = 0;
    while (i < line.size()) {
        const char c = line[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c == '#') {
            break;
        } else if (c == '"') {
            const size_t close = line.find('"', i + 1);
            if (close == std::string::npos) return false;
            tokens.push_back(line.substr(i + 1, close - i - 1));
            i = close + 1;
        } else {
            size_t end = i;
            while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
            tokens.push_back(line.substr(i, end - i));
            i = end;
        }
    }
    source = line.substr(0, i);
    while (!source.empty() && std::isspace(static_cast<unsigned char>(source.back()))) source.pop_back();
    return true;
}

/// Everything about one line being read, so each command's reader can refuse a token.
struct LineReader {
    const std::vector<std::string>& tokens;
    std::string problem;            ///< set by fail()
    bool fail(const std::string& what, const std::string& token) {
        problem = what + " ('" + token + "')";
        return false;
    }
    bool fail(const std::string& what) {
        problem = what;
        return false;
    }
    bool arity(size_t lo, size_t hi, const char* usage) {
        if (tokens.size() - 1 < lo || tokens.size() - 1 > hi) return fail(std::string("expected: ") + usage);
        return true;
    }
    bool coordinate(size_t i, float& out) {
        double v = 0.0;
        if (!parseNumber(tokens[i], v) || v < -kMaxCoordinate || v > kMaxCoordinate)
            return fail("not a pixel coordinate", tokens[i]);
        out = static_cast<float>(v);
        return true;
    }
    bool count(size_t i, int lo, int& out) {
        if (!parseInt(tokens[i], lo, kMaxCount, out))
            return fail("not a whole number from " + std::to_string(lo) + " to " + std::to_string(kMaxCount), tokens[i]);
        return true;
    }
    bool button(size_t i, uint8_t& out) {
        const std::string b = lower(tokens[i]);
        if (b == "left") out = SDL_BUTTON_LEFT;
        else if (b == "right") out = SDL_BUTTON_RIGHT;
        else if (b == "middle") out = SDL_BUTTON_MIDDLE;
        else return fail("not a mouse button (left, right or middle)", tokens[i]);
        return true;
    }
    bool key(size_t i, ScriptKey& out) {
        if (!parseKeyName(tokens[i], out)) return fail("unknown key name", tokens[i]);
        return true;
    }
};

bool parseCompare(const std::string& token, Compare& out) {
    static const std::pair<const char*, Compare> kOps[] = {
        {"==", Compare::Equal}, {"!=", Compare::NotEqual}, {"<", Compare::Less},
        {"<=", Compare::LessEqual}, {">", Compare::Greater}, {">=", Compare::GreaterEqual}};
    for (const auto& [text, op] : kOps)
        if (token == text) return out = op, true;
    return false;
}

/// True when `key` ("solver.warmStarting") names a setting: the scene file's settings object
/// is the one list of them.
bool isSettingKey(const std::string& key) {
    const nlohmann::json all = settingsToJson(Settings{});
    const nlohmann::json* at = &all;
    std::istringstream parts(key);
    for (std::string part; std::getline(parts, part, '.');) {
        if (!at->is_object() || !at->contains(part)) return false;
        at = &(*at)[part];
    }
    return !at->is_object();
}

/// `expect ...`, from the token after `expect`.
bool parseExpectation(LineReader& r, Expectation& e) {
    const std::vector<std::string>& t = r.tokens;
    size_t i = 1;
    if (i < t.size() && t[i] == "not") e.negated = true, ++i;
    if (i >= t.size()) return r.fail("expect what? (step, paused, running, rewound, scene, popup ...)");
    const std::string subject = t[i];
    const size_t rest = t.size() - i - 1;
    auto flagOnly = [&](ExpectSubject s, bool negate) {
        if (rest != 0) return r.fail("'" + subject + "' takes nothing after it", t[i + 1]);
        e.subject = s;
        e.negated = e.negated != negate;
        return true;
    };
    if (subject == "paused") return flagOnly(ExpectSubject::Paused, false);
    if (subject == "running") return flagOnly(ExpectSubject::Paused, true);
    if (subject == "rewound") return flagOnly(ExpectSubject::Rewound, false);
    if (e.negated) return r.fail("'not' goes with paused, running or rewound", subject);

    static const std::pair<const char*, ExpectSubject> kCounts[] = {
        {"step", ExpectSubject::Step},   {"recording-length", ExpectSubject::RecordingLength},
        {"bodies", ExpectSubject::Bodies}, {"forks", ExpectSubject::Forks}, {"popups", ExpectSubject::Popups}};
    const auto* count = std::find_if(std::begin(kCounts), std::end(kCounts), [&](const auto& k) { return subject == k.first; });
    if (count != std::end(kCounts)) {
        e.subject = count->second;
        if (rest != 2) return r.fail("expected: expect " + subject + " ==|!=|<|<=|>|>= NUMBER");
        if (!parseCompare(t[i + 1], e.compare)) return r.fail("not a comparison (== != < <= > >=)", t[i + 1]);
        if (!parseNumber(t[i + 2], e.number)) return r.fail("not a number", t[i + 2]);
        return true;
    }
    if (subject == "scene" || subject == "selected" || subject == "setting") {
        const bool setting = subject == "setting";
        e.subject = setting ? ExpectSubject::Setting : subject == "scene" ? ExpectSubject::Scene : ExpectSubject::Selected;
        if (rest != (setting ? 3u : 2u))
            return r.fail(setting ? "expected: expect setting KEY ==|!= VALUE" : "expected: expect " + subject + " ==|!= \"TEXT\"");
        const size_t op = i + (setting ? 2 : 1);
        if (!parseCompare(t[op], e.compare) || (e.compare != Compare::Equal && e.compare != Compare::NotEqual))
            return r.fail("expected == or !=", t[op]);
        e.text = t[op + 1];
        if (!setting) return true;
        e.name = t[i + 1];
        if (!isSettingKey(e.name)) return r.fail("no such setting", e.name);
        // A bare word is a string value (solver.method == pgs); anything else must be JSON.
        if (!nlohmann::json::accept(e.text)) e.text = nlohmann::json(e.text).dump();
        return true;
    }
    if (subject == "body") {
        e.subject = ExpectSubject::BodyPosition;
        if (rest != 4) return r.fail("expected: expect body \"NAME\" x|y|z ==|!=|<|<=|>|>= METRES");
        e.name = t[i + 1];
        const std::string axis = t[i + 2];
        if (axis != "x" && axis != "y" && axis != "z") return r.fail("expected x, y or z", axis);
        e.axis = axis[0] - 'x';
        if (!parseCompare(t[i + 3], e.compare)) return r.fail("not a comparison (== != < <= > >=)", t[i + 3]);
        if (!parseNumber(t[i + 4], e.number)) return r.fail("not a number", t[i + 4]);
        return true;
    }
    if (subject == "layer") {
        if (rest != 2) return r.fail("expected: expect layer NAME on|off");
        e.subject = ExpectSubject::Layer;
        e.name = t[i + 1];
        const std::vector<DebugDrawFlag>& flags = debugDrawFlags();
        if (std::none_of(flags.begin(), flags.end(), [&](const DebugDrawFlag& f) { return e.name == f.name; }))
            return r.fail("no such debug layer", e.name);
        if (t[i + 2] == "off") e.negated = true;
        else if (t[i + 2] != "on") return r.fail("expected on or off", t[i + 2]);
        return true;
    }
    if (subject == "popup" || subject == "panel") {
        const bool popup = subject == "popup";
        const char* yes = popup ? "open" : "visible";
        const char* no = popup ? "closed" : "hidden";
        if (rest != 2) return r.fail("expected: expect " + subject + " \"NAME\" " + yes + "|" + no);
        e.subject = popup ? ExpectSubject::Popup : ExpectSubject::Panel;
        e.name = t[i + 1];
        if (t[i + 2] == no) e.negated = true;
        else if (t[i + 2] != yes) return r.fail(std::string("expected ") + yes + " or " + no, t[i + 2]);
        return true;
    }
    return r.fail("unknown expectation", subject);
}

/// One command from its tokens (the first is the command's name).
bool parseCommand(LineReader& r, ScriptCommand& c) {
    const std::vector<std::string>& t = r.tokens;
    const std::string& name = t[0];
    if (name == "wait") {
        c.op = ScriptOp::Wait;
        return r.arity(1, 1, "wait FRAMES") && r.count(1, 1, c.count);
    }
    if (name == "waitsteps") {
        c.op = ScriptOp::WaitSteps;
        c.frameCap = kDefaultWaitStepsFrames;
        return r.arity(1, 2, "waitsteps STEPS [MAX_FRAMES]") && r.count(1, 1, c.count) &&
               (t.size() < 3 || r.count(2, 1, c.frameCap));
    }
    if (name == "key" || name == "keydown" || name == "keyup") {
        c.op = name == "key" ? ScriptOp::Key : name == "keydown" ? ScriptOp::KeyDown : ScriptOp::KeyUp;
        return r.arity(1, 1, "key NAME (e.g. Space, N, Left, ctrl+s)") && r.key(1, c.key);
    }
    if (name == "move") {
        c.op = ScriptOp::Move;
        return r.arity(2, 2, "move X Y") && r.coordinate(1, c.x) && r.coordinate(2, c.y);
    }
    if (name == "click") {
        c.op = ScriptOp::Click;
        return r.arity(2, 3, "click X Y [left|right|middle]") && r.coordinate(1, c.x) && r.coordinate(2, c.y) &&
               (t.size() < 4 || r.button(3, c.button));
    }
    if (name == "click-item") {
        c.op = ScriptOp::ClickItem;
        if (!r.arity(2, 2, "click-item \"WINDOW\" \"LABEL\"")) return false;
        c.window = t[1];
        c.text = t[2];
        return true;
    }
    if (name == "click-body") {
        c.op = ScriptOp::ClickBody;
        if (!r.arity(1, 2, "click-body \"NAME\" [left|right|middle]")) return false;
        c.text = t[1];
        return t.size() < 3 || r.button(2, c.button);
    }
    if (name == "drag") {
        c.op = ScriptOp::Drag;
        c.count = kDefaultDragFrames;
        if (!r.arity(4, 6, "drag X1 Y1 X2 Y2 [left|right|middle] [FRAMES]")) return false;
        if (!r.coordinate(1, c.x) || !r.coordinate(2, c.y) || !r.coordinate(3, c.x2) || !r.coordinate(4, c.y2))
            return false;
        return (t.size() < 6 || r.button(5, c.button)) && (t.size() < 7 || r.count(6, 1, c.count));
    }
    if (name == "drag-body") {
        c.op = ScriptOp::DragBody;
        c.count = kDefaultDragFrames;
        if (!r.arity(3, 5, "drag-body \"NAME\" DX DY [left|right|middle] [FRAMES]")) return false;
        c.text = t[1];
        if (!r.coordinate(2, c.x2) || !r.coordinate(3, c.y2)) return false;
        return (t.size() < 5 || r.button(4, c.button)) && (t.size() < 6 || r.count(5, 1, c.count));
    }
    if (name == "wheel") {
        c.op = ScriptOp::Wheel;
        if (!r.arity(3, 3, "wheel X Y NOTCHES") || !r.coordinate(1, c.x) || !r.coordinate(2, c.y)) return false;
        if (!parseInt(t[3], -100, 100, c.count) || c.count == 0)
            return r.fail("not a whole number of notches from -100 to 100, other than 0", t[3]);
        return true;
    }
    if (name == "drop" || name == "text" || name == "screenshot") {
        c.op = name == "drop" ? ScriptOp::Drop : name == "text" ? ScriptOp::Text : ScriptOp::Screenshot;
        if (!r.arity(1, 1, (name + (name == "text" ? " \"TEXT\"" : " PATH")).c_str())) return false;
        c.text = t[1];
        if (c.text.empty()) return r.fail("empty " + std::string(name == "text" ? "text" : "path"));
        return true;
    }
    if (name == "expect") {
        c.op = ScriptOp::Expect;
        return parseExpectation(r, c.expect);
    }
    if (name == "quit") {
        c.op = ScriptOp::Quit;
        return r.arity(0, 0, "quit");
    }
    return r.fail("unknown command", name);
}

} // namespace

bool parseKeyName(const std::string& name, ScriptKey& key) {
    ScriptKey out;
    std::string rest = lower(name);
    // Modifiers first: "ctrl+shift+z". A lone "+" or "-" is a key, not a separator.
    for (size_t plus = rest.find('+'); plus != std::string::npos && plus > 0 && plus + 1 < rest.size();
         plus = rest.find('+')) {
        const std::string mod = rest.substr(0, plus);
        if (mod == "ctrl") out.mod |= KMOD_LCTRL;
        else if (mod == "shift") out.mod |= KMOD_LSHIFT;
        else if (mod == "alt") out.mod |= KMOD_LALT;
        else return false;
        rest = rest.substr(plus + 1);
    }
    if (rest.size() == 1 && rest[0] >= 'a' && rest[0] <= 'z') {
        out.sym = rest[0];
        out.scancode = static_cast<SDL_Scancode>(SDL_SCANCODE_A + (rest[0] - 'a'));
    } else if (rest.size() == 1 && rest[0] >= '0' && rest[0] <= '9') {
        out.sym = rest[0];
        // SDL numbers the digit row 1 .. 9, 0.
        out.scancode = rest[0] == '0' ? SDL_SCANCODE_0 : static_cast<SDL_Scancode>(SDL_SCANCODE_1 + (rest[0] - '1'));
    } else if (int f = 0; rest.size() >= 2 && rest[0] == 'f' && parseInt(rest.substr(1), 1, 12, f)) {
        out.scancode = static_cast<SDL_Scancode>(SDL_SCANCODE_F1 + (f - 1));
        out.sym = SDL_SCANCODE_TO_KEYCODE(out.scancode);
    } else {
        const auto* found = std::find_if(std::begin(kNamedKeys), std::end(kNamedKeys),
                                         [&](const NamedKey& k) { return rest == k.name; });
        if (found == std::end(kNamedKeys)) return false;
        out.sym = found->sym;
        out.scancode = found->scancode;
    }
    key = out;
    return true;
}

bool parseScript(const std::string& text, const std::string& file, Script& out, std::string& error) {
    Script script;
    script.file = file;
    std::istringstream lines(text);
    std::string line;
    std::vector<std::string> tokens;
    for (int number = 1; std::getline(lines, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        ScriptCommand command;
        command.line = number;
        if (!tokenize(line, tokens, command.source)) {
            error = file + ":" + std::to_string(number) + ": a \" is not closed";
            return false;
        }
        if (tokens.empty()) continue;
        LineReader reader{tokens, {}};
        if (!parseCommand(reader, command)) {
            error = file + ":" + std::to_string(number) + ": " + reader.problem;
            return false;
        }
        script.commands.push_back(std::move(command));
    }
    out = std::move(script);
    return true;
}

bool loadScript(const std::string& path, Script& out, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": cannot read the script";
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parseScript(text.str(), path, out, error);
}

} // namespace tumble::app
