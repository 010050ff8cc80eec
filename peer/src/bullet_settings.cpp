// Settings for the peer. Bullet's sequential impulse solver (btSequentialImpulseConstraintSolver)
// sets up each contact row as
//   penetration = distance + m_linearSlop  (kept 0, see below)
//   target      = restitution - vn - max(penetration, 0) / dt        (speculative when > 0)
//   push        = -min(penetration, 0) m_erp2 / dt
// and with m_splitImpulse the push goes to a separate pseudo-velocity pass when the
// penetration is deeper than m_splitImpulsePenetrationThreshold (else into the velocity
// row, Baumgarte style). Tumble's split impulse splits every push, its Baumgarte mode none,
// so the threshold is set to split all or nothing. Rows are solved with
// lambda += m_sor (target - Jv) / (J M^-1 J^T + m_globalCfm / dt).
#include "bullet_settings.h"

#include <BulletDynamics/ConstraintSolver/btContactSolverInfo.h>
#include <LinearMath/btScalar.h>

#include <cstdarg>
#include <cstdio>

namespace tumble::peer {

void note(std::vector<std::string>& unmapped, const char* format, ...) {
    char text[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    unmapped.emplace_back(text);
}

namespace {

/// The solver method: Bullet has one, row-by-row projected Gauss-Seidel.
void mapMethod(const SolverSettings& solver, btContactSolverInfo& info,
               std::vector<std::string>& unmapped) {
    const std::string& m = solver.method;
    info.m_sor = solver.relaxation;
    if (m == "pgs") return;
    if (m == "sor") {
        info.m_sor = solver.overRelaxation;
        return;
    }
    if (m == "randomOrder") {
        info.m_solverMode |= SOLVER_RANDMIZE_ORDER;
        note(unmapped, "solver.method randomOrder: Bullet shuffles the rows with its own "
                       "generator, not solver.seed");
        return;
    }
    if (m == "gaussSeidel") {
        note(unmapped, "solver.method gaussSeidel: Bullet has no block solver; it solves the "
                       "rows one by one (sequential impulse, PGS)");
        return;
    }
    note(unmapped, "solver.method %s: no Bullet counterpart; Bullet solves with its sequential "
                   "impulse (row-by-row PGS) instead",
         m.c_str());
}

void mapPositionCorrection(const SolverSettings& solver, btContactSolverInfo& info,
                           std::vector<std::string>& unmapped) {
    info.m_erp2 = solver.erp;
    info.m_erp = solver.erp;
    // Bullet's m_linearSlop is a depth contacts sink to (penetration = distance + slop counts
    // as a gap until it is reached); Tumble's slop is depth left alone without sinking into
    // it. Bullet's 0 is the nearer of the two: both then rest at about zero depth.
    info.m_linearSlop = 0.0f;
    if (solver.slop > 0.0f)
        note(unmapped, "solver.slop %.3g m: Bullet's m_linearSlop would let every contact sink "
                       "that deep; kept at 0 (Bullet pushes out all of an overlap)",
             static_cast<double>(solver.slop));
    switch (solver.positionCorrection) {
    case PositionCorrection::NonlinearGaussSeidel:
        note(unmapped, "solver.positionCorrection nonlinearGaussSeidel: Bullet has no position "
                       "passes on contacts; split impulse used instead");
        [[fallthrough]];
    case PositionCorrection::SplitImpulse:
        // Every push split off: no penetration is above +BT_LARGE_FLOAT.
        info.m_splitImpulse = 1;
        info.m_splitImpulsePenetrationThreshold = BT_LARGE_FLOAT;
        if (solver.positionIterations != solver.velocityIterations)
            note(unmapped, "solver.positionIterations %d: Bullet's split impulse takes as many "
                           "passes as velocity iterations (%d)",
                 solver.positionIterations, solver.velocityIterations);
        note(unmapped, "split impulse: Bullet turns a body by only %.2g of its angular push-out "
                       "(m_splitImpulseTurnErp, Bullet's default kept)",
             static_cast<double>(info.m_splitImpulseTurnErp));
        break;
    case PositionCorrection::Baumgarte: info.m_splitImpulse = 0; break;
    case PositionCorrection::None:
        info.m_splitImpulse = 0;
        info.m_erp2 = 0.0f;
        break;
    }
    if (solver.positionCorrection != PositionCorrection::None)
        note(unmapped, "solver.maxCorrectionVelocity %.3g m/s: Bullet does not cap the push-out "
                       "speed",
             static_cast<double>(solver.maxCorrectionVelocity));
}

/// Bullet's own values for the knobs PeerTuning::BulletDefaults keeps (btContactSolverInfo's
/// defaults), noted.
void keepBulletDefaults(const SolverSettings& solver, btContactSolverInfo& info,
                        std::vector<std::string>& unmapped) {
    const btContactSolverInfo bullet;
    info.m_warmstartingFactor = bullet.m_warmstartingFactor;
    info.m_solverMode &= ~SOLVER_USE_2_FRICTION_DIRECTIONS;
    if (info.m_splitImpulse) info.m_splitImpulsePenetrationThreshold = bullet.m_splitImpulsePenetrationThreshold;
    note(unmapped, "Bullet's own tuning kept: warm-start factor %.2g (Tumble's %.2g), one friction "
                   "row per point, split impulse only for overlaps deeper than %.2g m",
         static_cast<double>(bullet.m_warmstartingFactor), static_cast<double>(solver.warmStartFactor),
         static_cast<double>(-bullet.m_splitImpulsePenetrationThreshold));
}

} // namespace

void mapSolverSettings(const Settings& s, PeerTuning tuning, btContactSolverInfo& info,
                       std::vector<std::string>& unmapped) {
    const SolverSettings& solver = s.solver;
    info.m_numIterations = solver.velocityIterations;
    mapMethod(solver, info, unmapped);
    mapPositionCorrection(solver, info, unmapped);

    // Two friction rows per point: the slip direction and across it while sliding, a basis
    // fixed by the normal while sticking (Tumble's pyramid; Bullet's default is one row).
    info.m_solverMode |= SOLVER_USE_2_FRICTION_DIRECTIONS;
    if (solver.warmStarting)
        info.m_solverMode |= SOLVER_USE_WARMSTARTING;
    else
        info.m_solverMode &= ~SOLVER_USE_WARMSTARTING;
    info.m_warmstartingFactor = solver.warmStartFactor;
    info.m_restitutionVelocityThreshold = solver.restitutionThreshold;
    // Tumble's cfm is 1/kg on J M^-1 J^T; Bullet divides its global cfm by dt first.
    info.m_globalCfm = solver.cfm * s.timestep;
    // Bullet's residual is the sum of squared row velocity errors; Tumble's is its root.
    info.m_leastSquaresResidualThreshold = solver.tolerance * solver.tolerance;
    if (tuning == PeerTuning::BulletDefaults) keepBulletDefaults(solver, info, unmapped);
    // Tumble's explicit gyroscopic term is not capped.
    info.m_maxGyroscopicForce = BT_LARGE_FLOAT;

    if (solver.frictionModel == FrictionModel::Cone)
        note(unmapped, "solver.frictionModel cone: Bullet bounds each friction row on its own "
                       "(a pyramid)");
    if (solver.shockPropagation)
        note(unmapped, "solver.shockPropagation: Bullet has no shock-propagation pass");
    if (solver.frictionAnchorRate > 0.0f)
        note(unmapped, "solver.frictionAnchorRate %.3g: Bullet has no static friction anchors",
             static_cast<double>(solver.frictionAnchorRate));

    if (s.integrator != Integrator::SymplecticEuler)
        note(unmapped, "integrator %s: Bullet integrates with symplectic Euler only",
             std::string(toString(s.integrator)).c_str());
    if (s.gyroscopic == Gyroscopic::Explicit)
        note(unmapped, "gyroscopic explicit: Bullet's explicit term does not renormalise the "
                       "angular momentum |L| afterwards");
    if (s.broadphase != BroadphaseType::DynamicTree)
        note(unmapped, "broadphase %s: Bullet uses its dynamic AABB tree (btDbvtBroadphase)",
             std::string(toString(s.broadphase)).c_str());
    note(unmapped, "contactMargin %.3g m, contactReuseSteps %d: Bullet forms and keeps contacts "
                   "its own way (persistent manifolds, points dropped beyond its contact-breaking "
                   "threshold)",
         static_cast<double>(s.contactMargin), s.contactReuseSteps);
}

} // namespace tumble::peer
