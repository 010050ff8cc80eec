// Checks that a --screenshot picture shows a scene: a background that does not fill the
// view, grid lines in the grid's colour, and lit shapes (many shades that are neither
// background nor grid). A black picture, a background-only picture and a picture of the
// grid alone must all fail; `--self-test` proves that on synthetic pictures.
//
//   tumble_check_screenshot FILE.png [--panels]    exit 0 pass, 1 fail, 2 unreadable
//   tumble_check_screenshot --self-test
#include "window/layout.h"
#include "window/palette.h"

#include <stb_image.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

namespace palette = tumble::app::palette;
namespace layout = tumble::app::layout;

struct Rgb8 {
    int r = 0, g = 0, b = 0;
};

struct Image {
    int width = 0, height = 0;
    std::vector<uint8_t> rgb; ///< rows top-down, 3 bytes per pixel
    Rgb8 at(int x, int y) const {
        const uint8_t* p = &rgb[(static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 3];
        return {p[0], p[1], p[2]};
    }
    void set(int x, int y, Rgb8 c) {
        uint8_t* p = &rgb[(static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 3];
        p[0] = static_cast<uint8_t>(c.r);
        p[1] = static_cast<uint8_t>(c.g);
        p[2] = static_cast<uint8_t>(c.b);
    }
};

Rgb8 toRgb8(palette::Rgb c) { return {palette::toByte(c.r), palette::toByte(c.g), palette::toByte(c.b)}; }

const std::array<Rgb8, 4> kGridColors = {toRgb8(palette::kGridLine), toRgb8(palette::kGridMajor),
                                         toRgb8(palette::kAxisX), toRgb8(palette::kAxisZ)};

int channelDistance(Rgb8 a, Rgb8 b) {
    return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

/// Distance of p from the segment a..b in RGB space (blends of a grid line over background
/// lie on it).
float segmentDistance(Rgb8 p, Rgb8 a, Rgb8 b) {
    float d[3] = {float(b.r - a.r), float(b.g - a.g), float(b.b - a.b)};
    float q[3] = {float(p.r - a.r), float(p.g - a.g), float(p.b - a.b)};
    float dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    float t = dd > 0.0f ? std::clamp((q[0] * d[0] + q[1] * d[1] + q[2] * d[2]) / dd, 0.0f, 1.0f) : 0.0f;
    float e[3] = {q[0] - t * d[0], q[1] - t * d[1], q[2] - t * d[2]};
    return std::sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
}

int packed(Rgb8 c) { return (c.r << 16) | (c.g << 8) | c.b; }

/// What the checker found, and whether each requirement holds.
struct Verdict {
    double backgroundShare = 0.0;
    int gridPixels = 0;
    int shapePixels = 0;
    int shapeShades = 0;
    bool backgroundOk() const { return backgroundShare < 0.95; }
    bool gridOk() const { return gridPixels >= 50; }
    bool shapesOk() const { return shapePixels >= 300 && shapeShades >= 6; }
    bool ok() const { return backgroundOk() && gridOk() && shapesOk(); }
};

/// Look at the pixels in columns [left, right) below `top` (the part panels leave open).
Verdict inspect(const Image& image, int left, int right, int top) {
    Verdict v;
    std::map<int, int> counts;
    int total = 0;
    for (int y = top; y < image.height; ++y)
        for (int x = left; x < right; ++x, ++total) ++counts[packed(image.at(x, y))];
    if (total == 0) return v;
    auto most = std::max_element(counts.begin(), counts.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
    v.backgroundShare = double(most->second) / total;
    Rgb8 background{(most->first >> 16) & 255, (most->first >> 8) & 255, most->first & 255};

    std::map<int, int> shades; // 4-bit-per-channel shades of shape pixels
    for (int y = top; y < image.height; ++y) {
        for (int x = left; x < right; ++x) {
            Rgb8 p = image.at(x, y);
            bool grid = false, gridBlend = false;
            for (Rgb8 g : kGridColors) {
                grid |= channelDistance(p, g) <= 6;
                gridBlend |= segmentDistance(p, background, g) < 14.0f;
            }
            if (grid) ++v.gridPixels;
            if (gridBlend || channelDistance(p, background) <= 24) continue;
            ++v.shapePixels;
            ++shades[((p.r >> 4) << 8) | ((p.g >> 4) << 4) | (p.b >> 4)];
        }
    }
    for (const auto& [shade, n] : shades)
        if (n >= 10) ++v.shapeShades;
    return v;
}

void report(const Verdict& v) {
    std::printf("background %.1f%% of the view (need < 95%%): %s\n", 100.0 * v.backgroundShare,
                v.backgroundOk() ? "ok" : "FAIL");
    std::printf("grid-coloured pixels %d (need >= 50): %s\n", v.gridPixels, v.gridOk() ? "ok" : "FAIL");
    std::printf("shape pixels %d in %d shades (need >= 300 in >= 6): %s\n", v.shapePixels, v.shapeShades,
                v.shapesOk() ? "ok" : "FAIL");
}

// --- synthetic pictures for --self-test -------------------------------------------------

Image filled(Rgb8 c) {
    Image img{400, 300, std::vector<uint8_t>(400 * 300 * 3)};
    for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x) img.set(x, y, c);
    return img;
}

Rgb8 blend(Rgb8 a, Rgb8 b, float t) {
    return {int(std::lround(a.r + (b.r - a.r) * t)), int(std::lround(a.g + (b.g - a.g) * t)),
            int(std::lround(a.b + (b.b - a.b) * t))};
}

/// Grid lines of every palette colour, each with a solid core and anti-aliased edges.
void drawGrid(Image& img, Rgb8 background) {
    for (int i = 0; i < 12; ++i) {
        Rgb8 line = kGridColors[static_cast<size_t>(i) % kGridColors.size()];
        int x0 = 15 + i * 32;
        for (int y = 0; y < img.height; ++y) {
            img.set(x0 - 1, y, blend(background, line, 0.4f));
            img.set(x0, y, line);
            img.set(x0 + 1, y, blend(background, line, 0.7f));
        }
    }
}

/// A diffusely lit orange ball: the shades a real shape shows.
void drawBall(Image& img) {
    const float cx = 200, cy = 150, r = 40;
    for (int y = 0; y < img.height; ++y) {
        for (int x = 0; x < img.width; ++x) {
            float dx = (x - cx) / r, dy = (y - cy) / r;
            if (dx * dx + dy * dy > 1.0f) continue;
            float dz = std::sqrt(1.0f - dx * dx - dy * dy);
            float light = 0.25f + 0.75f * std::max(0.0f, -0.5f * dx - 0.5f * dy + 0.7f * dz);
            img.set(x, y, {int(230 * light), int(130 * light), int(40 * light)});
        }
    }
}

int selfTest() {
    Rgb8 background = toRgb8(palette::kBackground);
    struct Case {
        const char* name;
        Image image;
        bool shouldPass;
    };
    std::vector<Case> cases;
    cases.push_back({"black", filled({0, 0, 0}), false});
    cases.push_back({"background only", filled(background), false});
    Image gridOnly = filled(background);
    drawGrid(gridOnly, background);
    cases.push_back({"grid without shapes", gridOnly, false});
    Image ballOnly = filled(background);
    drawBall(ballOnly);
    cases.push_back({"shape without grid", ballOnly, false});
    Image scene = gridOnly;
    drawBall(scene);
    cases.push_back({"grid and a lit shape", scene, true});

    int failures = 0;
    for (const Case& c : cases) {
        Verdict v = inspect(c.image, 0, c.image.width, 0);
        bool right = v.ok() == c.shouldPass;
        std::printf("%-22s %s (%s)\n", c.name, v.ok() ? "passes" : "fails", right ? "as it should" : "WRONG");
        if (!right) {
            report(v);
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--self-test") == 0) return selfTest();
    if (argc < 2 || argc > 3 || (argc == 3 && std::strcmp(argv[2], "--panels") != 0)) {
        std::fprintf(stderr, "usage: %s FILE.png [--panels] | --self-test\n", argv[0]);
        return 2;
    }
    int width = 0, height = 0, channels = 0;
    uint8_t* data = stbi_load(argv[1], &width, &height, &channels, 3);
    if (data == nullptr) {
        std::fprintf(stderr, "%s: cannot read: %s\n", argv[1], stbi_failure_reason());
        return 2;
    }
    Image image{width, height, std::vector<uint8_t>(data, data + static_cast<size_t>(width) * height * 3)};
    stbi_image_free(data);
    // With panels, only the open part of the view counts: ImGui's own colours would pass
    // for shapes.
    bool panels = argc == 3;
    // The Time and Scene column covers the left, the dock (Solver, Materials ...) the right.
    int left = panels ? static_cast<int>(layout::kViewLeft) : 0;
    int right = panels ? std::max(left + 1, width - static_cast<int>(layout::kViewRightMargin)) : width;
    int top = panels ? static_cast<int>(layout::kMenuBarHeight) + 4 : 0;
    std::printf("%s: %d x %d, inspecting %d <= x < %d, y >= %d\n", argv[1], width, height, left, right, top);
    Verdict v = inspect(image, left, right, top);
    report(v);
    return v.ok() ? 0 : 1;
}
