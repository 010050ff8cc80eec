// Settings and debug-draw options <-> the scene file's `settings` / `debugDraw` sections,
// and `--set KEY=VALUE` overrides through the same validator.
#include "scene/settings_json.h"

#include "tumble/input_checks.h"
#include "tumble/solver_methods.h"

#include <cstdio>
#include <cstdlib>

namespace tumble {
namespace scene {
namespace {

// Valid ranges, one place (shared/SCENE_FORMAT.md and settings.h document them).
// The step's bounds are settings.h's, as floats, so clampSettings agrees with the reader.
const Range kTimestep = Range::closed(kMinTimestep, kMaxTimestep);
const Range kPositive = Range::above(0.0);
const Range kNonNegative = Range::atLeast(0.0);
const Range kUnit = Range::closed(0.0, 1.0);
const Range kRelaxation = Range::open(0.0, 2.0);

/// A field that reads a float into `target` when valid.
Field floatField(std::string_view key, Checker& check, float& target,
                 const Range& range = Range::any()) {
    return {key, [&check, &target, range](const Json& v, const std::string& p) {
                readFloat(v, p, check, target, range);
            }};
}

Field boolField(std::string_view key, Checker& check, bool& target) {
    return {key, [&check, &target](const Json& v, const std::string& p) {
                readBool(v, p, check, target);
            }};
}

Field intField(std::string_view key, Checker& check, int& target, const Range& range) {
    return {key, [&check, &target, range](const Json& v, const std::string& p) {
                readInt(v, p, check, target, range);
            }};
}

template <class Enum> Field enumField(std::string_view key, Checker& check, Enum& target) {
    return {key, [&check, &target](const Json& v, const std::string& p) {
                readEnum(v, p, check, target);
            }};
}

void readSleep(const Json& v, const std::string& path, Checker& check, SleepSettings& s) {
    const Field fields[] = {
        boolField("enabled", check, s.enabled),
        floatField("timeToSleep", check, s.timeToSleep, kNonNegative),
        floatField("linearThreshold", check, s.linearThreshold, kNonNegative),
        floatField("angularThreshold", check, s.angularThreshold, kNonNegative),
    };
    readObject(v, path, check, fields);
}

void readWatchdog(const Json& v, const std::string& path, Checker& check, WatchdogSettings& s) {
    const Field fields[] = {
        boolField("enabled", check, s.enabled),
        floatField("maxSpeed", check, s.maxSpeed, kNonNegative),
        floatField("maxPenetration", check, s.maxPenetration, kNonNegative),
        floatField("maxEnergyGain", check, s.maxEnergyGain, kNonNegative),
    };
    readObject(v, path, check, fields);
}

// The box bodies live in: each corner's coordinates in [-1e6, 1e6] m, max above min on
// every axis (checked once both corners are read, against the corner the file did not give).
void readWorldBounds(const Json& v, const std::string& path, Checker& check, WorldBounds& b) {
    const Range coordinate = Range::closed(-1e6, 1e6);
    WorldBounds read = b;
    const size_t errorsBefore = check.count();
    const Field fields[] = {
        boolField("enabled", check, read.enabled),
        {"min", [&](const Json& j, const std::string& p) { readVec3(j, p, check, read.min, coordinate); }},
        {"max", [&](const Json& j, const std::string& p) { readVec3(j, p, check, read.max, coordinate); }},
    };
    if (!readObject(v, path, check, fields) || check.count() != errorsBefore) return;
    for (int i = 0; i < 3; ++i)
        if (!(read.max[i] > read.min[i])) {
            check.error(childPath(path, "max"),
                        std::string("must be above min on every axis (m), got ") + "xyz"[i] + " " +
                            formatNumber(read.max[i]) + " <= " + formatNumber(read.min[i]));
            return;
        }
    b = read;
}

// The method's name must be a row of the solver table (solver_methods.h).
void readMethod(const Json& v, const std::string& path, Checker& check, std::string& out) {
    if (!v.is_string() || !findSolverMethod(v.get_ref<const std::string&>())) {
        check.error(path, "must be one of " + solverMethodChoices() + "; got " + describe(v));
        return;
    }
    out = v.get_ref<const std::string&>();
}

void readSolver(const Json& v, const std::string& path, Checker& check, SolverSettings& s,
                int maxIterations) {
    const Range iterations = Range::closed(0.0, maxIterations);
    const Field fields[] = {
        {"method", [&check, &s](const Json& j, const std::string& p) { readMethod(j, p, check, s.method); }},
        intField("velocityIterations", check, s.velocityIterations, iterations),
        intField("positionIterations", check, s.positionIterations, iterations),
        floatField("tolerance", check, s.tolerance, Range::closed(0.0, 100.0)),
        boolField("warmStarting", check, s.warmStarting),
        floatField("warmStartFactor", check, s.warmStartFactor, kUnit),
        enumField("positionCorrection", check, s.positionCorrection),
        floatField("erp", check, s.erp, kUnit),
        floatField("slop", check, s.slop, kNonNegative),
        floatField("maxCorrectionVelocity", check, s.maxCorrectionVelocity, kNonNegative),
        floatField("restitutionThreshold", check, s.restitutionThreshold, kNonNegative),
        floatField("relaxation", check, s.relaxation, kRelaxation),
        enumField("frictionModel", check, s.frictionModel),
        boolField("shockPropagation", check, s.shockPropagation),
        floatField("frictionAnchorRate", check, s.frictionAnchorRate, kUnit),
        floatField("cfm", check, s.cfm, kUnit),
        floatField("overRelaxation", check, s.overRelaxation, kRelaxation),
        {"seed", [&check, &s](const Json& j, const std::string& p) {
             int seed = static_cast<int>(s.seed);
             if (readInt(j, p, check, seed, Range::closed(0.0, 2147483647.0))) s.seed = static_cast<uint32_t>(seed);
         }},
        intField("exactMaxRows", check, s.exactMaxRows, Range::closed(1.0, 20000.0)),
        intField("substeps", check, s.substeps, Range::closed(1.0, 64.0)),
        intField("relaxIterations", check, s.relaxIterations, Range::closed(0.0, 50.0)),
        {"simdLanes", [&check, &s](const Json& j, const std::string& p) {
             int lanes = s.simdLanes;
             if (!readInt(j, p, check, lanes, Range::closed(0.0, 8.0))) return;
             if (lanes == 0 || lanes == 4 || lanes == 8)
                 s.simdLanes = lanes;
             else
                 check.error(p, "must be 0 (the widest the CPU runs), 4 (SSE2) or 8 (AVX2); got " +
                                    std::to_string(lanes));
         }},
        intField("islandBatchRows", check, s.islandBatchRows, Range::closed(0.0, 1000000.0)),
        floatField("contactHertz", check, s.contactHertz, Range::closed(0.1, 1000.0)),
        floatField("contactDampingRatio", check, s.contactDampingRatio, Range::closed(0.0, 100.0)),
        floatField("jointHertz", check, s.jointHertz, Range::closed(0.1, 1000.0)),
        floatField("jointDampingRatio", check, s.jointDampingRatio, Range::closed(0.0, 100.0)),
        floatField("compliance", check, s.compliance, kUnit),
    };
    readObject(v, path, check, fields);
}

nlohmann::json vec3ToJson(const glm::vec3& v) {
    return nlohmann::json::array({tidyFloat(v.x), tidyFloat(v.y), tidyFloat(v.z)});
}

} // namespace

double tidyFloat(float x) {
    if (!std::isfinite(x)) return static_cast<double>(x);
    char buffer[32];
    for (int digits = 6; digits < 9; ++digits) {
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, static_cast<double>(x));
        double candidate = std::strtod(buffer, nullptr);
        if (static_cast<float>(candidate) == x) return candidate;
    }
    std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(x)); // always round-trips
    return std::strtod(buffer, nullptr);
}

void readSettings(const Json& v, const std::string& path, Checker& check, Settings& out,
                  int maxIterations) {
    Settings s = out;
    size_t errorsBefore = check.count();
    const Field fields[] = {
        {"gravity", [&](const Json& g, const std::string& p) { readVec3(g, p, check, s.gravity); }},
        floatField("timestep", check, s.timestep, kTimestep),
        floatField("maxFrameTime", check, s.maxFrameTime, kPositive),
        enumField("integrator", check, s.integrator),
        enumField("gyroscopic", check, s.gyroscopic),
        enumField("broadphase", check, s.broadphase),
        floatField("contactMargin", check, s.contactMargin, kNonNegative),
        intField("contactReuseSteps", check, s.contactReuseSteps, Range::closed(1.0, 64.0)),
        floatField("contactReuseSlide", check, s.contactReuseSlide, kNonNegative),
        enumField("frictionCombine", check, s.frictionCombine),
        enumField("restitutionCombine", check, s.restitutionCombine),
        enumField("rollingCombine", check, s.rollingCombine),
        {"worldBounds", [&](const Json& j, const std::string& p) { readWorldBounds(j, p, check, s.worldBounds); }},
        {"sleep", [&](const Json& j, const std::string& p) { readSleep(j, p, check, s.sleep); }},
        {"watchdog", [&](const Json& j, const std::string& p) { readWatchdog(j, p, check, s.watchdog); }},
        {"solver",
         [&](const Json& j, const std::string& p) {
             readSolver(j, p, check, s.solver, maxIterations);
         }},
        intField("threads", check, s.threads, Range::closed(0.0, 64.0)),
    };
    readObject(v, path, check, fields);
    if (check.count() == errorsBefore) out = s;
}

void readDebugDraw(const Json& v, const std::string& path, Checker& check,
                   DebugDrawOptions& out) {
    DebugDrawOptions o = out;
    size_t errorsBefore = check.count();
    // The keys are the flags' names (debug_draw.h: one list for the reader, the writer and
    // the Debug draw panel), plus the arrow scale and the normals' length.
    std::vector<Field> fields;
    for (const DebugDrawFlag& flag : debugDrawFlags())
        fields.push_back(boolField(flag.name, check, o.*flag.member));
    fields.push_back(floatField("impulseScale", check, o.impulseScale, kPositive));
    fields.push_back(floatField("normalLength", check, o.normalLength, kPositive));
    readObject(v, path, check, fields);
    if (check.count() == errorsBefore) out = o;
}

} // namespace scene

// --- public face --------------------------------------------------------------------------

nlohmann::json settingsToJson(const Settings& s) {
    using scene::tidyFloat;
    const SleepSettings& sl = s.sleep;
    const SolverSettings& so = s.solver;
    return {
        {"gravity", scene::vec3ToJson(s.gravity)},
        {"timestep", tidyFloat(s.timestep)},
        {"maxFrameTime", tidyFloat(s.maxFrameTime)},
        {"integrator", toString(s.integrator)},
        {"gyroscopic", toString(s.gyroscopic)},
        {"broadphase", toString(s.broadphase)},
        {"contactMargin", tidyFloat(s.contactMargin)},
        {"contactReuseSteps", s.contactReuseSteps},
        {"contactReuseSlide", tidyFloat(s.contactReuseSlide)},
        {"frictionCombine", toString(s.frictionCombine)},
        {"restitutionCombine", toString(s.restitutionCombine)},
        {"rollingCombine", toString(s.rollingCombine)},
        {"worldBounds",
         {{"enabled", s.worldBounds.enabled},
          {"min", scene::vec3ToJson(s.worldBounds.min)},
          {"max", scene::vec3ToJson(s.worldBounds.max)}}},
        {"sleep",
         {{"enabled", sl.enabled},
          {"timeToSleep", tidyFloat(sl.timeToSleep)},
          {"linearThreshold", tidyFloat(sl.linearThreshold)},
          {"angularThreshold", tidyFloat(sl.angularThreshold)}}},
        {"solver",
         {{"method", so.method},
          {"velocityIterations", so.velocityIterations},
          {"positionIterations", so.positionIterations},
          {"tolerance", tidyFloat(so.tolerance)},
          {"warmStarting", so.warmStarting},
          {"warmStartFactor", tidyFloat(so.warmStartFactor)},
          {"positionCorrection", toString(so.positionCorrection)},
          {"erp", tidyFloat(so.erp)},
          {"slop", tidyFloat(so.slop)},
          {"maxCorrectionVelocity", tidyFloat(so.maxCorrectionVelocity)},
          {"restitutionThreshold", tidyFloat(so.restitutionThreshold)},
          {"relaxation", tidyFloat(so.relaxation)},
          {"frictionModel", toString(so.frictionModel)},
          {"shockPropagation", so.shockPropagation},
          {"frictionAnchorRate", tidyFloat(so.frictionAnchorRate)},
          {"cfm", tidyFloat(so.cfm)},
          {"overRelaxation", tidyFloat(so.overRelaxation)},
          {"seed", so.seed},
          {"exactMaxRows", so.exactMaxRows},
          {"substeps", so.substeps},
          {"relaxIterations", so.relaxIterations},
          {"simdLanes", so.simdLanes},
          {"islandBatchRows", so.islandBatchRows},
          {"contactHertz", tidyFloat(so.contactHertz)},
          {"contactDampingRatio", tidyFloat(so.contactDampingRatio)},
          {"jointHertz", tidyFloat(so.jointHertz)},
          {"jointDampingRatio", tidyFloat(so.jointDampingRatio)},
          {"compliance", tidyFloat(so.compliance)}}},
        {"watchdog",
         {{"enabled", s.watchdog.enabled},
          {"maxSpeed", tidyFloat(s.watchdog.maxSpeed)},
          {"maxPenetration", tidyFloat(s.watchdog.maxPenetration)},
          {"maxEnergyGain", tidyFloat(s.watchdog.maxEnergyGain)}}},
        {"threads", s.threads},
    };
}

void settingsFromJson(const nlohmann::json& j, Settings& out, const std::string& file,
                      const std::string& pathPrefix, std::vector<SceneError>& errors) {
    scene::Checker check(file, errors);
    scene::readSettings(scene::Json(j), pathPrefix, check, out);
    check.finish();
}

nlohmann::json debugDrawToJson(const DebugDrawOptions& o) {
    nlohmann::json j = nlohmann::json::object();
    for (const DebugDrawFlag& flag : debugDrawFlags()) j[flag.name] = o.*flag.member;
    j["impulseScale"] = scene::tidyFloat(o.impulseScale);
    j["normalLength"] = scene::tidyFloat(o.normalLength);
    return j;
}

std::string applySettingOverride(Settings& s, const std::string& assignment) {
    size_t equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0)
        return "expected KEY=VALUE (e.g. solver.velocityIterations=4), got '" + assignment + "'";
    std::string key = assignment.substr(0, equals);
    std::string text = assignment.substr(equals + 1);

    // VALUE is JSON when it parses (numbers, booleans, arrays), else a bare string, so that
    // `integrator=explicitEuler` needs no quotes.
    if (std::string problem = jsonNestingProblem(text); !problem.empty()) return "VALUE: " + problem;
    nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
    if (value.is_discarded()) value = text;

    // "a.b.c" -> {"a": {"b": {"c": value}}}
    std::vector<std::string> parts;
    for (size_t start = 0;;) {
        size_t dot = key.find('.', start);
        parts.push_back(key.substr(start, dot - start));
        if (parts.back().empty()) return "'" + key + "' is not a settings key path";
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    nlohmann::json object = std::move(value);
    for (auto it = parts.rbegin(); it != parts.rend(); ++it)
        object = nlohmann::json::object({{*it, std::move(object)}});

    std::vector<SceneError> errors;
    Settings candidate = s;
    settingsFromJson(object, candidate, "", "", errors);
    if (errors.empty()) {
        s = candidate;
        return "";
    }
    std::string message;
    for (const SceneError& e : errors) message += (message.empty() ? "" : "; ") + e.format();
    return message;
}

} // namespace tumble
