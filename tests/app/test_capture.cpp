// Pictures and videos of the window (app/window/capture.h), the parts without a window: the
// frame files, the video's frame rate, the ffmpeg command and running it in the background.
#include "window/capture.h"

#include <gtest/gtest.h>

#include <stb_image_write.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace tumble::app;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
    const fs::path p = fs::temp_directory_path() / ("tumble_capture_" + name);
    fs::remove_all(p);
    fs::create_directories(p);
    return p;
}

/// Wait (at most 20 s) for a background process to end; its exit status.
int waitFor(pid_t pid) {
    int status = -2;
    for (int i = 0; i < 2000 && !processEnded(pid, status); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return status;
}

} // namespace

TEST(Capture, FramesAreNumberedInOrderOfDrawing) {
    EXPECT_EQ(captureFramePath("captures/pyramid-rec2", 0), "captures/pyramid-rec2/frame_00000.png");
    EXPECT_EQ(captureFramePath("c", 1234), "c/frame_01234.png");
}

TEST(Capture, TheVideoLastsAsLongAsTheRecording) {
    // 61 frames over 2 s are 60 intervals: 30 frames per second.
    EXPECT_DOUBLE_EQ(captureFrameRate(61, 10.0, 12.0), 30.0);
    // Software GL at 7 frames a second gives a 7 fps video, not a sped-up 30 fps one.
    EXPECT_DOUBLE_EQ(captureFrameRate(15, 0.0, 2.0), 7.0);
    EXPECT_DOUBLE_EQ(captureFrameRate(1, 3.0, 3.0), 30.0);   // too little to tell
    EXPECT_DOUBLE_EQ(captureFrameRate(1000, 0.0, 1.0), 120.0); // capped
}

TEST(Capture, FfmpegReadsTheSequenceAtTheRateAndWritesTheVideoLast) {
    const std::vector<std::string> a = encoderArguments("captures/x-rec1", 29.97, "captures/x-rec1.mp4");
    ASSERT_GE(a.size(), 4u);
    EXPECT_EQ(a.back(), "captures/x-rec1.mp4");
    auto after = [&](const std::string& flag) {
        for (size_t i = 0; i + 1 < a.size(); ++i)
            if (a[i] == flag) return a[i + 1];
        return std::string();
    };
    EXPECT_EQ(after("-framerate"), "29.970");
    EXPECT_EQ(after("-i"), "captures/x-rec1/frame_%05d.png");
    EXPECT_EQ(after("-pix_fmt"), "yuv420p");
}

TEST(Capture, AnExecutableIsFoundOnThePathOnlyWhenItCanRun) {
    const fs::path dir = scratch("path");
    std::ofstream(dir / "ffmpeg") << "#!/bin/sh\n";
    EXPECT_EQ(findExecutable("ffmpeg", "/nonexistent:" + dir.string()), ""); // not executable yet
    fs::permissions(dir / "ffmpeg", fs::perms::owner_exec, fs::perm_options::add);
    EXPECT_EQ(findExecutable("ffmpeg", "/nonexistent::" + dir.string()), (dir / "ffmpeg").string());
    EXPECT_EQ(findExecutable("ffmpeg", ""), "");
    fs::remove_all(dir);
}

TEST(Capture, TheEncoderRunsInTheBackgroundWithItsArgumentsUntouched) {
    // A stand-in for ffmpeg that writes its arguments, one per line, to the output file: the
    // frame pattern and the filter reach it as written, without a shell in between.
    const fs::path dir = scratch("fake");
    const fs::path fake = dir / "fake-ffmpeg";
    std::ofstream(fake) << "#!/bin/sh\nfor a in \"$@\"; do last=\"$a\"; done\nprintf '%s\\n' \"$@\" > \"$last\"\nexit 0\n";
    fs::permissions(fake, fs::perms::owner_all);
    const std::string video = (dir / "out.mp4").string();
    const pid_t pid = startProcess(fake.string(), encoderArguments((dir / "rec").string(), 30.0, video));
    ASSERT_GT(pid, 0);
    ASSERT_EQ(waitFor(pid), 0);
    std::ifstream in(video);
    std::vector<std::string> seen;
    for (std::string line; std::getline(in, line);) seen.push_back(line);
    EXPECT_EQ(seen, encoderArguments((dir / "rec").string(), 30.0, video));
    // A program that fails reports its exit status.
    const pid_t failing = startProcess("/bin/sh", {"-c", "exit 3"});
    ASSERT_GT(failing, 0);
    EXPECT_EQ(waitFor(failing), 3);
    EXPECT_EQ(startProcess((dir / "missing").string(), {}), -1);
    fs::remove_all(dir);
}

TEST(Capture, ARealFfmpegTurnsTheSequenceIntoAVideo) {
    const char* path = std::getenv("PATH");
    const std::string ffmpeg = findExecutable("ffmpeg", path != nullptr ? path : "");
    if (ffmpeg.empty()) GTEST_SKIP() << "ffmpeg is not installed (Debian package ffmpeg): the PNG sequence is the recording";
    const fs::path dir = scratch("real");
    // Five frames of an odd size (the pad filter makes the sides even for yuv420p).
    const int w = 33, h = 21;
    std::vector<unsigned char> rgb(static_cast<size_t>(w * h * 3));
    for (int f = 0; f < 5; ++f) {
        for (size_t i = 0; i < rgb.size(); ++i) rgb[i] = static_cast<unsigned char>((i * 7 + static_cast<size_t>(f) * 40) & 255);
        ASSERT_TRUE(stbi_write_png(captureFramePath(dir.string(), f).c_str(), w, h, 3, rgb.data(), w * 3));
    }
    const std::string video = (dir / "out.mp4").string();
    const pid_t pid = startProcess(ffmpeg, encoderArguments(dir.string(), 10.0, video));
    ASSERT_GT(pid, 0);
    EXPECT_EQ(waitFor(pid), 0);
    EXPECT_GT(fs::file_size(video), 100u);
    fs::remove_all(dir);
}
