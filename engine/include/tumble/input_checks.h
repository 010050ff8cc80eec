#pragma once
/// \file input_checks.h
/// Checks every reader of user files shares, so a scene file, a bug report and anything
/// else the program reads fail alike: the same words for a path that is not a readable
/// file, and the same nesting cap before any JSON parser recurses.
#include <string>

namespace tumble {

/// JSON nesting (objects and arrays) any file the program reads may have. Scene files
/// and bug reports nest a handful of levels; a cap keeps a recursive reader's stack safe.
inline constexpr int kMaxJsonDepth = 32;

/// Why `path` cannot be read as a file: "" when it is a regular file (or a symlink to
/// one), else "no such file" or "not a regular file (a directory)" and the like.
std::string regularFileProblem(const std::string& path);

/// Brackets outside strings and comments nested deeper than `maxDepth`: "" when none,
/// else "line L, column C: nesting deeper than N levels" at the first bracket too deep.
/// Scans the raw text, so no parser has run (or recursed) yet.
std::string jsonNestingProblem(const std::string& text, int maxDepth = kMaxJsonDepth);

} // namespace tumble
