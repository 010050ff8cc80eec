#pragma once
/// \file document.h
/// From scene-file text to a JSON document: size and nesting caps checked on the raw text
/// before the parser allocates anything, syntax errors with line and column, and duplicate
/// keys (which a JSON parser would silently collapse) reported with their path.
#include "scene/json_check.h"

#include <optional>

namespace tumble::scene {

/// Keys one JSON object may hold: a scene file's objects have a few dozen at most (a
/// lesson's "bullet" map names bodies), and a flood of keys would cost quadratic time.
inline constexpr size_t kMaxObjectKeys = 256;

/// 1-based line and column of byte `offset` in `text`.
struct TextPosition {
    int line = 1;
    int column = 1;
};
TextPosition positionOf(const std::string& text, size_t offset);

/// Scan brackets outside strings and comments; report the first one nested deeper than
/// `maxDepth` and return false.
bool checkNesting(const std::string& text, int maxDepth, Checker& check);

/// Parse `text` (comments allowed, as in the format's examples). Returns the document, or
/// nothing after reporting the syntax error. Duplicate keys are reported but the document
/// is still returned so the rest of the file is checked too.
std::optional<Json> parseDocument(const std::string& text, const SceneLimits& limits,
                                  Checker& check);

} // namespace tumble::scene
