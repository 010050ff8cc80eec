#!/usr/bin/env bash
# Determinism across compilers: the state hash of every catalogue scene after STEPS steps,
# from the GCC build and from a Clang build, compared scene by scene.
#   tests/compilers.sh [STEPS] [--set KEY=VALUE ...]     (default 600 steps)
# GCC's binary is build/app/tumble (or GCC_TUMBLE=); the Clang build is configured and built
# in CLANG_BUILD (default /tmp/tumble-clang) when it is not there yet (its `tumble` target only:
# Debian's clang package, `apt-get install clang`). Prints one line per scene and exits 1 if
# any hash differs. Pass `--set solver.method=wide` to compare the wide method's AVX2 kernel.
set -euo pipefail
cd "$(dirname "$0")/.."

STEPS=600
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then STEPS=$1; shift; fi
GCC_TUMBLE=${GCC_TUMBLE:-build/app/tumble}
CLANG_BUILD=${CLANG_BUILD:-/tmp/tumble-clang}
[ -x "$GCC_TUMBLE" ] || { echo "compilers.sh: no $GCC_TUMBLE (build first, or set GCC_TUMBLE=)" >&2; exit 2; }
command -v clang++ > /dev/null || { echo "compilers.sh: no clang++ (apt-get install clang)" >&2; exit 2; }
if [ ! -x "$CLANG_BUILD/app/tumble" ]; then
    CC=clang CXX=clang++ cmake -S . -B "$CLANG_BUILD" -DCMAKE_BUILD_TYPE=Release > /dev/null
    cmake --build "$CLANG_BUILD" -j2 --target tumble > /dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
hash_of() { # binary scene [--set ...]
    local binary=$1 scene=$2
    shift 2
    "$binary" --headless "$scene" --steps "$STEPS" --quiet --report "$work/r.json" "$@" > /dev/null
    python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['hash'])" "$work/r.json"
}
differ=0
for scene in scenes/*.json; do
    a=$(hash_of "$GCC_TUMBLE" "$scene" "$@")
    b=$(hash_of "$CLANG_BUILD/app/tumble" "$scene" "$@")
    if [ "$a" = "$b" ]; then
        echo "same  $a  $(basename "$scene")"
    else
        echo "DIFF  gcc $a clang $b  $(basename "$scene")"
        differ=1
    fi
done
exit $differ
