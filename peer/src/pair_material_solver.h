#pragma once
// Bullet's sequential impulse solver with Tumble's material-pair table. Bullet combines
// friction and restitution per body (btManifoldResult: the product of the two frictions, the
// product of the two restitutions) when a contact point is made; Tumble keeps a table with a
// cell per pair of materials (combine rules or an override). Before the solver turns contact
// points into rows, every point gets its pair's cell, so each pair sees Tumble's values. Each
// body's material index rides in its collision object's user index.
#include <BulletDynamics/ConstraintSolver/btSequentialImpulseConstraintSolver.h>

#include <vector>

namespace tumble::peer {

class PairMaterialSolver : public btSequentialImpulseConstraintSolver {
public:
    /// One cell of the table as Bullet takes it.
    struct Cell {
        float friction = 0.0f;     ///< Bullet's one coefficient
        float restitution = 0.0f;
    };
    /// The table, count x count cells, row-major by material index.
    void setTable(int count, std::vector<Cell> cells);

protected:
    void convertContacts(btPersistentManifold** manifolds, int count,
                         const btContactSolverInfo& info) override;

private:
    int count_ = 0;
    std::vector<Cell> cells_;
};

} // namespace tumble::peer
