#pragma once
// Four floats in one register, for the hot loops of the solver and the contact cache: the four
// points of a manifold side by side, or a 3-vector with a zero fourth lane. These are GCC/Clang
// vector extensions: +, - and * (also by a scalar, which is broadcast) are one SSE or NEON
// instruction each, applied lane by lane with the rounding of the scalar operation, and
// v[i] reads lane i.
#include <glm/vec3.hpp>

namespace tumble {

using float4 = float __attribute__((vector_size(16)));

inline float4 toFloat4(const glm::vec3& v) { return float4{v.x, v.y, v.z, 0.0f}; }
inline glm::vec3 toVec3(float4 v) { return glm::vec3(v[0], v[1], v[2]); }

/// Lanes picked from a (indices 0..3) and b (4..7).
template <int I0, int I1, int I2, int I3> inline float4 shuffle(float4 a, float4 b) {
#if defined(__clang__)
    return __builtin_shufflevector(a, b, I0, I1, I2, I3);
#else
    using Indices = int __attribute__((vector_size(16)));
    return __builtin_shuffle(a, b, Indices{I0, I1, I2, I3});
#endif
}

/// A 3-vector per lane, component by component (one float4 per component).
struct LaneVectors {
    float4 x{}, y{}, z{};
};

/// Lane i of a LaneVectors as a vector.
inline glm::vec3 laneVector(const LaneVectors& v, int i) { return {v.x[i], v.y[i], v.z[i]}; }

/// Lanes of four 0/-1 ints: a float4 comparison's result, and what picks lanes (m ? a : b).
using int4 = int __attribute__((vector_size(16)));

/// The lanes below `count` (of a manifold's points, those it has).
inline int4 presentLanes(int count) {
    return int4{0, 1, 2, 3} < count;
}

} // namespace tumble
