// libFuzzer entry: tumble::fuzz::bugReport (tests/fuzz/fuzz_inputs.h). A broken promise aborts, so
// libFuzzer keeps the input as a crash.
#include "fuzz_inputs.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string broken = tumble::fuzz::bugReport({reinterpret_cast<const char*>(data), size});
    if (!broken.empty()) {
        std::fprintf(stderr, "fuzz_bug_report: %s\n", broken.c_str());
        std::abort();
    }
    return 0;
}
