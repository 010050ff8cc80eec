// The sweep's PNG chart (sweep.h, writeSweepPng): drawn pixel by pixel into an RGB buffer and
// written with stb_image_write, so the headless runner needs no GL and no font files.
#include "headless/sweep.h"

#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tumble::app {
namespace {

/// A glyph of the 3 x 5 pixel font: 15 '0'/'1' cells row by row from the top, and how many
/// font pixels it is drawn lower (1 for the tails of g, p, q, y).
struct Glyph {
    const char* cells;
    int drop = 0;
};

/// Digits and what numbers need ('.', '-', '+').
Glyph numberGlyph(char c) {
    switch (c) {
    case '0': return {"111101101101111"};
    case '1': return {"010110010010111"};
    case '2': return {"111001111100111"};
    case '3': return {"111001111001111"};
    case '4': return {"101101111001001"};
    case '5': return {"111100111001111"};
    case '6': return {"111100111101111"};
    case '7': return {"111001010010010"};
    case '8': return {"111101111101111"};
    case '9': return {"111101111001111"};
    case '.': return {"000000000000010"};
    case '-': return {"000000111000000"};
    case '+': return {"000010111010000"};
    default: return {"000000000000000"};
    }
}

/// Capitals fill the 5 rows; the camel-case humps of setting names need them.
Glyph capitalGlyph(char c) {
    static constexpr const char* cells[26] = {
        "010101111101101", "110101110101110", "011100100100011", "110101101101110", "111100110100111",
        "111100110100100", "011100101101011", "101101111101101", "111010010010111", "001001001101010",
        "101101110101101", "100100100100111", "101111111101101", "110101101101101", "010101101101010",
        "110101110100100", "010101101110011", "110101110101101", "011100010001110", "111010010010010",
        "101101101101111", "101101101101010", "101101111111101", "101101010101101", "101101010010010",
        "111001010100111"};
    return {cells[c - 'A']};
}

/// Small letters sit in the lower 4 rows (ascenders reach the top one); g p q y hang one lower.
Glyph smallGlyph(char c) {
    static constexpr Glyph glyphs[26] = {
        {"000011101101011"}, {"100110101101110"}, {"000011100100011"}, {"001011101101011"},
        {"000010111100011"}, {"011010111010010"}, {"011101011001110", 1}, {"100110101101101"},
        {"010000010010010"}, {"001000001001110"}, {"100101110110101"}, {"110010010010111"},
        {"000111111101101"}, {"000110101101101"}, {"000010101101010"}, {"110101101110100", 1},
        {"011101101011001", 1}, {"000101110100100"}, {"000011110011110"}, {"010111010010011"},
        {"000101101101011"}, {"000101101101010"}, {"000101101111111"}, {"000101010010101"},
        {"101101011001110", 1}, {"000111011110111"}};
    return glyphs[c - 'a'];
}

Glyph punctuationGlyph(char c) {
    switch (c) {
    case '(': return {"010100100100010"};
    case ')': return {"010001001001010"};
    case ',': return {"000000000010100"};
    case '_': return {"000000000000111"};
    case ':': return {"000010000010000"};
    case '/': return {"001001010100100"};
    case '=': return {"000111000111000"};
    default: return numberGlyph(c);
    }
}

Glyph glyph(char c) {
    if (c >= 'A' && c <= 'Z') return capitalGlyph(c);
    if (c >= 'a' && c <= 'z') return smallGlyph(c);
    return punctuationGlyph(c);
}

using Rgb = unsigned char[3];

struct Canvas {
    int width, height;
    std::vector<unsigned char> rgb;
    Canvas(int w, int h) : width(w), height(h), rgb(size_t(w) * size_t(h) * 3, 0) {}
    void dot(int x, int y, const Rgb c) {
        if (x < 0 || y < 0 || x >= width || y >= height) return;
        unsigned char* p = &rgb[(size_t(y) * size_t(width) + size_t(x)) * 3];
        p[0] = c[0], p[1] = c[1], p[2] = c[2];
    }
    void fill(const Rgb c) {
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) dot(x, y, c);
    }
    void square(int x, int y, int half, const Rgb c) {
        for (int dy = -half; dy <= half; ++dy)
            for (int dx = -half; dx <= half; ++dx) dot(x + dx, y + dy, c);
    }
    void line(int x0, int y0, int x1, int y1, const Rgb c, int thick = 1) {
        const int steps = std::max(std::abs(x1 - x0), std::abs(y1 - y0)) + 1;
        for (int i = 0; i <= steps; ++i) {
            const int x = x0 + (x1 - x0) * i / steps, y = y0 + (y1 - y0) * i / steps;
            for (int dx = 0; dx < thick; ++dx)
                for (int dy = 0; dy < thick; ++dy) dot(x + dx, y + dy, c);
        }
    }
    /// Text at `scale` (each font pixel scale x scale), left edge x, top y. Turned upward
    /// (reading bottom to top, for a y axis title) when `up`: then (x, y) is its bottom left.
    void text(int x, int y, const std::string& s, const Rgb c, int scale = 2, bool up = false) {
        int advance = 0;
        for (char ch : s) {
            const Glyph g = glyph(ch);
            for (int row = 0; row < 5; ++row)
                for (int col = 0; col < 3; ++col) {
                    if (g.cells[row * 3 + col] != '1') continue;
                    const int along = advance + col * scale, across = (row + g.drop) * scale;
                    for (int a = 0; a < scale; ++a)
                        for (int b = 0; b < scale; ++b)
                            up ? dot(x + across + b, y - along - a, c) : dot(x + along + a, y + across + b, c);
                }
            advance += 4 * scale;
        }
    }
};

int textWidth(const std::string& s, int scale = 2) { return int(s.size()) * 4 * scale; }

std::string shortNumber(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

const Rgb kBackground = {33, 36, 43}, kAxis = {170, 170, 170}, kGrid = {60, 64, 74}, kCurve = {90, 180, 255},
          kBad = {255, 110, 110}, kTitle = {220, 220, 220}, kLabel = {150, 200, 150};

/// A finite point of the chart and the value it was measured at.
struct Point {
    double x, y, value;
    bool nonFinite;
};

/// Lowest and highest of `pick` over the points; a flat range is widened to 1.
void span(const std::vector<Point>& points, double Point::*pick, double& lo, double& hi) {
    lo = hi = 0.0;
    for (size_t k = 0; k < points.size(); ++k) {
        lo = k == 0 ? points[k].*pick : std::min(lo, points[k].*pick);
        hi = k == 0 ? points[k].*pick : std::max(hi, points[k].*pick);
    }
    if (hi <= lo) hi = lo + 1.0;
}

/// One chart in the canvas's columns [x0, x0 + width): grid, axes, each axis's range at its
/// ends, the axis titles, the points joined in order (and labelled with their value when
/// `labelValues`).
void drawChart(Canvas& c, int x0, int width, const std::vector<Point>& points, const std::string& xTitle,
               const std::string& yTitle, bool labelValues) {
    double xlo, xhi, ylo, yhi;
    span(points, &Point::x, xlo, xhi);
    span(points, &Point::y, ylo, yhi);
    const int left = x0 + 110, right = x0 + width - 24, top = 20, bottom = c.height - 70;
    for (int k = 0; k <= 4; ++k) {
        const int y = top + (bottom - top) * k / 4;
        c.line(left, y, right, y, kGrid);
        c.text(x0 + 28, y - 5, shortNumber(yhi - (yhi - ylo) * k / 4.0), kAxis);
    }
    c.line(left, top, left, bottom, kAxis, 2);
    c.line(left, bottom, right, bottom, kAxis, 2);
    c.text(left, bottom + 12, shortNumber(xlo), kAxis);
    c.text(right - textWidth(shortNumber(xhi)), bottom + 12, shortNumber(xhi), kAxis);
    c.text((left + right - textWidth(xTitle)) / 2, bottom + 40, xTitle, kTitle);
    c.text(x0 + 6, (top + bottom + textWidth(yTitle)) / 2, yTitle, kTitle, 2, true);
    // Labels on at most ~10 points, so they stay readable on long sweeps.
    const size_t labelEvery = std::max<size_t>(1, (points.size() + 9) / 10);
    int px = -1, py = -1;
    for (size_t k = 0; k < points.size(); ++k) {
        const Point& p = points[k];
        const int x = left + int((right - left) * (p.x - xlo) / (xhi - xlo));
        const int y = bottom - int((bottom - top) * (p.y - ylo) / (yhi - ylo));
        if (px >= 0) c.line(px, py, x, y, kCurve, 2);
        c.square(x, y, 3, p.nonFinite ? kBad : kCurve);
        if (labelValues && (k % labelEvery == 0 || k + 1 == points.size()))
            c.text(x + 6, y - 16, shortNumber(p.value), kLabel);
        px = x, py = y;
    }
}

std::string axisTitle(const std::string& metric) {
    const SweepMetric* m = findSweepMetric(metric);
    return metric + " (" + (m ? m->unit : "") + ")";
}

} // namespace

bool writeSweepPng(const std::string& path, const std::string& key, const std::vector<std::string>& metrics,
                   const std::vector<SweepRow>& rows) {
    // The finished rows with finite metrics, in the order of the value (a row that turned
    // non-finite but still measured finite numbers stays, marked red).
    std::vector<Point> againstValue, qualityCost;
    for (const SweepRow& r : rows) {
        if (!r.finished || r.metrics.empty()) continue;
        if (std::isfinite(r.metrics[0])) againstValue.push_back({r.value, r.metrics[0], r.value, r.nonFinite});
        if (r.metrics.size() > 1 && std::isfinite(r.metrics[0]) && std::isfinite(r.metrics[1]))
            qualityCost.push_back({r.metrics[1], r.metrics[0], r.value, r.nonFinite});
    }
    const int chartWidth = 720;
    const bool two = metrics.size() > 1;
    Canvas c(two ? 2 * chartWidth : chartWidth, 440);
    c.fill(kBackground);
    if (!metrics.empty()) drawChart(c, 0, chartWidth, againstValue, key, axisTitle(metrics[0]), false);
    if (two) drawChart(c, chartWidth, chartWidth, qualityCost, axisTitle(metrics[1]), axisTitle(metrics[0]), true);
    return stbi_write_png(path.c_str(), c.width, c.height, 3, c.rgb.data(), c.width * 3) != 0;
}

} // namespace tumble::app
