#pragma once
// GLM <-> Bullet for the peer: vectors, quaternions (GLM stores w first, Bullet last) and
// poses. Bullet is built in float on Debian, like Tumble's state.
#include <LinearMath/btQuaternion.h>
#include <LinearMath/btTransform.h>
#include <LinearMath/btVector3.h>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace tumble::peer {

inline btVector3 toBt(const glm::vec3& v) { return btVector3(v.x, v.y, v.z); }
inline btQuaternion toBt(const glm::quat& q) { return btQuaternion(q.x, q.y, q.z, q.w); }
inline glm::vec3 toGlm(const btVector3& v) { return glm::vec3(v.x(), v.y(), v.z()); }
inline glm::quat toGlm(const btQuaternion& q) { return glm::quat(q.w(), q.x(), q.y(), q.z()); }

/// A frame from a rotation and an origin, both in GLM.
inline btTransform frame(const glm::quat& rotation, const glm::vec3& origin) {
    return btTransform(toBt(rotation), toBt(origin));
}

} // namespace tumble::peer
