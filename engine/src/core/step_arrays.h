#pragma once
// Sizing the arrays a step rebuilds from scratch (the contact cache's new manifolds, the solver
// rows, the figures). std::vector grows by taking a block twice the size, copying, then
// freeing the old one: for that moment both blocks are held, and the new one stays up to twice
// the need for good (a pile with 1,100 manifolds keeps room for 2,048). An array whose contents
// are thrown away at the start of each step needs neither: it can be given a block of the size
// the step needs, with some headroom, after its old block is freed.
#include <cstddef>
#include <vector>

namespace tumble {

/// Empties `v` for a step that needs about `n` elements. Its block is kept while it holds n
/// with at most a quarter (and 64 elements) to spare; otherwise it is freed first, then a block
/// for n and a sixteenth more is taken. The sixteenth keeps a count that creeps up step by step
/// from taking a new block every step; the quarter gives back a block that grew for a burst;
/// old and new blocks are never held at once.
template <class T> void clearForStep(std::vector<T>& v, size_t n) {
    v.clear();
    if (v.capacity() >= n && v.capacity() <= n + n / 4 + 64) return;
    std::vector<T>().swap(v);
    v.reserve(n + n / 16);
}

/// `v` as `n` value-initialised elements (as assign(n, T{})), its block sized by clearForStep.
template <class T> void resetForStep(std::vector<T>& v, size_t n) {
    clearForStep(v, n);
    v.resize(n);
}

} // namespace tumble
