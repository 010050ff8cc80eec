// The general convex path: any two of sphere, box, capsule, hull and cylinder (the table uses
// it for every pair with a cylinder; the older pairs keep their faster special cases).
//
// 1. The normal. GJK/EPA (epa.h) on slightly rounded cores: a box or cylinder is shrunk by a
//    skin s and given radius s, so resting contacts, which overlap by a few millimetres, stay
//    apart in the cores and GJK's exact distance gives the normal; only deeper overlaps need
//    EPA. Rounding only moves the surface near edges and corners, inward, by at most
//    (sqrt 3 - 1) s, so the early out allows for it.
// 2. The points. Each shape presents its feature facing the other along the normal
//    (supporting_feature.h): a face, an edge or a point. A face (the reference, the one more
//    aligned with the normal) clips the other feature against its side planes, which contain
//    the normal (Sutherland-Hodgman), and each clipped point is paired with the point of the
//    reference plane straight along the normal: separation = how far apart they are along it.
//    Two edges give their closest points, or, when parallel, the ends of their overlap. A
//    single point is projected along the normal onto the other feature.
#include "collision/collide_functions.h"
#include "collision/contact_candidate.h"
#include "collision/convex_contact.h"
#include "collision/feature_id.h"
#include "collision/segment.h"
#include "collision/supporting_feature.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace tumble {
namespace {

constexpr float kSkin = 0.02f; ///< m, the rounding of box and cylinder cores
constexpr int kMaxCandidates = 2 * SupportingFeature::kMaxPoints + 4;
/// m: a reference face's side planes are pushed out by this much, so an incident corner lying
/// on a side (two equal cylinders stacked, a cube on an equal cube) stays in whatever rounding
/// does, instead of flickering in and out.
constexpr float kClipSlack = 1e-4f;
/// m: points this close to the deepest count as equally deep (see writeSteadyManifold).
constexpr float kDepthTie = 5e-4f;
/// cos 2 degrees: a face this close to the normal GJK found gives the normal instead.
constexpr float kSnapCos = 0.99939f;

struct ClipPoint {
    glm::vec3 p;
    uint32_t id; // feature::clipPoint
};

// Keeps the part of polygon (or, with count 2, segment) `in` on the inner side of the plane
// dot(n, x) <= offset. Side plane k cuts incident edges into IncidentEdgeSide points.
int clipToPlane(const ClipPoint* in, int count, const glm::vec3& n, float offset, uint32_t side, ClipPoint* out) {
    auto depth = [&](const glm::vec3& p) { return glm::dot(n, p) - offset; };
    auto cut = [&](const ClipPoint& a, const ClipPoint& b, uint32_t edge) {
        const float da = depth(a.p), db = depth(b.p);
        return ClipPoint{a.p + (da / (da - db)) * (b.p - a.p), feature::clipPoint(feature::IncidentEdgeSide, edge, side)};
    };
    int n_out = 0;
    if (count == 2) { // a segment: no closing edge
        const bool in0 = depth(in[0].p) <= 0.0f, in1 = depth(in[1].p) <= 0.0f;
        if (in0) out[n_out++] = in[0];
        if (in0 != in1) out[n_out++] = cut(in[0], in[1], 0);
        if (in1) out[n_out++] = in[1];
        return n_out;
    }
    for (int i = 0; i < count; ++i) {
        const ClipPoint& s = in[(i + count - 1) % count];
        const ClipPoint& e = in[i];
        const bool sIn = depth(s.p) <= 0.0f, eIn = depth(e.p) <= 0.0f;
        if (sIn != eIn) out[n_out++] = cut(s, e, uint32_t((i + count - 1) % count));
        if (eIn) out[n_out++] = e;
    }
    return n_out;
}

struct Pairing {
    const SupportingFeature* ref;
    const SupportingFeature* inc;
    bool refIsA;
};

// The incident feature clipped to the reference face or edge, each point paired with the
// reference plane's point along the normal n (A to B). Returns the candidates written.
int clipFeatures(const Pairing& pr, const glm::vec3& n, float margin, ContactCandidate* out) {
    const SupportingFeature& ref = *pr.ref;
    const SupportingFeature& inc = *pr.inc;
    ClipPoint bufA[kMaxCandidates], bufB[kMaxCandidates];
    int count = inc.count;
    for (int i = 0; i < count; ++i) bufA[i] = {inc.points[i], feature::clipPoint(feature::IncidentVertex, uint32_t(i), 0)};
    ClipPoint* cur = bufA;
    ClipPoint* next = bufB;
    auto clip = [&](const glm::vec3& sideNormal, const glm::vec3& onPlane, uint32_t side) {
        count = clipToPlane(cur, count, sideNormal, glm::dot(sideNormal, onPlane), side, next);
        std::swap(cur, next);
    };
    if (ref.count >= 3) {
        glm::vec3 centre(0.0f);
        for (int i = 0; i < ref.count; ++i) centre += ref.points[i];
        centre /= float(ref.count);
        for (int i = 0; i < ref.count && count > 0; ++i) {
            const glm::vec3 p0 = ref.points[i], p1 = ref.points[(i + 1) % ref.count];
            glm::vec3 side = glm::cross(p1 - p0, n);
            const float length = glm::length(side);
            if (!(length > 1e-9f)) continue;
            side /= length;
            if (glm::dot(side, centre - p0) > 0.0f) side = -side;
            clip(side, p0 + kClipSlack * side, uint32_t(i));
        }
    } else {
        glm::vec3 along = ref.points[1] - ref.points[0];
        along -= glm::dot(along, n) * n;
        const glm::vec3 slack = kClipSlack * glm::normalize(along);
        clip(-along, ref.points[0] - slack, 0);
        clip(along, ref.points[1] + slack, 1);
    }
    const float facing = glm::dot(n, ref.normal);
    if (!(std::fabs(facing) > 0.1f)) return 0;
    const feature::Kind owner = pr.refIsA ? feature::FaceOfA : feature::FaceOfB;
    int written = 0;
    for (int i = 0; i < count; ++i) {
        const glm::vec3 p = cur[i].p;
        const glm::vec3 q = p + (glm::dot(ref.points[0] - p, ref.normal) / facing) * n;
        const glm::vec3 pA = pr.refIsA ? q : p, pB = pr.refIsA ? p : q;
        const float separation = glm::dot(pB - pA, n);
        if (separation >= margin) continue;
        out[written++] = {pA, pB, separation, feature::face(owner, ref.index, inc.index, cur[i].id)};
    }
    return written;
}

// Two edges: their closest points when they cross, the ends of their overlap when parallel.
int edgeEdge(const SupportingFeature& fa, const SupportingFeature& fb, const glm::vec3& n, float margin,
             ContactCandidate* out) {
    const glm::vec3 uA = glm::normalize(fa.points[1] - fa.points[0]);
    const glm::vec3 uB = glm::normalize(fb.points[1] - fb.points[0]);
    if (glm::length(glm::cross(uA, uB)) <= kFeatureSin) return clipFeatures({&fa, &fb, true}, n, margin, out);
    float s = 0.0f, t = 0.0f;
    closestParametersOfSegments(fa.points[0], fa.points[1], fb.points[0], fb.points[1], s, t);
    const glm::vec3 pA = fa.points[0] + s * (fa.points[1] - fa.points[0]);
    const glm::vec3 pB = fb.points[0] + t * (fb.points[1] - fb.points[0]);
    const float separation = glm::dot(pB - pA, n);
    if (separation >= margin) return 0;
    out[0] = {pA, pB, separation, feature::edgeEdge(fa.index, fb.index)};
    return 1;
}

// One point against a feature: the point and where the line through it along n meets the
// feature's plane.
int pointFeature(const SupportingFeature& point, const SupportingFeature& other, bool pointIsA,
                 const glm::vec3& n, float margin, ContactCandidate* out) {
    const glm::vec3 p = point.points[0];
    glm::vec3 q = other.points[0];
    const float facing = glm::dot(n, other.normal);
    if (other.count >= 2 && std::fabs(facing) > 0.1f) q = p + (glm::dot(other.points[0] - p, other.normal) / facing) * n;
    const glm::vec3 pA = pointIsA ? p : q, pB = pointIsA ? q : p;
    const float separation = glm::dot(pB - pA, n);
    if (separation >= margin) return 0;
    out[0] = {pA, pB, separation, feature::round(feature::OnNothing, point.index, other.index, pointIsA ? 14u : 15u)};
    return 1;
}

// writeManifold, except that the first point kept is the lowest-numbered of those within
// kDepthTie of the deepest. A face resting flat gives many equally deep points (a cylinder's
// end, sixteen), and if rounding noise chose among them, the kept points and their feature
// ids, and with them warm starting, would change every step. Numbering follows the features,
// which are fixed in the bodies, so the choice is too.
void writeSteadyManifold(const ContactCandidate* candidates, int count, const glm::vec3& n,
                         const Transform& xa, const Transform& xb, Manifold& out) {
    if (count <= Manifold::kMaxPoints) return writeManifold(candidates, count, n, Frame(), xa, xb, out);
    float deepest = candidates[0].separation;
    for (int i = 1; i < count; ++i) deepest = std::min(deepest, candidates[i].separation);
    ContactCandidate ranked[kMaxCandidates];
    std::copy(candidates, candidates + count, ranked);
    for (int i = 0; i < count; ++i)
        if (ranked[i].separation <= deepest + kDepthTie) {
            ranked[i].separation = deepest - 1.0f; // the reduction's first pick, uniquely
            break;
        }
    int keep[Manifold::kMaxPoints];
    const int kept = reduceCandidates(ranked, count, n, keep);
    ContactCandidate chosen[Manifold::kMaxPoints];
    for (int k = 0; k < kept; ++k) chosen[k] = candidates[keep[k]];
    writeManifold(chosen, kept, n, Frame(), xa, xb, out);
}

} // namespace

float convexSkin(const Shape& s) {
    if (s.type == ShapeType::Box || s.type == ShapeType::Cylinder) return std::min(kSkin, 0.25f * shapeInnerRadius(s));
    return 0.0f;
}

ConvexProxy roundedProxy(const Shape& s) {
    const float skin = convexSkin(s);
    ConvexProxy p = makeConvexProxy(s, skin);
    p.radius += skin;
    return p;
}

bool snapNormal(const SupportingFeature& fa, const SupportingFeature& fb, glm::vec3& n) {
    auto rank = [](const SupportingFeature& f) { return f.count >= 3 ? 2 : (f.count == 2 ? 1 : 0); };
    const float alignA = glm::dot(fa.normal, n), alignB = -glm::dot(fb.normal, n);
    const int rankA = rank(fa), rankB = rank(fb);
    if (rankA == 0 && rankB == 0) return false;
    const bool useA = rankA > rankB || (rankA == rankB && alignA >= alignB);
    const float align = useA ? alignA : alignB;
    if (align < kSnapCos) return false;
    n = useA ? fa.normal : -fb.normal;
    return true;
}

void collideConvex(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                   float margin, Manifold& out) {
    const SignedDistance q = signedDistance(roundedProxy(a), xa, roundedProxy(b), xb);
    if (q.separation - 0.75f * (convexSkin(a) + convexSkin(b)) >= margin) return;
    glm::vec3 n = q.normal;
    SupportingFeature fa = supportingFeature(a, xa, n);
    SupportingFeature fb = supportingFeature(b, xb, -n);
    // GJK stops once its bounds meet to a millionth of the shapes' size, so against a large
    // face its normal can lean by 1e-4 rad: enough to roll a resting cylinder away. A face
    // (or, failing one, a side line) nearly along the normal is exact: take its normal, and
    // the features again along it.
    if (snapNormal(fa, fb, n)) {
        fa = supportingFeature(a, xa, n);
        fb = supportingFeature(b, xb, -n);
    }
    featureManifold(fa, fb, n, margin, &q, xa, xb, out);
}

void featureManifold(const SupportingFeature& fa, const SupportingFeature& fb, const glm::vec3& n,
                     float margin, const SignedDistance* fallback, const Transform& xa,
                     const Transform& xb, Manifold& out) {
    ContactCandidate candidates[kMaxCandidates];
    int count = 0;
    if (fa.count == 1) count = pointFeature(fa, fb, true, n, margin, candidates);
    else if (fb.count == 1) count = pointFeature(fb, fa, false, n, margin, candidates);
    else if (fa.count == 2 && fb.count == 2) count = edgeEdge(fa, fb, n, margin, candidates);
    else {
        // The reference is a face: the one more aligned with the normal when both are, and
        // of two equally aligned the one with fewer corners (a box face rather than a
        // cylinder's end), whose slackened sides then cut nothing of the other.
        const float alignA = std::fabs(glm::dot(fa.normal, n)), alignB = std::fabs(glm::dot(fb.normal, n));
        const bool tie = std::fabs(alignA - alignB) <= 1e-4f;
        const bool refIsA = fb.count < 3 || (fa.count >= 3 && (tie ? fa.count <= fb.count : alignA > alignB));
        count = clipFeatures(refIsA ? Pairing{&fa, &fb, true} : Pairing{&fb, &fa, false}, n, margin, candidates);
    }
    if (count == 0 && fallback && fallback->separation < margin) {
        // The features' projections miss each other (an edge of the face meets the other
        // shape): the rounded query's own points serve.
        const SignedDistance& q = *fallback;
        candidates[count++] = {q.pointA, q.pointB, q.separation, feature::round(feature::OnNothing, fa.index, fb.index, 13u)};
    }
    writeSteadyManifold(candidates, count, n, xa, xb, out);
}

void collideCylinderPlane(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                          float margin, Manifold& out) {
    const glm::vec3 n = xb.q * b.normal; // out of the plane's solid side
    const float offset = b.offset + glm::dot(n, xb.p);
    const SupportingFeature f = supportingFeature(a, xa, -n);
    ContactCandidate candidates[SupportingFeature::kMaxPoints];
    int count = 0;
    for (int i = 0; i < f.count; ++i) {
        const glm::vec3 p = f.points[i];
        const float separation = glm::dot(n, p) - offset;
        if (separation >= margin) continue;
        candidates[count++] = {p, p - separation * n, separation,
                               feature::face(feature::FaceOfB, 0, f.index, feature::clipPoint(feature::IncidentVertex, uint32_t(i), 0))};
    }
    writeSteadyManifold(candidates, count, -n, xa, xb, out);
}

} // namespace tumble
