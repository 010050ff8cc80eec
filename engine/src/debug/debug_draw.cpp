// The debug-draw emitter: walks the world and reports geometry through DebugDraw.
#include "tumble/debug_draw.h"
#include "tumble/debug_legend.h"
#include "tumble/feature_names.h"

#include "tumble/world.h"

#include <cmath>
#include <cstdio>

namespace tumble {
namespace {

const glm::vec3 kRed{0.9f, 0.2f, 0.2f}, kGreen{0.2f, 0.85f, 0.2f}, kBlue{0.25f, 0.4f, 1.0f};
const glm::vec3 kYellow{1.0f, 0.85f, 0.2f}, kOrange{1.0f, 0.5f, 0.1f}, kCyan{0.2f, 0.9f, 0.9f};
const glm::vec3 kWhite{1.0f}, kGrey{0.5f}, kMagenta{0.9f, 0.3f, 0.9f};

void drawBox(DebugDraw& d, const Aabb& a, const glm::vec3& c) {
    glm::vec3 p[8];
    for (int i = 0; i < 8; ++i)
        p[i] = {(i & 1) ? a.max.x : a.min.x, (i & 2) ? a.max.y : a.min.y, (i & 4) ? a.max.z : a.min.z};
    const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                              {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    for (const auto& e : edges) d.line(p[e[0]], p[e[1]], c);
}

/// A circle in the plane of the unit vectors u and v.
void drawCircle(DebugDraw& d, const glm::vec3& center, float radius, const glm::vec3& u,
                const glm::vec3& v, const glm::vec3& c) {
    const int n = 48;
    for (int i = 0; i < n; ++i) {
        float a0 = 6.2831853f * i / n, a1 = 6.2831853f * (i + 1) / n;
        d.line(center + radius * (std::cos(a0) * u + std::sin(a0) * v),
               center + radius * (std::cos(a1) * u + std::sin(a1) * v), c);
    }
}

/// A well-spread colour per integer (golden-ratio hue steps).
glm::vec3 indexColor(int i) {
    float h = std::fmod(0.618034f * static_cast<float>(i), 1.0f) * 6.0f;
    float x = 1.0f - std::fabs(std::fmod(h, 2.0f) - 1.0f);
    glm::vec3 c = h < 1 ? glm::vec3(1, x, 0) : h < 2 ? glm::vec3(x, 1, 0) : h < 3 ? glm::vec3(0, 1, x)
                : h < 4 ? glm::vec3(0, x, 1) : h < 5 ? glm::vec3(x, 0, 1) : glm::vec3(1, 0, x);
    return 0.25f + 0.75f * c;
}

glm::vec3 depthColor(int depth) {
    float t = std::fmin(depth / 12.0f, 1.0f);
    return glm::mix(glm::vec3(0.2f, 1.0f, 0.4f), glm::vec3(0.3f, 0.3f, 1.0f), t);
}

/// The Coulomb bound a point's friction impulse had in the last step, flat in the tangent
/// plane on the impulse scale, with the friction impulse inside it. mu is mu_s while the
/// point sticks, else mu_d. Sticking, cone: |lambda_t| <= mu lambda_n, a circle; pyramid:
/// |lambda_t1|, |lambda_t2| <= mu lambda_n, a square. A sliding point (either model) is braked
/// along its own slip only (solver/friction.h), so its bound is the segment along that slip.
void drawFrictionBound(DebugDraw& d, const ContactManifoldInfo& m, const ContactPointInfo& p,
                       const ContactPointFigures& f, bool cone, float scale) {
    if (p.normalImpulse <= 0.0f) return;
    const float mu = p.sticking ? m.staticFriction : m.dynamicFriction;
    const float h = scale * mu * p.normalImpulse;
    const glm::vec3 c = p.position, t1 = m.tangent1, t2 = m.tangent2;
    // The slip direction the solver used (figures of this step; the manifold's t1 when absent).
    const glm::vec3 slip = glm::dot(f.tangent1, f.tangent1) > 0.5f ? f.tangent1 : t1;
    if (!p.sticking) {
        d.line(c - h * slip, c + h * slip, kYellow);
    } else if (cone) {
        drawCircle(d, c, h, t1, t2, kYellow);
    } else {
        const glm::vec3 corners[4] = {c + h * (t1 + t2), c + h * (t2 - t1), c - h * (t1 + t2),
                                      c + h * (t1 - t2)};
        for (int k = 0; k < 4; ++k) d.line(corners[k], corners[(k + 1) % 4], kYellow);
    }
    const glm::vec3 t = p.tangentImpulse[0] * t1 + p.tangentImpulse[1] * t2;
    if (glm::length(t) > 0.0f)
        d.arrow(c, c + scale * t, p.clamp == ClampState::FrictionLimit ? kRed : kBlue);
}

// Sideways offset of the warm-start arrow from the final normal impulse's (m, along t1).
constexpr float kWarmStartOffset = 0.03f;
// Length of the nonlinear Gauss-Seidel push-out arrow per metre of correction.
constexpr float kPositionCorrectionScale = 10.0f;

void emitContacts(const World& world, const DebugDrawOptions& o, DebugDraw& d) {
    const std::vector<ContactManifoldInfo>& contacts = world.contacts();
    const std::vector<ContactManifoldFigures>& figures = world.contactFigures();
    const bool cone = world.settings().solver.frictionModel == FrictionModel::Cone;
    for (size_t mi = 0; mi < contacts.size(); ++mi) {
        const ContactManifoldInfo& m = contacts[mi];
        // A pair asleep (kept, not solved) is greyed: its points and normals grey, the rest
        // of its figures faded three quarters of the way to grey.
        auto shade = [&m](const glm::vec3& c) { return m.sleeping ? glm::mix(c, kGrey, 0.75f) : c; };
        if (o.graphColours && mi < figures.size() && m.pointCount > 0) {
            // The constraint graph's edge, body centre to body centre, in the manifold's colour;
            // overflow (solved one by one) white, a pair asleep (not solved) grey.
            const int colour = figures[mi].colour;
            const glm::vec3 c = m.sleeping ? kGrey : colour >= 0 ? indexColor(colour) : kWhite;
            if (colour >= 0 || world.settings().solver.method == "wide") {
                d.line(world.body(m.bodyA).position, world.body(m.bodyB).position, c);
                for (int i = 0; i < m.pointCount; ++i) d.point(m.points[i].position, 9.0f, c);
            }
        }
        for (int i = 0; i < m.pointCount; ++i) {
            const ContactPointInfo& p = m.points[i];
            // The solver's figures, when the world keeps them (World::setContactFigures).
            const ContactPointFigures* f = mi < figures.size() ? &figures[mi].points[i] : nullptr;
            if (o.contacts || o.stickSlip) {
                glm::vec3 c = p.persisted ? kOrange : kYellow;
                if (o.stickSlip) c = p.clamp == ClampState::FrictionLimit ? kRed : kBlue;
                d.point(p.position, 7.0f, m.sleeping ? kGrey : c);
            }
            // The normal arrow ends at the point, coming from A's side, so it never lies over
            // the impulse arrows that start there and point along +n.
            if (o.normals) d.arrow(p.position - o.normalLength * m.normal, p.position, m.sleeping ? kGrey : kCyan);
            if (o.penetration && p.separation < 0.0f)
                d.line(p.position - 0.5f * p.separation * m.normal,
                       p.position + 0.5f * p.separation * m.normal, shade(kRed));
            if (o.featureIds) d.label(p.position, describeFeature(world, m, i), shade(kWhite));
            if (o.impulses || o.warmStart)
                d.arrow(p.position, p.position + o.impulseScale * p.normalImpulse * m.normal, shade(kGreen));
            if (o.impulses) {
                glm::vec3 t = p.tangentImpulse[0] * m.tangent1 + p.tangentImpulse[1] * m.tangent2;
                if (glm::length(t) > 0.0f) d.arrow(p.position, p.position + o.impulseScale * t, shade(kRed));
            }
            if (!f) continue;
            if (o.warmStart && f->warmStartImpulse[0] > 0.0f) {
                const glm::vec3 from = p.position + kWarmStartOffset * m.tangent1;
                d.arrow(from, from + o.impulseScale * f->warmStartImpulse[0] * m.normal, shade(kGrey));
            }
            if (o.frictionBound) drawFrictionBound(d, m, p, *f, cone, o.impulseScale);
            if (o.correction && f->correctionVelocity > 0.0f)
                d.arrow(p.position, p.position + 0.1f * f->correctionVelocity * m.normal, shade(kMagenta));
            if (o.correction && f->positionCorrection > 0.0f)
                d.arrow(p.position,
                        p.position + kPositionCorrectionScale * f->positionCorrection * m.normal,
                        shade(kMagenta));
        }
    }
}

void emitBody(const World& world, BodyId id, const DebugDrawOptions& o, DebugDraw& d) {
    const Body& b = world.body(id);
    const Settings& settings = world.settings();
    if (o.bodyAxes) {
        glm::mat3 r = glm::mat3_cast(b.orientation);
        float len = 0.5f;
        d.line(b.position, b.position + len * r[0], kRed);
        d.line(b.position, b.position + len * r[1], kGreen);
        d.line(b.position, b.position + len * r[2], kBlue);
    }
    if (o.centerOfMass) d.point(b.position, 6.0f, kYellow);
    if (o.aabbs) drawBox(d, world.bodyAabb(id), kCyan);
    if (o.islands && b.isDynamic()) {
        int island = world.islandOf(id);
        drawBox(d, world.bodyAabb(id), b.sleeping ? kGrey : indexColor(island));
    }
    if (o.velocities && b.isDynamic())
        d.arrow(b.position, b.position + 0.1f * b.linearVelocity, kMagenta);
    if (o.trajectories && b.isDynamic() && b.invMass > 0.0f &&
        glm::length(b.initialVelocity) > 0.0f && world.forceFields().empty()) {
        // The closed form x0 + v0 t + g t^2 / 2 for the body's launch state, up to now and
        // a little beyond, so the simulated body can be compared with it.
        glm::vec3 g = settings.gravity * b.gravityScale;
        double now = (world.stepCount() - b.createdAtStep) * double(settings.timestep);
        double tEnd = now + 0.5;
        const int segments = 64;
        glm::vec3 prev = b.initialPosition;
        for (int i = 1; i <= segments; ++i) {
            float t = static_cast<float>(tEnd * i / segments);
            glm::vec3 p = b.initialPosition + b.initialVelocity * t + 0.5f * g * t * t;
            // The curve stops where it enters a static body (the floor, a wall): beyond it the
            // closed form no longer describes anything the body could do.
            const glm::vec3 step = p - prev;
            const float length = glm::length(step);
            RayHit hit;
            if (length > 0.0f && world.rayCast(prev, step / length, length, hit) &&
                world.body(hit.body).type == BodyType::Static) {
                d.line(prev, hit.point, kWhite);
                break;
            }
            d.line(prev, p, kWhite);
            prev = p;
        }
    }
}

} // namespace

const std::vector<DebugDrawFlag>& debugDrawFlags() {
    static const std::vector<DebugDrawFlag> flags{
        {"contacts", &DebugDrawOptions::contacts, "Contact points: yellow when new this step, orange when matched to last step's point (warm started)."},
        {"normals", &DebugDrawOptions::normals, "Contact normals, pointing from body A to body B (A has the lower index): arrows of Normal length (0.3 m unless the scene says otherwise) that end at the point, so the impulse arrows starting there stay in view."},
        {"penetration", &DebugDrawOptions::penetration, "A red bar through each point as long as the overlap depth (m)."},
        {"featureIds", &DebugDrawOptions::featureIds, "Each point's feature id in words (A face 2 / B face 5 vertex 3: the reference face, the incident face and what of it the point is; A edge 4 x B edge 7; or a round shape's part against a face, edge or vertex): it stays the same while the same features touch, which is what warm starting keys on."},
        {"impulses", &DebugDrawOptions::impulses, "Accumulated impulses of the last step: normal (green) and friction (red), scaled by Impulse scale (m per N s)."},
        {"warmStart", &DebugDrawOptions::warmStart, "The warm-start normal impulse of the last step (grey: factor * last step's lambda_n, applied before the first iteration), 3 cm beside the final lambda_n (green), both on Impulse scale (m per N s): where grey is short of green the iterations had to make up the difference. 0 (no grey arrow) for a new point.", true},
        {"stickSlip", &DebugDrawOptions::stickSlip, "Points blue while friction holds them (sticking, |lambda_t| < mu lambda_n), red while sliding at the friction limit."},
        {"frictionBound", &DebugDrawOptions::frictionBound, "The Coulomb bound of the last step at each point, flat in the tangent plane (t1, t2) on Impulse scale (m per N s), mu = mu_s while the point sticks, else mu_d (yellow). While a point sticks, pyramid: the square |lambda_t1|, |lambda_t2| <= mu lambda_n, half-width scale * mu lambda_n; cone: the circle |lambda_t| <= mu lambda_n of radius scale * mu lambda_n. A sliding point's bound, in either model, is the segment along its own slip direction: it is braked by mu_d lambda_n against the slip and nothing across it. Inside it the friction impulse lambda_t1 t1 + lambda_t2 t2 as an arrow: blue while friction holds, red at the bound (clamp = friction limit, the point slides).", true},
        {"correction", &DebugDrawOptions::correction, "Position correction at each point (magenta). Baumgarte and split impulse: the push-out velocity, bias = ERP/dt * max(depth - slop, 0) capped at maxCorrectionVelocity, drawn as 0.1 s of travel (m/s x 0.1 s). Nonlinear Gauss-Seidel: how far the position passes pushed the surfaces apart, the sum over passes of ERP * max(depth - slop, 0) (each capped at maxCorrectionVelocity dt), drawn x 10 (1 cm of correction = a 10 cm arrow).", true},
        {"aabbs", &DebugDrawOptions::aabbs, "Tight axis-aligned bounding boxes of the shapes."},
        {"fatAabbs", &DebugDrawOptions::fatAabbs, "The broad phase's boxes: dynamic-tree nodes coloured by depth (green root to blue leaves), or the fattened boxes of the other broad phases."},
        {"broadphasePairs", &DebugDrawOptions::broadphasePairs, "A line between the centres of each candidate pair the broad phase hands to the narrow phase."},
        {"islands", &DebugDrawOptions::islands, "Each dynamic body's box in its island's colour; sleeping bodies grey."},
        {"graphColours", &DebugDrawOptions::graphColours,
         "Wide method (Solver panel): the constraint graph, a line from body centre to body centre for "
         "each touching manifold and its points, in the manifold's colour. No two manifolds of one "
         "colour share a moving body, so a colour's manifolds are solved 4 or 8 at once in SIMD lanes; "
         "white: overflow, solved one by one; grey: asleep. Other methods do not colour.", true},
        {"bodyAxes", &DebugDrawOptions::bodyAxes, "Each body's local axes: X red, Y green, Z blue."},
        {"centerOfMass", &DebugDrawOptions::centerOfMass, "A point at each body's centre of mass."},
        {"velocities", &DebugDrawOptions::velocities, "Linear velocity arrows, as long as 0.1 s of travel."},
        {"joints", &DebugDrawOptions::joints, "Joints: anchors (points), the hinge/slider/twist/universal axis (cyan) and the universal joint's arm on B (magenta), hinge limits as an arc (yellow; a spiral, 2 cm a turn, beyond one turn), a six-DOF joint's frame (x cyan, y and z grey) with its limited translations (yellow segments) and rotations (yellow arcs), a gear as a line between its wheels, the reaction force on body B as one step's impulse F dt (orange, on the Impulse scale), and the drag spring (white line)."},
        {"forceFields", &DebugDrawOptions::forceFields, "Attractor centres and their radius of influence."},
        {"trajectories", &DebugDrawOptions::trajectories, "The analytic parabola x0 + v0 t + g t^2/2 from each launched body's initial state, to compare with the integrator; it stops where it enters a static body (the floor, a wall)."},
    };
    return flags;
}

bool needsContactFigures(const DebugDrawOptions& options) {
    for (const DebugDrawFlag& f : debugDrawFlags())
        if (f.readsFigures && options.*f.member) return true;
    return false;
}

/// The range [lower, upper] (rad) about `axis` from the zero direction `ref`, as an arc of
/// radius 0.4 m at `centre`; a range beyond one turn spirals outwards (2 cm a turn) so the
/// turns of a winch's limits stay apart.
static void drawAngleRange(DebugDraw& d, const glm::vec3& centre, const glm::vec3& axis,
                           const glm::vec3& ref, float lower, float upper) {
    const glm::vec3 side = glm::cross(axis, ref);
    const float turns = (upper - lower) / 6.2831853f;
    const int n = 24 * std::max(1, static_cast<int>(std::ceil(turns)));
    glm::vec3 prev(0.0f);
    for (int i = 0; i <= n; ++i) {
        const float share = static_cast<float>(i) / n;
        const float angle = lower + (upper - lower) * share;
        const float radius = 0.4f + 0.02f * turns * share;
        const glm::vec3 p = centre + radius * (std::cos(angle) * ref + std::sin(angle) * side);
        d.line(i > 0 ? prev : centre, p, kYellow);
        prev = p;
    }
    d.line(centre, prev, kYellow);
}

/// A six-DOF joint: its frame on A (x cyan, y and z grey), each limited translation as a
/// yellow segment from lower to upper, each limited rotation as a yellow arc.
static void drawSixDof(DebugDraw& d, const JointInfo& j, const glm::quat& qA) {
    const glm::vec3 a = j.worldAnchorA;
    const glm::vec3 e[3] = {qA * j.localAxisA, qA * j.localRefA,
                            qA * glm::cross(j.localAxisA, j.localRefA)};
    for (int i = 0; i < 3; ++i) {
        d.line(a, a + 0.5f * e[i], i == 0 ? kCyan : kGrey);
        const JointAxisDef& lin = j.def.axes[i];
        if (lin.mode == JointAxisMode::Limited) d.line(a + lin.lower * e[i], a + lin.upper * e[i], kYellow);
        const JointAxisDef& ang = j.def.axes[3 + i];
        if (ang.mode == JointAxisMode::Limited)
            drawAngleRange(d, a, e[i], e[(i + 1) % 3], ang.lower, ang.upper);
    }
}

static void emitJoints(const World& world, const DebugDrawOptions& o, DebugDraw& d) {
    for (JointId id : world.jointIds()) {
        const JointInfo& j = world.joint(id);
        if (j.broken) continue;
        const glm::vec3 a = j.worldAnchorA, b = j.worldAnchorB;
        d.point(a, 6.0f, kCyan);
        d.point(b, 6.0f, kCyan);
        d.line(a, b, kWhite);
        glm::quat qA(1, 0, 0, 0);
        if (!j.def.bodyA.isNull()) qA = world.body(j.def.bodyA).orientation;
        const JointType t = j.def.type;
        if (t == JointType::Hinge || t == JointType::Slider || t == JointType::ConeTwist ||
            t == JointType::Universal) {
            glm::vec3 axis = qA * j.localAxisA;
            d.line(a - 0.5f * axis, a + 0.5f * axis, kCyan);
            if (t == JointType::Hinge && j.def.limitEnabled)
                drawAngleRange(d, a, axis, qA * j.localRefA, j.def.lowerLimit, j.def.upperLimit);
            if (t == JointType::Universal) {
                // The cross's other arm, carried by B.
                const glm::vec3 armB = world.body(j.def.bodyB).orientation * j.localAxisB;
                d.line(b - 0.5f * armB, b + 0.5f * armB, kMagenta);
            }
        }
        if (t == JointType::SixDof) drawSixDof(d, j, qA);
        // The reaction as the impulse of one step (F dt), on the same scale as contact impulses.
        glm::vec3 impulse = j.reactionForce * world.settings().timestep;
        if (glm::length(impulse) > 0.0f) d.arrow(b, b + o.impulseScale * impulse, kOrange);
    }
    if (world.isValid(world.dragBody())) {
        d.line(world.dragPoint(), world.dragTarget(), kWhite);
        d.point(world.dragTarget(), 8.0f, kWhite);
    }
}

void emitDebugDraw(const World& world, const DebugDrawOptions& o, DebugDraw& d) {
    for (BodyId id : world.bodyIds()) {
        if (world.body(id).shape.type == ShapeType::Plane) continue;
        emitBody(world, id, o, d);
    }
    emitContacts(world, o, d);
    if (o.joints) emitJoints(world, o, d);
    if (o.fatAabbs)
        world.visitBroadphase([&](const Aabb& box, int depth) {
            if (box.max.x - box.min.x < 1e5f) drawBox(d, box, depthColor(depth));
        });
    if (o.broadphasePairs)
        for (const auto& [a, b] : world.broadphasePairs())
            d.line(world.body(a).position, world.body(b).position, kGrey);
    if (o.forceFields) {
        for (const ForceField& f : world.forceFields()) {
            d.point(f.position, 10.0f, kYellow);
            d.label(f.position, "attractor", kYellow);
            if (f.radius < 50.0f)
                drawCircle(d, f.position, f.radius, glm::vec3(1, 0, 0), glm::vec3(0, 0, 1),
                           kYellow * 0.6f);
        }
    }
}

const std::vector<DebugLegendEntry>& debugLegend() {
    static const std::vector<DebugLegendEntry> entries = {
        {"contacts", kYellow, "new contact point"},
        {"contacts", kOrange, "point warm started from last step"},
        {"contacts", kGrey, "point of a pair asleep (kept, not solved); its normal grey too"},
        {"normals", kCyan, "contact normal, A to B (ending at the point)"},
        {"penetration", kRed, "overlap depth"},
        {"featureIds", kWhite, "feature id"},
        {"impulses", kGreen, "normal impulse lambda_n"},
        {"impulses", kRed, "friction impulse lambda_t"},
        {"warmStart", kGrey, "warm-start impulse (beside the final one)"},
        {"stickSlip", kBlue, "point sticking"},
        {"stickSlip", kRed, "point sliding"},
        {"frictionBound", kYellow, "Coulomb bound mu lambda_n"},
        {"frictionBound", kBlue, "friction impulse, held"},
        {"frictionBound", kRed, "friction impulse at the bound"},
        {"correction", kMagenta, "position correction"},
        {"aabbs", kCyan, "bounding box"},
        {"fatAabbs", kGreen, "broad-phase tree: root"},
        {"fatAabbs", kBlue, "broad-phase tree: leaves"},
        {"broadphasePairs", kGrey, "candidate pair"},
        {"islands", kGrey, "sleeping island (awake ones: a colour each)"},
        {"graphColours", kWhite, "overflow manifold (coloured ones: a colour each)"},
        {"graphColours", kGrey, "manifold asleep (not solved, not coloured)"},
        {"bodyAxes", kRed, "body X"},
        {"bodyAxes", kGreen, "body Y"},
        {"bodyAxes", kBlue, "body Z"},
        {"centerOfMass", kYellow, "centre of mass"},
        {"velocities", kMagenta, "velocity, 0.1 s of travel"},
        {"joints", kCyan, "joint anchors and axis"},
        {"joints", kYellow, "hinge limits"},
        {"joints", kOrange, "reaction on body B, F dt"},
        {"joints", kWhite, "drag spring"},
        {"forceFields", kYellow, "attractor"},
        {"trajectories", kWhite, "analytic parabola (to the first static body)"},
    };
    return entries;
}

} // namespace tumble
