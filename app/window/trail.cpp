// The selected body's trail and onion skin (window/trail.h). The poses come from
// tumble::recordedPath, which reads one body's pose from each packed step without unpacking
// the rest of it, so a build costs a few hundred 28-byte copies however busy the scene is.
#include "window/trail.h"

#include <algorithm>
#include <cmath>

namespace tumble::app {
namespace {

/// Points of the path on each side of the step shown: a long span at a small dt is thinned
/// to this many, more than a polyline on screen needs to look smooth.
constexpr uint64_t kMaxPathPoints = 300;
/// Ghosts of the onion skin over the whole span: beyond this they hide each other and the
/// scene, so a small k over a long span is thinned.
constexpr uint64_t kMaxGhosts = 40;
/// The past path in the selection's warm highlight; the future one dimmer, as it is what
/// the recording holds but the world has not reached.
const glm::vec3 kPastColor{1.0f, 0.78f, 0.25f};
const glm::vec3 kFutureColor{0.45f, 0.38f, 0.22f};

uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/// The poses from step `from` to step `to` (both recorded), every `stride` steps in between,
/// with both ends kept so the trail runs right up to the body.
std::vector<RecordedPose> pathBetween(const Recorder& recorder, uint32_t ordinal, uint64_t from,
                                      uint64_t to, uint64_t stride) {
    from = std::max(from, recorder.epochStart(to)); // an ordinal names `to`'s bodies only
    std::vector<RecordedPose> path = recordedPath(recorder, ordinal, from, to, stride);
    RecordedPose end;
    if ((path.empty() || path.front().step != from) &&
        recorder.poseAt(from, ordinal, end.position, end.orientation)) {
        end.step = from;
        path.insert(path.begin(), end);
    }
    if ((path.empty() || path.back().step != to) && recorder.poseAt(to, ordinal, end.position, end.orientation)) {
        end.step = to;
        path.push_back(end);
    }
    return path;
}

} // namespace

void updateTrail(App& app) {
    TrailCache& c = app.trailCache;
    const TrailOptions& o = app.trail;
    const bool on = (o.show || o.onionEvery > 0) && !app.selected.isNull() &&
                    app.world.isValid(app.selected) && !app.recorder.empty() &&
                    app.world.body(app.selected).type != BodyType::Static; // a static body stays put
    if (!on) {
        if (c.built) c = TrailCache{};
        return;
    }
    const float dt = app.world.settings().timestep;
    const uint64_t spanSteps =
        dt > 0.0f ? static_cast<uint64_t>(std::ceil(std::max(o.seconds, 0.0f) / dt)) : 0;
    const uint64_t shown = app.world.stepCount();
    const Recorder& r = app.recorder;
    if (c.built && c.body == app.selected && c.sceneGeneration == app.sceneGeneration &&
        c.bodyCount == app.world.bodyCount() && c.shown == shown && c.first == r.firstStep() &&
        c.last == r.lastStep() && c.spanSteps == spanSteps && c.onionEvery == o.onionEvery)
        return;

    c = TrailCache{};
    c.built = true;
    c.body = app.selected;
    c.sceneGeneration = app.sceneGeneration;
    c.bodyCount = app.world.bodyCount();
    c.shown = shown;
    c.first = r.firstStep();
    c.last = r.lastStep();
    c.spanSteps = spanSteps;
    c.onionEvery = o.onionEvery;
    if (!r.contains(shown)) return; // the world left the recording: nothing to draw around it

    const std::vector<BodyId> ids = app.world.bodyIds();
    const uint32_t ordinal =
        static_cast<uint32_t>(std::find(ids.begin(), ids.end(), app.selected) - ids.begin());
    const uint64_t from = std::max(r.firstStep(), shown > spanSteps ? shown - spanSteps : 0);
    const uint64_t to = std::min(r.lastStep(), shown + spanSteps);
    const uint64_t stride = std::max<uint64_t>(1, ceilDiv(spanSteps, kMaxPathPoints));
    c.past = pathBetween(r, ordinal, from, shown, stride);
    if (to > shown) c.future = pathBetween(r, ordinal, shown, to, stride);
    if (o.onionEvery > 0) {
        c.onionStride = std::max(static_cast<uint64_t>(o.onionEvery), ceilDiv(to - from + 1, kMaxGhosts));
        c.onion = recordedPath(r, ordinal, from, to, c.onionStride);
        // The body itself stands at the step shown; a ghost there would only dull it.
        std::erase_if(c.onion, [shown](const RecordedPose& p) { return p.step == shown; });
    }
}

void emitTrail(const App& app, DebugDraw& draw) {
    const TrailCache& c = app.trailCache;
    if (!c.built) return;
    if (app.trail.show) {
        for (size_t i = 1; i < c.past.size(); ++i)
            draw.line(c.past[i - 1].position, c.past[i].position, kPastColor);
        for (size_t i = 1; i < c.future.size(); ++i)
            draw.line(c.future[i - 1].position, c.future[i].position, kFutureColor);
    }
    for (const RecordedPose& p : c.onion)
        draw.point(p.position, 5.0f, p.step < c.shown ? kPastColor : kFutureColor);
}

std::vector<BodyVisual> onionVisuals(const App& app, bool future) {
    std::vector<BodyVisual> visuals;
    const TrailCache& c = app.trailCache;
    if (c.onion.empty() || !app.world.isValid(app.selected)) return visuals;
    const Body& b = app.world.body(app.selected);
    const std::vector<Material>& materials = app.world.materials();
    BodyVisual v;
    v.shape = &b.shape;
    v.type = b.type;
    if (b.material >= 0 && b.material < static_cast<int>(materials.size()))
        v.color = materials[static_cast<size_t>(b.material)].color;
    for (const RecordedPose& p : c.onion) {
        if ((p.step > c.shown) != future) continue;
        v.position = p.position;
        v.orientation = p.orientation;
        visuals.push_back(v);
    }
    return visuals;
}

} // namespace tumble::app
