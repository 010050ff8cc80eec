// glReadPixels to PNG. Debian's libstb already holds stb_image_write's implementation.
#include "window/screenshot.h"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace tumble::app {

bool saveScreenshot(const std::string& path, int width, int height, std::string& error) {
    return saveScreenshotRegion(path, width, height, 0, 0, width, height, error);
}

bool saveScreenshotRegion(const std::string& path, int fbWidth, int fbHeight, int x, int y, int width, int height,
                          std::string& error) {
    const int x0 = std::clamp(x, 0, fbWidth), y0 = std::clamp(y, 0, fbHeight);
    width = std::clamp(x + width, 0, fbWidth) - x0;
    height = std::clamp(y + height, 0, fbHeight) - y0;
    if (width <= 0 || height <= 0) {
        error = "empty framebuffer";
        return false;
    }
    const size_t rowBytes = static_cast<size_t>(width) * 3;
    std::vector<uint8_t> pixels(rowBytes * static_cast<size_t>(height));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    // GL counts rows from the bottom.
    glReadPixels(x0, fbHeight - y0 - height, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    // GL's rows start at the bottom; PNG's at the top.
    std::vector<uint8_t> row(rowBytes);
    for (int y = 0; y < height / 2; ++y) {
        uint8_t* top = pixels.data() + static_cast<size_t>(y) * rowBytes;
        uint8_t* bottom = pixels.data() + static_cast<size_t>(height - 1 - y) * rowBytes;
        std::memcpy(row.data(), top, rowBytes);
        std::memcpy(top, bottom, rowBytes);
        std::memcpy(bottom, row.data(), rowBytes);
    }
    if (stbi_write_png(path.c_str(), width, height, 3, pixels.data(), static_cast<int>(rowBytes)) == 0) {
        error = "cannot write " + path;
        return false;
    }
    return true;
}

} // namespace tumble::app
