// Feature ids in words (tumble/feature_names.h); the layout is feature_id.h's.
#include "tumble/feature_names.h"

#include "collision/feature_id.h"
#include "tumble/world.h"

namespace tumble {
namespace {

std::string number(uint32_t field, uint32_t bits) { return std::to_string(field & ((1u << bits) - 1u)); }

/// A face contact: the reference face on one body, the incident face on the other, and what
/// of the incident face the clipped point is.
std::string faceContact(uint32_t id) {
    const bool onA = feature::kindOf(id) == feature::FaceOfA;
    const std::string ref = onA ? "A" : "B", inc = onA ? "B" : "A";
    const uint32_t refFace = (id >> 21) & 511u, incFace = (id >> 12) & 511u;
    const uint32_t clip = (id >> 10) & 3u, i1 = (id >> 5) & 31u, i2 = id & 31u;
    std::string text = ref + " face " + std::to_string(refFace) + " / " + inc + " face " + std::to_string(incFace);
    switch (clip) {
    case feature::IncidentVertex: return text + " vertex " + std::to_string(i1);
    case feature::IncidentEdgeSide: return text + " edge " + std::to_string(i1) + " cut by side " + std::to_string(i2);
    case feature::ReferenceCorner:
        return text + ", corner of " + ref + "'s sides " + std::to_string(i1) + " and " + std::to_string(i2);
    default: return text;
    }
}

/// A sphere, capsule or plane against a polyhedron feature (or against each other).
std::string roundContact(uint32_t id) {
    const uint32_t poly = (id >> 28) & 3u, a = (id >> 16) & 0xFFFu, b = (id >> 4) & 0xFFFu, code = id & 15u;
    std::string text;
    switch (poly) {
    case feature::OnFace: text = "face " + std::to_string(a); break;
    case feature::OnEdge: text = "edge " + std::to_string(a) + "-" + std::to_string(b); break;
    case feature::OnVertex: text = "vertex " + std::to_string(a); break;
    default: text = "round"; break;
    }
    // The general convex path's single points (collide_convex.cpp): a and b are the two
    // shapes' feature indices there.
    if (poly == feature::OnNothing && code >= 13) {
        const std::string fa = std::to_string(a), fb = std::to_string(b);
        if (code == 13) return "closest point of A feature " + fa + " / B feature " + fb;
        return code == 14 ? "A point " + fa + " / B feature " + fb : "A feature " + fb + " / B point " + fa;
    }
    static const char* const kParts[] = {"end 0", "end 1", "middle"};
    const std::string part = code < 3 ? kParts[code] : "part " + std::to_string(code);
    return text + " / " + part;
}

} // namespace

std::string describeFeature(uint32_t featureId) {
    switch (feature::kindOf(featureId)) {
    case feature::FaceOfA:
    case feature::FaceOfB: return faceContact(featureId);
    case feature::EdgeEdge:
        return "A edge " + number(featureId >> 15, 15) + " x B edge " + number(featureId, 15);
    case feature::Round: return roundContact(featureId);
    }
    return "?";
}

std::string describePart(const World& world, BodyId body, uint32_t part) {
    if (!world.isValid(body) || partCount(world.body(body).shape) <= 1) return "";
    const bool triangles = world.body(body).shape.type != ShapeType::Compound;
    return (triangles ? "triangle " : "child ") + std::to_string(part);
}

std::string describeFeature(const World& world, const ContactManifoldInfo& m, int point) {
    const std::string a = describePart(world, m.bodyA, m.childA), b = describePart(world, m.bodyB, m.childB);
    std::string parts;
    if (!a.empty()) parts = "A " + a;
    if (!b.empty()) parts += (parts.empty() ? "B " : ", B ") + b;
    const std::string features = describeFeature(m.points[point].featureId);
    return parts.empty() ? features : parts + ": " + features;
}

} // namespace tumble
