#pragma once
/// \file capture.h
/// Pictures and videos of the window for a lecture or a bug report: F12 saves the view as a
/// PNG (drawn without panels, like a bug report's picture), Shift+F12 starts and stops
/// recording every frame of the window as drawn (Tab hides the panels) into a numbered PNG
/// sequence. When recording stops and Debian's ffmpeg is on PATH, it turns the sequence into
/// an MP4 in the background; without ffmpeg the PNG sequence is the recording.
#include <cstdint>
#include <string>
#include <sys/types.h>
#include <vector>

namespace tumble::app {

/// A PNG-sequence recording and, after it, the ffmpeg run encoding it.
struct Capture {
    bool recording = false;
    std::string folder;           ///< captures/<scene>-<n>/ while recording and after
    int frames = 0;               ///< PNGs written so far
    double startSeconds = 0.0;    ///< wall clock at the first frame (SDL ticks, s)
    double lastSeconds = 0.0;     ///< and at the latest
    pid_t encoder = -1;           ///< ffmpeg's process while it runs
    std::string videoPath;        ///< what it writes
};

/// The file of frame `index` (0-based) in a recording folder: frame_00000.png, ...
std::string captureFramePath(const std::string& folder, int index);

/// The frame rate that makes the video last as long as the recording did: frames over the
/// seconds between the first and the last frame (one frame's worth added), within [1, 120];
/// 30 when there is too little to tell.
double captureFrameRate(int frames, double firstSeconds, double lastSeconds);

/// ffmpeg's arguments (argv without the program name) turning the folder's sequence into
/// `video` at `fps`: H.264-compatible yuv420p, sizes padded to even numbers, quiet, overwrite.
std::vector<std::string> encoderArguments(const std::string& folder, double fps, const std::string& video);

/// The full path of an executable `name` in the colon-separated `path` list ("" if none).
std::string findExecutable(const std::string& name, const std::string& path);

/// Start `program` with `arguments` in the background (no shell). -1 when it could not start.
pid_t startProcess(const std::string& program, const std::vector<std::string>& arguments);

/// Whether a background process has ended: false while it runs; true with its exit status
/// (or -1 when it died of a signal) once it has.
bool processEnded(pid_t pid, int& exitStatus);

} // namespace tumble::app
