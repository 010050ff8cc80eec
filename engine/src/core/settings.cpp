// Names of the Settings enums as scene files spell them, and the clamp every edit goes through.
#include "tumble/settings.h"
#include "tumble/solver_methods.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace tumble {
namespace {

// One table per enum: the single place a name is spelled.
template <class Enum, size_t N> using NameTable = std::array<std::pair<Enum, std::string_view>, N>;

constexpr NameTable<Integrator, 3> kIntegratorNames{{
    {Integrator::ExplicitEuler, "explicitEuler"},
    {Integrator::SymplecticEuler, "symplecticEuler"},
    {Integrator::VelocityVerlet, "velocityVerlet"},
}};
constexpr NameTable<Gyroscopic, 3> kGyroscopicNames{{
    {Gyroscopic::None, "none"},
    {Gyroscopic::Explicit, "explicit"},
    {Gyroscopic::Implicit, "implicit"},
}};
constexpr NameTable<BroadphaseType, 3> kBroadphaseNames{{
    {BroadphaseType::BruteForce, "bruteForce"},
    {BroadphaseType::SortAndSweep, "sortAndSweep"},
    {BroadphaseType::DynamicTree, "dynamicTree"},
}};
constexpr NameTable<CombineRule, 6> kCombineNames{{
    {CombineRule::GeometricMean, "geometricMean"},
    {CombineRule::Pythagorean, "pythagorean"},
    {CombineRule::Average, "average"},
    {CombineRule::Min, "min"},
    {CombineRule::Max, "max"},
    {CombineRule::Multiply, "multiply"},
}};
constexpr NameTable<PositionCorrection, 4> kCorrectionNames{{
    {PositionCorrection::None, "none"},
    {PositionCorrection::Baumgarte, "baumgarte"},
    {PositionCorrection::SplitImpulse, "splitImpulse"},
    {PositionCorrection::NonlinearGaussSeidel, "nonlinearGaussSeidel"},
}};
constexpr NameTable<FrictionModel, 2> kFrictionModelNames{{
    {FrictionModel::Pyramid, "pyramid"},
    {FrictionModel::Cone, "cone"},
}};

template <class Enum> constexpr const auto& table();
template <> constexpr const auto& table<Integrator>() { return kIntegratorNames; }
template <> constexpr const auto& table<Gyroscopic>() { return kGyroscopicNames; }
template <> constexpr const auto& table<BroadphaseType>() { return kBroadphaseNames; }
template <> constexpr const auto& table<CombineRule>() { return kCombineNames; }
template <> constexpr const auto& table<PositionCorrection>() { return kCorrectionNames; }
template <> constexpr const auto& table<FrictionModel>() { return kFrictionModelNames; }

template <class Enum> std::string_view nameOf(Enum v) {
    for (const auto& [value, name] : table<Enum>())
        if (value == v) return name;
    return "?";
}

bool clampFloat(float& v, float lo, float hi) {
    float c = std::isfinite(v) ? std::clamp(v, lo, hi) : lo;
    bool changed = c != v;
    v = c;
    return changed;
}

bool clampInt(int& v, int lo, int hi) {
    int c = std::clamp(v, lo, hi);
    bool changed = c != v;
    v = c;
    return changed;
}

} // namespace

std::string_view toString(Integrator v) { return nameOf(v); }
std::string_view toString(Gyroscopic v) { return nameOf(v); }
std::string_view toString(BroadphaseType v) { return nameOf(v); }
std::string_view toString(CombineRule v) { return nameOf(v); }
std::string_view toString(PositionCorrection v) { return nameOf(v); }
std::string_view toString(FrictionModel v) { return nameOf(v); }

template <class Enum> std::optional<Enum> enumFromString(std::string_view name) {
    for (const auto& [value, n] : table<Enum>())
        if (n == name) return value;
    return std::nullopt;
}

template <class Enum> std::string enumChoices() {
    std::string out;
    for (const auto& [value, n] : table<Enum>()) {
        if (!out.empty()) out += ", ";
        out += n;
    }
    return out;
}

#define TUMBLE_INSTANTIATE_ENUM(E)                                                                 \
    template std::optional<E> enumFromString<E>(std::string_view);                                 \
    template std::string enumChoices<E>();
TUMBLE_INSTANTIATE_ENUM(Integrator)
TUMBLE_INSTANTIATE_ENUM(Gyroscopic)
TUMBLE_INSTANTIATE_ENUM(BroadphaseType)
TUMBLE_INSTANTIATE_ENUM(CombineRule)
TUMBLE_INSTANTIATE_ENUM(PositionCorrection)
TUMBLE_INSTANTIATE_ENUM(FrictionModel)
#undef TUMBLE_INSTANTIATE_ENUM

bool sameSimulation(const Settings& a, const Settings& b) {
    Settings threadsAsA = b;
    threadsAsA.threads = a.threads;
    return a == threadsAsA;
}

bool clampSettings(Settings& s) {
    bool changed = false;
    for (int i = 0; i < 3; ++i) changed |= clampFloat(s.gravity[i], -1000.0f, 1000.0f);
    changed |= clampFloat(s.timestep, kMinTimestep, kMaxTimestep);
    changed |= clampFloat(s.maxFrameTime, s.timestep, 10.0f);
    changed |= clampFloat(s.contactMargin, 0.0f, 1.0f);
    changed |= clampInt(s.contactReuseSteps, 1, 64);
    changed |= clampInt(s.threads, 0, 64);
    changed |= clampFloat(s.contactReuseSlide, 0.0f, 1.0f);
    for (int i = 0; i < 3; ++i) {
        changed |= clampFloat(s.worldBounds.min[i], -1e6f, 1e6f);
        changed |= clampFloat(s.worldBounds.max[i], -1e6f, 1e6f);
        // The box keeps at least 1 mm on every axis: the upper corner gives way.
        if (!(s.worldBounds.max[i] >= s.worldBounds.min[i] + 0.001f)) {
            s.worldBounds.max[i] = std::min(s.worldBounds.min[i] + 0.001f, 1e6f);
            s.worldBounds.min[i] = s.worldBounds.max[i] - 0.001f;
            changed = true;
        }
    }
    changed |= clampFloat(s.sleep.timeToSleep, 0.0f, 1000.0f);
    changed |= clampFloat(s.sleep.linearThreshold, 0.0f, 1000.0f);
    changed |= clampFloat(s.sleep.angularThreshold, 0.0f, 1000.0f);
    SolverSettings& v = s.solver;
    changed |= clampInt(v.velocityIterations, 0, 200);
    changed |= clampInt(v.positionIterations, 0, 200);
    changed |= clampFloat(v.tolerance, 0.0f, 100.0f);
    changed |= clampFloat(v.warmStartFactor, 0.0f, 1.0f);
    changed |= clampFloat(v.erp, 0.0f, 1.0f);
    changed |= clampFloat(v.slop, 0.0f, 1.0f);
    changed |= clampFloat(v.maxCorrectionVelocity, 0.0f, 1000.0f);
    changed |= clampFloat(v.restitutionThreshold, 0.0f, 1000.0f);
    changed |= clampFloat(v.relaxation, 0.01f, 1.99f);
    changed |= clampFloat(v.frictionAnchorRate, 0.0f, 1.0f);
    if (!findSolverMethod(v.method)) {
        v.method = std::string(solverMethods().front().name);
        changed = true;
    }
    changed |= clampFloat(v.cfm, 0.0f, 1.0f);
    changed |= clampFloat(v.overRelaxation, 0.01f, 1.99f);
    changed |= clampInt(v.exactMaxRows, 1, 20000);
    changed |= clampInt(v.substeps, 1, 64);
    changed |= clampInt(v.relaxIterations, 0, 50);
    if (v.simdLanes != 0 && v.simdLanes != 4 && v.simdLanes != 8) {
        v.simdLanes = 0;
        changed = true;
    }
    changed |= clampInt(v.islandBatchRows, 0, 1000000);
    changed |= clampFloat(v.contactHertz, 0.1f, 1000.0f);
    changed |= clampFloat(v.contactDampingRatio, 0.0f, 100.0f);
    changed |= clampFloat(v.jointHertz, 0.1f, 1000.0f);
    changed |= clampFloat(v.jointDampingRatio, 0.0f, 100.0f);
    changed |= clampFloat(v.compliance, 0.0f, 1.0f);
    changed |= clampFloat(s.watchdog.maxSpeed, 0.0f, 1e6f);
    changed |= clampFloat(s.watchdog.maxPenetration, 0.0f, 1e6f);
    changed |= clampFloat(s.watchdog.maxEnergyGain, 0.0f, 1e6f);
    return changed;
}

} // namespace tumble
