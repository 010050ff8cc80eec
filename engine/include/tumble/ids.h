#pragma once
/// \file ids.h
/// Handles the app holds. Inside the engine, bodies are dense indices; outside, a handle
/// carries a generation so a handle to a destroyed body is caught, never dereferenced.
#include <cstdint>

namespace tumble {

/// A handle to a body: slot index plus the slot's generation when the handle was made.
struct BodyId {
    uint32_t index = UINT32_MAX;     ///< slot in the world's body array
    uint32_t generation = 0;         ///< bumped every time the slot is freed
    bool isNull() const { return index == UINT32_MAX; }
    friend bool operator==(BodyId a, BodyId b) = default;
};

inline constexpr BodyId kNullBody{};

} // namespace tumble
