// Scene-file text -> JSON document, with caps, positions and duplicate keys (document.h).
#include "scene/document.h"

#include <algorithm>
#include <set>

namespace tumble::scene {
namespace {

/// A SAX pass over the text that builds nothing: it follows the JSON path being read,
/// reports a key that appears twice in one object, and turns a parse error into a message
/// with a line and column (or, for a number beyond double range, with its path).
/// (nlohmann's DOM callback parser would do the same but rescans arrays on every element.)
class PathWatcher {
public:
    PathWatcher(const std::string& text, Checker& check) : text_(text), check_(check) {}

    bool null() { return value(); }
    bool boolean(bool) { return value(); }
    bool number_integer(Json::number_integer_t) { return value(); }
    bool number_unsigned(Json::number_unsigned_t) { return value(); }
    bool number_float(Json::number_float_t, const std::string&) { return value(); }
    bool string(std::string&) { return value(); }
    bool binary(Json::binary_t&) { return value(); }
    bool start_object(std::size_t) { return open(true); }
    bool start_array(std::size_t) { return open(false); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(std::string& k) {
        Frame& top = frames_.back();
        // The document's objects keep file order, which costs a linear search per key:
        // cap the keys before the second pass builds them.
        if (top.keys.size() >= kMaxObjectKeys) {
            check_.error(top.path, "has more than " + std::to_string(kMaxObjectKeys) +
                                       " keys (no object of a scene file needs that many)");
            return false;
        }
        top.key = k;
        if (!top.keys.insert(k).second) check_.error(top.path, "duplicate key '" + k + "'");
        return true;
    }

    bool parse_error(std::size_t position, const std::string& token,
                     const nlohmann::detail::exception& e) {
        if (e.id == 406) {
            // A number beyond double range (1e400): report it where it is, like other values.
            check_.error(currentChildPath(),
                         "must be a finite number within float range (|x| <= 3.40282e+38), got " +
                             token);
            return false;
        }
        // `position` counts the characters read, the offending one included.
        TextPosition p = positionOf(text_, position > 0 ? position - 1 : 0);
        check_.errorAt(p.line, p.column, parserMessage(e.what()));
        return false;
    }

private:
    struct Frame {
        bool isObject = false;
        std::string path;
        std::string key;            ///< current key (objects)
        size_t index = 0;           ///< current element (arrays)
        std::set<std::string> keys; ///< keys seen so far (objects)
    };

    std::string currentChildPath() const {
        if (frames_.empty()) return "";
        const Frame& top = frames_.back();
        return top.isObject ? childPath(top.path, top.key) : indexPath(top.path, top.index);
    }

    bool open(bool isObject) {
        frames_.push_back({isObject, currentChildPath(), {}, 0, {}});
        return true;
    }

    bool close() {
        frames_.pop_back();
        return value();
    }

    /// A value (or a whole container) ended: the enclosing array moves to its next element.
    bool value() {
        if (!frames_.empty() && !frames_.back().isObject) ++frames_.back().index;
        return true;
    }

    static std::string parserMessage(const std::string& what);

    const std::string& text_;
    Checker& check_;
    std::vector<Frame> frames_;
};

/// nlohmann's message without its "[json.exception...] parse error at line L, column C: "
/// prefix (we print our own position).
std::string PathWatcher::parserMessage(const std::string& what) {
    size_t at = what.find("parse error");
    if (at == std::string::npos) return what;
    size_t colon = what.find(": ", at);
    return colon == std::string::npos ? what : what.substr(colon + 2);
}

} // namespace

TextPosition positionOf(const std::string& text, size_t offset) {
    offset = std::min(offset, text.size());
    TextPosition p;
    for (size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++p.line;
            p.column = 1;
        } else {
            ++p.column;
        }
    }
    return p;
}

bool checkNesting(const std::string& text, int maxDepth, Checker& check) {
    enum class State { Code, String, Escape, LineComment, BlockComment };
    State state = State::Code;
    int depth = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        char next = i + 1 < text.size() ? text[i + 1] : '\0';
        switch (state) {
        case State::Code:
            if (c == '"') {
                state = State::String;
            } else if (c == '/' && next == '/') {
                state = State::LineComment;
            } else if (c == '/' && next == '*') {
                state = State::BlockComment;
                ++i;
            } else if (c == '{' || c == '[') {
                if (++depth > maxDepth) {
                    TextPosition p = positionOf(text, i);
                    check.errorAt(p.line, p.column,
                                  "nesting deeper than " + std::to_string(maxDepth) + " levels");
                    return false;
                }
            } else if ((c == '}' || c == ']') && depth > 0) {
                --depth;
            }
            break;
        case State::String:
            if (c == '\\') state = State::Escape;
            else if (c == '"') state = State::Code;
            break;
        case State::Escape:
            state = State::String;
            break;
        case State::LineComment:
            if (c == '\n') state = State::Code;
            break;
        case State::BlockComment:
            if (c == '*' && next == '/') {
                state = State::Code;
                ++i;
            }
            break;
        }
    }
    return true;
}

std::optional<Json> parseDocument(const std::string& text, const SceneLimits& limits,
                                  Checker& check) {
    if (text.size() > limits.maxFileBytes) {
        check.error("", "the file is " + std::to_string(text.size()) +
                            " bytes, more than the limit of " +
                            std::to_string(limits.maxFileBytes));
        return std::nullopt;
    }
    if (!checkNesting(text, limits.maxDepth, check)) return std::nullopt;
    PathWatcher watcher(text, check);
    if (!Json::sax_parse(text, &watcher, nlohmann::detail::input_format_t::json, true, true))
        return std::nullopt;
    // The text is known to be valid JSON now: this parse cannot fail.
    Json document = Json::parse(text, nullptr, false, true);
    if (document.is_discarded()) {
        check.error("", "the JSON parser rejected the file on its second pass");
        return std::nullopt;
    }
    return document;
}

} // namespace tumble::scene
