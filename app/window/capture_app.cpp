// The window's side of capture.h: F12's still picture and Shift+F12's recording, read back
// from the frame just drawn, and the ffmpeg run after a recording.
#include "window/app_state.h"
#include "window/capture.h"
#include "window/screenshot.h"

#include <SDL.h>

#include <cstdlib>
#include <filesystem>

namespace tumble::app {

namespace fs = std::filesystem;

void App::saveViewPicture() {
    std::error_code ec;
    const std::string file = savedFilePath(*this, "captures", "-step" + std::to_string(world.stepCount()) + ".png", ec);
    if (ec) {
        setStatus("Could not make captures/: " + ec.message());
        return;
    }
    // Drawn in the next frame without panels, like a bug report's picture.
    pendingScreenshot = file;
    pendingScreenshotNote = "Saved the view to " + file;
}

void App::toggleRecordingVideo() {
    if (capture.recording) {
        capture.recording = false;
        const std::string ffmpeg = findExecutable("ffmpeg", std::getenv("PATH") != nullptr ? std::getenv("PATH") : "");
        if (capture.frames == 0 || ffmpeg.empty()) {
            setStatus("Recorded " + std::to_string(capture.frames) + " frames as PNGs in " + capture.folder +
                      (ffmpeg.empty() ? " (install ffmpeg to get an MP4 too)" : ""));
            return;
        }
        capture.videoPath = capture.folder + ".mp4";
        const double fps = captureFrameRate(capture.frames, capture.startSeconds, capture.lastSeconds);
        capture.encoder = startProcess(ffmpeg, encoderArguments(capture.folder, fps, capture.videoPath));
        setStatus(capture.encoder > 0 ? "Encoding " + capture.videoPath + " with ffmpeg..."
                                      : "Could not start ffmpeg; the frames are PNGs in " + capture.folder);
        return;
    }
    std::error_code ec;
    const std::string stem = savedFilePath(*this, "captures", "", ec);
    if (ec) {
        setStatus("Could not make captures/: " + ec.message());
        return;
    }
    // The first free captures/<scene>-rec<n>: a recording never overwrites an earlier one.
    int n = 1;
    while (fs::exists(stem + "-rec" + std::to_string(n), ec) || fs::exists(stem + "-rec" + std::to_string(n) + ".mp4", ec))
        ++n;
    capture = Capture{};
    capture.folder = stem + "-rec" + std::to_string(n);
    fs::create_directories(capture.folder, ec);
    if (ec) {
        setStatus("Could not make " + capture.folder + ": " + ec.message());
        return;
    }
    capture.recording = true;
    setStatus("Recording every frame of the window to " + capture.folder + " (Shift+F12 stops; Tab hides the panels)");
}

void captureDrawnFrame(App& app, int pixelsW, int pixelsH) {
    Capture& c = app.capture;
    if (c.encoder > 0) {
        int status = 0;
        if (processEnded(c.encoder, status)) {
            c.encoder = -1;
            app.setStatus(status == 0 ? "Wrote the video " + c.videoPath + " (the PNG frames stay in " + c.folder + ")"
                                      : "ffmpeg failed (exit " + std::to_string(status) + "); the frames are PNGs in " +
                                            c.folder);
        }
    }
    if (!c.recording) return;
    std::string error;
    if (!saveScreenshot(captureFramePath(c.folder, c.frames), pixelsW, pixelsH, error)) {
        c.recording = false;
        app.setStatus("Recording stopped after " + std::to_string(c.frames) + " frames: " + error);
        return;
    }
    const double now = static_cast<double>(SDL_GetTicks()) / 1000.0;
    if (c.frames == 0) c.startSeconds = now;
    c.lastSeconds = now;
    ++c.frames;
}

} // namespace tumble::app
