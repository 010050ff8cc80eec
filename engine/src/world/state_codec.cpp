// Packing a WorldState into bytes and back (the recorder's format). Floats are copied as
// their bits, so nothing is rounded. Sizes (packedSize): 24 bytes of header and 8 of counts;
// per body 113; per cached pair 9, plus 73 when its shapes touch and 50 per contact point;
// per joint 101 + 4 per row; 4 of count and 16 per sensor overlap.
#include "world/state_codec.h"

#include <cassert>
#include <cstring>
#include <type_traits>

namespace tumble {
namespace {

/// Writes into storage sized beforehand (packedSize), so a step's record is one allocation.
class Writer {
public:
    explicit Writer(std::byte* out) : out_(out) {}
    template <class T> void put(const T& value) {
        static_assert(std::is_trivially_copyable_v<T>);
        std::memcpy(out_, &value, sizeof(T));
        out_ += sizeof(T);
    }
    const std::byte* end() const { return out_; }

private:
    std::byte* out_;
};

constexpr size_t kHeaderBytes = 8 + 8 + 4 + 4;
constexpr size_t kBodyBytes = 12 + 16 + 12 + 12 + 12 + 16 + 4 + 4 + 1 + 24;
constexpr size_t kPairBytes = 4 + 4 + 1;
// A touching pair: its two parts, normal and friction basis, pair values, local normals, asleep.
constexpr size_t kTouchingBytes = 8 + 36 + 12 + 24 + 1;
constexpr size_t kPointBytes = 12 + 4 + 4 + 24 + 4 + 8 + 4 + 1 + 1 + 12;
constexpr size_t kJointBytes = 6 * 12 + 16 + 4 + 4 + 1 + 4;
constexpr size_t kOverlapBytes = 4 + 4 + 4 + 4;

size_t packedSize(const WorldState& st, std::span<const ContactManifoldInfo> contacts) {
    size_t n = kHeaderBytes + st.bodies.size() * kBodyBytes + 4 + contacts.size() * kPairBytes + 4;
    for (const ContactManifoldInfo& m : contacts)
        if (m.pointCount > 0) n += kTouchingBytes + static_cast<size_t>(m.pointCount) * kPointBytes;
    for (const JointState& j : st.joints) n += kJointBytes + 4 * j.impulses.size();
    return n + 4 + st.sensorOverlaps.size() * kOverlapBytes;
}

class Reader {
public:
    explicit Reader(std::span<const std::byte> in) : in_(in) {}
    template <class T> bool get(T& value) {
        static_assert(std::is_trivially_copyable_v<T>);
        if (in_.size() - at_ < sizeof(T)) return false;
        std::memcpy(&value, in_.data() + at_, sizeof(T));
        at_ += sizeof(T);
        return true;
    }
    bool done() const { return at_ == in_.size(); }

private:
    std::span<const std::byte> in_;
    size_t at_ = 0;
};

/// Slot indices pass through unchanged (state.contacts already holds ordinals).
struct Identity {
    uint32_t operator[](uint32_t i) const { return i; }
};

template <class OrdinalMap>
void pack(const WorldState& st, std::span<const ContactManifoldInfo> contacts,
          const OrdinalMap& ordinal, std::vector<std::byte>& out) {
    out.resize(packedSize(st, contacts));
    Writer w(out.data());
    w.put(st.step);
    w.put(st.time);
    w.put(st.lastDt);
    w.put(static_cast<uint32_t>(st.bodies.size()));
    for (const BodyState& b : st.bodies) {
        w.put(b.position);
        w.put(b.orientation);
        w.put(b.linearVelocity);
        w.put(b.angularVelocity);
        w.put(b.previousPosition);
        w.put(b.previousOrientation);
        w.put(b.sleepTime);
        w.put(b.sleepIsland);
        w.put(static_cast<uint8_t>((b.sleeping ? 1 : 0) | (b.hasProxy ? 2 : 0)));
        w.put(b.proxyTight.min);
        w.put(b.proxyTight.max);
    }
    w.put(static_cast<uint32_t>(contacts.size()));
    for (const ContactManifoldInfo& m : contacts) {
        w.put(ordinal[m.bodyA.index]);
        w.put(ordinal[m.bodyB.index]);
        w.put(static_cast<uint8_t>(m.pointCount));
        // Pairs in the cache whose shapes do not touch carry nothing else.
        if (m.pointCount == 0) continue;
        w.put(m.childA);
        w.put(m.childB);
        w.put(m.normal);
        w.put(m.tangent1);
        w.put(m.tangent2);
        w.put(m.localNormalA);
        w.put(m.localNormalB);
        w.put(m.staticFriction);
        w.put(m.dynamicFriction);
        w.put(m.restitution);
        w.put(static_cast<uint8_t>(m.sleeping ? 1 : 0));
        for (int k = 0; k < m.pointCount; ++k) {
            const ContactPointInfo& p = m.points[k];
            w.put(p.position);
            w.put(p.separation);
            w.put(p.featureId);
            w.put(p.localAnchorA);
            w.put(p.localAnchorB);
            w.put(p.normalImpulse);
            w.put(p.tangentImpulse);
            w.put(p.approachVelocity);
            w.put(static_cast<uint8_t>(p.landing ? 1 : 0));
            w.put(static_cast<uint8_t>(p.clamp));
            w.put(p.drift);
        }
    }
    w.put(static_cast<uint32_t>(st.joints.size()));
    for (const JointState& j : st.joints) {
        w.put(j.localAnchorA);
        w.put(j.localAnchorB);
        w.put(j.localAxisA);
        w.put(j.localAxisB);
        w.put(j.localRefA);
        w.put(j.localRefB);
        w.put(j.relativeRotation);
        w.put(j.length);
        w.put(j.angle);
        w.put(static_cast<uint8_t>(j.broken ? 1 : 0));
        w.put(static_cast<uint32_t>(j.impulses.size()));
        for (float x : j.impulses) w.put(x);
    }
    // Already ordinals: captureState maps them (the recorder's contacts come by slot).
    w.put(static_cast<uint32_t>(st.sensorOverlaps.size()));
    for (const PairTouch& t : st.sensorOverlaps) {
        w.put(t.bodyA.index);
        w.put(t.bodyB.index);
        w.put(t.pointCount);
        w.put(t.deepest);
    }
    assert(w.end() == out.data() + out.size());
}

} // namespace

void packState(const WorldState& st, std::vector<std::byte>& out) {
    pack(st, st.contacts, Identity{}, out);
}

void packState(const WorldState& st, std::span<const ContactManifoldInfo> contacts,
               std::span<const uint32_t> ordinalOfSlot, std::vector<std::byte>& out) {
    pack(st, contacts, ordinalOfSlot, out);
}

bool unpackState(std::span<const std::byte> bytes, WorldState& st) {
    Reader r(bytes);
    st = WorldState{};
    uint32_t count = 0;
    if (!r.get(st.step) || !r.get(st.time) || !r.get(st.lastDt) || !r.get(count)) return false;
    // Every count is checked against the bytes left before anything is allocated.
    if (count > bytes.size()) return false;
    st.bodies.resize(count);
    for (BodyState& b : st.bodies) {
        uint8_t bits = 0;
        if (!r.get(b.position) || !r.get(b.orientation) || !r.get(b.linearVelocity) ||
            !r.get(b.angularVelocity) || !r.get(b.previousPosition) ||
            !r.get(b.previousOrientation) || !r.get(b.sleepTime) || !r.get(b.sleepIsland) ||
            !r.get(bits) || !r.get(b.proxyTight.min) || !r.get(b.proxyTight.max))
            return false;
        b.sleeping = (bits & 1) != 0;
        b.hasProxy = (bits & 2) != 0;
    }
    if (!r.get(count) || count > bytes.size()) return false;
    st.contacts.resize(count);
    for (ContactManifoldInfo& m : st.contacts) {
        uint8_t points = 0;
        if (!r.get(m.bodyA.index) || !r.get(m.bodyB.index) || !r.get(points) || points > 4)
            return false;
        m.bodyA.generation = m.bodyB.generation = 0;
        m.pointCount = points;
        if (points == 0) continue;
        if (!r.get(m.childA) || !r.get(m.childB) || !r.get(m.normal) || !r.get(m.tangent1) || !r.get(m.tangent2) ||
            !r.get(m.localNormalA) || !r.get(m.localNormalB) || !r.get(m.staticFriction) || !r.get(m.dynamicFriction) || !r.get(m.restitution))
            return false;
        uint8_t asleep = 0;
        if (!r.get(asleep)) return false;
        m.sleeping = asleep != 0;
        for (int k = 0; k < m.pointCount; ++k) {
            ContactPointInfo& p = m.points[k];
            uint8_t landing = 0, clamp = 0;
            if (!r.get(p.position) || !r.get(p.separation) || !r.get(p.featureId) ||
                !r.get(p.localAnchorA) || !r.get(p.localAnchorB) || !r.get(p.normalImpulse) || !r.get(p.tangentImpulse) ||
                !r.get(p.approachVelocity) || !r.get(landing) || !r.get(clamp) ||
                clamp > static_cast<uint8_t>(ClampState::FrictionLimit) || !r.get(p.drift))
                return false;
            p.landing = landing != 0;
            p.clamp = static_cast<ClampState>(clamp);
        }
    }
    if (!r.get(count) || count > bytes.size()) return false;
    st.joints.resize(count);
    for (JointState& j : st.joints) {
        uint8_t broken = 0;
        uint32_t rows = 0;
        if (!r.get(j.localAnchorA) || !r.get(j.localAnchorB) || !r.get(j.localAxisA) ||
            !r.get(j.localAxisB) || !r.get(j.localRefA) || !r.get(j.localRefB) ||
            !r.get(j.relativeRotation) || !r.get(j.length) || !r.get(j.angle) || !r.get(broken) || !r.get(rows) ||
            rows > bytes.size())
            return false;
        j.broken = broken != 0;
        j.impulses.resize(rows);
        for (float& x : j.impulses)
            if (!r.get(x)) return false;
    }
    if (!r.get(count) || count > bytes.size()) return false;
    st.sensorOverlaps.resize(count);
    for (PairTouch& t : st.sensorOverlaps)
        if (!r.get(t.bodyA.index) || !r.get(t.bodyB.index) || !r.get(t.pointCount) || !r.get(t.deepest))
            return false;
    return r.done();
}

bool unpackBodyPose(std::span<const std::byte> bytes, uint32_t ordinal, glm::vec3& position,
                    glm::quat& orientation) {
    // The header ends with the body count; body records follow it, position first, then
    // orientation (the order unpackState reads them in).
    constexpr size_t kCountAt = 8 + 8 + 4;
    uint32_t count = 0;
    if (bytes.size() < kHeaderBytes) return false;
    std::memcpy(&count, bytes.data() + kCountAt, sizeof(count));
    if (ordinal >= count) return false;
    const size_t at = kHeaderBytes + static_cast<size_t>(ordinal) * kBodyBytes;
    if (bytes.size() < at + sizeof(position) + sizeof(orientation)) return false;
    std::memcpy(&position, bytes.data() + at, sizeof(position));
    std::memcpy(&orientation, bytes.data() + at + sizeof(position), sizeof(orientation));
    return true;
}

} // namespace tumble
