#include "pair_material_solver.h"

#include <BulletCollision/CollisionDispatch/btCollisionObject.h>
#include <BulletCollision/NarrowPhaseCollision/btPersistentManifold.h>

#include <utility>

namespace tumble::peer {

void PairMaterialSolver::setTable(int count, std::vector<Cell> cells) {
    count_ = count;
    cells_ = std::move(cells);
}

void PairMaterialSolver::convertContacts(btPersistentManifold** manifolds, int count,
                                         const btContactSolverInfo& info) {
    for (int i = 0; i < count; ++i) {
        btPersistentManifold& m = *manifolds[i];
        const int a = m.getBody0()->getUserIndex();
        const int b = m.getBody1()->getUserIndex();
        if (a < 0 || b < 0 || a >= count_ || b >= count_) continue;
        const Cell& cell = cells_[static_cast<size_t>(a) * count_ + b];
        for (int k = 0; k < m.getNumContacts(); ++k) {
            btManifoldPoint& p = m.getContactPoint(k);
            p.m_combinedFriction = cell.friction;
            p.m_combinedRestitution = cell.restitution;
            p.m_combinedRollingFriction = 0.0f;
            p.m_combinedSpinningFriction = 0.0f;
        }
    }
    btSequentialImpulseConstraintSolver::convertContacts(manifolds, count, info);
}

} // namespace tumble::peer
