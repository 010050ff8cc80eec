#pragma once
// Wall-clock timing of step stages into Profile fields (milliseconds). A timer adds to its
// field, so a stage run once per sub-step sums up; World::step zeroes the profile first.
// Timing never feeds back into the simulation, so it cannot break determinism.
#include <chrono>

namespace tumble {

class ScopedTimer {
public:
    explicit ScopedTimer(float& outMs) : out_(outMs), start_(std::chrono::steady_clock::now()) {}
    ~ScopedTimer() {
        auto end = std::chrono::steady_clock::now();
        out_ += std::chrono::duration<float, std::milli>(end - start_).count();
    }
    ScopedTimer(const ScopedTimer&) = delete;
    ScopedTimer& operator=(const ScopedTimer&) = delete;

private:
    float& out_;
    std::chrono::steady_clock::time_point start_;
};

} // namespace tumble
