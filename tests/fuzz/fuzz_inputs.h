#pragma once
/// \file fuzz_inputs.h
/// What each libFuzzer target does with one input, shared by the fuzz targets (tests/fuzz,
/// TUMBLE_FUZZ=ON) and by the regression test that replays tests/data/fuzz/ in every build.
/// Each returns "" when the input was handled as the program promises (loaded or refused
/// with a message), else the promise it broke; a memory error shows under the sanitizers.
#include <string>
#include <string_view>

namespace tumble::fuzz {

/// A scene file's text: parseScene, and when it loads, buildWorld and a few steps.
std::string sceneLoader(std::string_view text);

/// A snapshot's text (a scene with a `state` section): loaded, built and stepped; the
/// snapshot the built world writes must load again and step to the same state hash.
std::string snapshotState(std::string_view text);

/// report.json's text: parseBugReport (app/headless/bug_report.h).
std::string bugReport(std::string_view text);

/// A `--set` value: applySettingOverride; when accepted, a small world steps with it.
std::string settingOverride(std::string_view text);

} // namespace tumble::fuzz
