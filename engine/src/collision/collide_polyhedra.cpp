// Box-box, box-hull and hull-hull: one separating-axis routine for every pair of polyhedra.
//
// 1. Query the face axes of A, the face axes of B and the edge-edge axes (sat.h); any axis
//    separating by the margin or more ends the test: no contact.
// 2. Pick the axis: a face unless an edge pair is clearly better, A's face unless B's is
//    clearly better (tolerances in sat.h), so the choice is stable for resting contacts.
// 3. Face axis: that face is the reference face; the incident face is the other shape's face
//    most anti-parallel to it; clip, keep points within the margin, reduce to four (clip.cpp).
//    Edge axis: one point between the closest points of the two edges.
#include "collision/clip.h"
#include "collision/collide_functions.h"
#include "collision/feature_id.h"
#include "collision/sat.h"
#include "collision/segment.h"

#include <algorithm>

namespace tumble {

namespace {

void edgeContact(const Polyhedron& a, const Polyhedron& b, const Frame& bInA,
                 const EdgeQuery& query, ContactCandidate& out) {
    PolyEdge ea = a.edge(query.edgeA), eb = b.edge(query.edgeB);
    glm::vec3 a0 = a.vertices[ea.v0], a1 = a.vertices[ea.v1];
    glm::vec3 b0 = bInA.apply(b.vertices[eb.v0]), b1 = bInA.apply(b.vertices[eb.v1]);
    float s, t;
    closestParametersOfSegments(a0, a1, b0, b1, s, t);
    out.pA = a0 + s * (a1 - a0);
    out.pB = b0 + t * (b1 - b0);
    out.separation = query.separation;
    out.id =
        feature::edgeEdge(static_cast<uint32_t>(query.edgeA), static_cast<uint32_t>(query.edgeB));
}

void collidePolyhedra(const Polyhedron& a, const Transform& xa, const Polyhedron& b,
                      const Transform& xb, float margin, Manifold& out) {
    Frame fa(xa), fb(xb);
    Frame bInA = relativeFrame(fa, fb);
    FaceQuery faceA = queryFaceAxes(a, b, bInA, margin);
    if (faceA.separation >= margin) return;
    Frame aInB = inverseFrame(bInA);
    FaceQuery faceB = queryFaceAxes(b, a, aInB, margin);
    if (faceB.separation >= margin) return;
    EdgeQuery edge = queryEdgeAxes(a, b, bInA, margin);
    if (edge.separation >= margin) return;

    bool useEdge = edge.edgeA >= 0 &&
                   clearlyGreater(edge.separation, std::max(faceA.separation, faceB.separation));
    if (!useEdge) {
        ContactCandidate candidates[kMaxClipPoints];
        int count = 0;
        if (clearlyGreater(faceB.separation, faceA.separation)) {
            // B's face is the reference; work in B's frame. B's normal points at A, so the
            // normal from A to B is its opposite.
            glm::vec3 n = b.normal(faceB.face);
            int incident = findIncidentFace(a, bInA.R * n);
            count = clipFaces(b, faceB.face, a, incident, aInB, margin, false, candidates,
                              kMaxClipPoints);
            if (count > 0) writeManifold(candidates, count, -n, fb, xa, xb, out);
        } else {
            glm::vec3 n = a.normal(faceA.face);
            int incident = findIncidentFace(b, n * bInA.R);
            count = clipFaces(a, faceA.face, b, incident, bInA, margin, true, candidates,
                              kMaxClipPoints);
            if (count > 0) writeManifold(candidates, count, n, fa, xa, xb, out);
        }
        // A face preferred over a nearly equal edge axis can clip to nothing when the shapes
        // really touch edge on edge; the edge contact is then the answer.
        if (count > 0 || edge.edgeA < 0) return;
    }
    ContactCandidate c;
    edgeContact(a, b, bInA, edge, c);
    writeManifold(&c, 1, edge.normal, fa, xa, xb, out);
}

} // namespace

void collideBoxes(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                  float margin, Manifold& out) {
    BoxCorners ca, cb;
    collidePolyhedra(makeBoxPolyhedron(a.halfExtents, ca), xa, makeBoxPolyhedron(b.halfExtents, cb),
                     xb, margin, out);
}

void collideBoxHull(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                    float margin, Manifold& out) {
    if (!b.hull) return;
    BoxCorners ca;
    collidePolyhedra(makeBoxPolyhedron(a.halfExtents, ca), xa, makeHullPolyhedron(*b.hull), xb,
                     margin, out);
}

void collideHulls(const Shape& a, const Transform& xa, const Shape& b, const Transform& xb,
                  float margin, Manifold& out) {
    if (!a.hull || !b.hull) return;
    collidePolyhedra(makeHullPolyhedron(*a.hull), xa, makeHullPolyhedron(*b.hull), xb, margin, out);
}

} // namespace tumble
