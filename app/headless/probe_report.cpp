// The solver probe as JSON and CSV (probe_report.h).
#include "headless/probe_report.h"

#include <cstdio>
#include <string>
#include <vector>

namespace tumble::app {
namespace {

/// Body names by slot index ("#index" for an unnamed body or a slot without one).
class SlotNames {
public:
    explicit SlotNames(const World& world) {
        for (BodyId id : world.bodyIds()) {
            if (id.index >= names_.size()) names_.resize(id.index + 1);
            names_[id.index] = world.body(id).name;
        }
    }
    std::string operator()(uint32_t index) const {
        if (index < names_.size() && !names_[index].empty()) return names_[index];
        std::string out = "#"; // built in two steps: GCC 12 warns falsely on "#" + std::string
        out += std::to_string(index);
        return out;
    }

private:
    std::vector<std::string> names_;
};

/// %.9g: every float comes back bit for bit from the text.
std::string number(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.9g", v);
    return buffer;
}

} // namespace

const char* probeRowKindName(ProbeRowKind kind) {
    switch (kind) {
    case ProbeRowKind::Normal: return "normal";
    case ProbeRowKind::Friction1: return "friction1";
    case ProbeRowKind::Friction2: return "friction2";
    case ProbeRowKind::Joint: return "joint";
    }
    return "?";
}

nlohmann::json probeJson(const World& world, const SolverProbe& probe) {
    using nlohmann::json;
    json iterations = json::array();
    for (const ProbeIteration& it : probe.iterations)
        iterations.push_back({{"substep", it.substep},
                              {"iteration", it.iteration},
                              {"relax", it.relax},
                              {"maxDelta", it.maxDelta},
                              {"residual", it.residual},
                              {"complementarity", it.complementarity},
                              {"clampedRows", it.clampedRows},
                              {"kineticEnergy", it.kineticEnergy}});
    const SlotNames bodyName(world);
    json rows = json::array();
    for (const ProbeRow& r : probe.rows)
        rows.push_back({{"kind", probeRowKindName(r.kind)},
                        {"bodyA", bodyName(r.bodyA)},
                        {"bodyB", bodyName(r.bodyB)},
                        {"source", r.source},
                        {"point", r.point},
                        {"lambda", r.lambda},
                        {"lower", r.lower},
                        {"upper", r.upper},
                        {"K", r.K},
                        {"target", r.target},
                        {"w", r.w},
                        {"residual", r.residual}});
    return {{"step", probe.step},
            {"method", probe.method},
            {"iterationsUsed", probe.iterationsUsed},
            {"converged", probe.converged},
            {"inSweep", probe.inSweep},
            {"iterations", std::move(iterations)},
            {"rows", std::move(rows)}};
}

std::string probeCsv(const World& world, const SolverProbe& probe) {
    std::string out = "# step " + std::to_string(probe.step) + ", method " + probe.method + "\n";
    out += "substep,iteration,relax,maxDelta,residual,complementarity,clampedRows,kineticEnergy\n";
    for (const ProbeIteration& it : probe.iterations)
        out += std::to_string(it.substep) + "," + std::to_string(it.iteration) + "," + (it.relax ? "1" : "0") +
               "," + number(it.maxDelta) + "," + number(it.residual) + "," + number(it.complementarity) + "," +
               std::to_string(it.clampedRows) + "," + number(it.kineticEnergy) + "\n";
    const SlotNames bodyName(world);
    out += "\nkind,bodyA,bodyB,source,point,lambda,lower,upper,K,target,w,residual\n";
    for (const ProbeRow& r : probe.rows)
        out += std::string(probeRowKindName(r.kind)) + "," + bodyName(r.bodyA) + "," + bodyName(r.bodyB) + "," + std::to_string(r.source) + "," + std::to_string(r.point) + "," +
               number(r.lambda) + "," + number(r.lower) + "," + number(r.upper) + "," + number(r.K) + "," +
               number(r.target) + "," + number(r.w) + "," + number(r.residual) + "\n";
    return out;
}

} // namespace tumble::app
