#include "collision/pair_filter.h"

namespace tumble {

void PairFilter::applyHook(std::vector<BodyPair>& pairs) const {
    if (!shouldCollide) return;
    size_t kept = 0;
    for (const BodyPair& p : pairs) {
        if (shouldCollide(p.a, p.b)) pairs[kept++] = p;
    }
    pairs.resize(kept);
}

} // namespace tumble
