// The stages of World::step by name, for the panels and the headless report (world.h).
#include "tumble/world.h"

#include "core/task_system.h"

#include <algorithm>
#include <thread>

namespace tumble {

std::span<const ProfileStage> profileStages() {
    static constexpr ProfileStage kStages[] = {
        {"integrate velocities", &Profile::integrateVelocities,
         "Remember each pose (interpolated drawing) and the velocities before forces; gravity, "
         "force fields and damping into velocities (methods that sub-step do this inside the "
         "solve), ms.", 0},
        {"broad phase", &Profile::broadphase, "Collide: bounding boxes to candidate pairs, ms.", 0},
        {"narrow phase", &Profile::narrowphase,
         "Collide: candidate pairs to contact manifolds, matched against last step's (the "
         "contact cache), ms.", 0},
        {"solve", &Profile::solve, "The solver method, all of it: the stages below and its own work, ms.", 0},
        {"prepare", &Profile::prepare,
         "Rows, effective masses 1 / (J M^-1 J^T), restitution targets and biases; joint rows, ms. "
         "The wide method prepares its contact rows in the warm start instead, group by group.", 1},
        {"warm start", &Profile::warmStart,
         "Apply last step's accumulated impulses, ms. The wide method's also colours the contacts and "
         "packs them into groups (preparing each group's rows there, unless the probe, the trace or a "
         "tolerance reads the rows, or a pair rolls or twists).", 1},
        {"iterate", &Profile::iterate,
         "The velocity iterations (all sub-steps), or the exact solve, ms.", 1},
        {"relax / restitution", &Profile::relax,
         "Shock propagation, split impulse, soft step's relax passes and restitution stage, ms.", 1},
        {"store impulses", &Profile::storeImpulses,
         "Impulses back into the contact cache for next step's warm start; joint reactions, ms.", 1},
        {"integrate positions", &Profile::integratePositions,
         "Velocities into poses (methods that sub-step do this inside the solve), ms.", 0},
        {"correct positions", &Profile::correctPositions,
         "Nonlinear Gauss-Seidel on contacts and joint drift, after the drift, ms.", 0},
        {"continuous", &Profile::continuous,
         "Bullet bodies: time of impact over each one's sweep this step (conservative "
         "advancement); a body that hit something is put back to that time, ms.", 0},
        {"islands and sleep", &Profile::sleep, "Islands and sleeping, ms.", 0},
        {"watchdog", &Profile::watchdog, "Non-finite check, watchdog and counters, ms.", 0},
    };
    return kStages;
}

int stepThreads(const Settings& settings) {
    if (settings.threads > 0) return std::min(settings.threads, TaskSystem::kMaxThreads);
    // hardware_concurrency may say 0 when it cannot tell.
    return std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, TaskSystem::kMaxThreads);
}

} // namespace tumble
