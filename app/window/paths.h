#pragma once
/// \file paths.h
/// Finding the files the app reads at run time (shaders/, scenes/) from any working
/// directory: the working directory first, so a user's own copy wins, then the source tree
/// the binary was built from.
#include <string>

namespace tumble::app {

/// `relative` if it exists from the working directory, else TUMBLE_SOURCE_DIR/relative if
/// that exists, else `relative` unchanged (so error messages name what the user asked for).
std::string findResource(const std::string& relative);

/// Whole file as text; false when it cannot be read.
bool readTextFile(const std::string& path, std::string& out);

} // namespace tumble::app
