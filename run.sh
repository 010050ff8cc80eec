#!/usr/bin/env bash
# Tumble's front door.
#   ./run.sh [ARGS...]   install missing Debian packages, build (Release), start the app
#   ./run.sh test        same set-up, then run every test (window tests under xvfb-run)
#   ./run.sh bench       same set-up, then run the benchmarks (`bench methods`: the solver methods' table;
#                        `bench peer`: Tumble's two Gauss-Seidel methods against Bullet, interleaved;
#                        `bench threads`: one thread against two, interleaved)
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(build-essential cmake pkg-config ccache git
          libsdl2-dev libimgui-dev python3-glad libglm-dev nlohmann-json3-dev
          libcli11-dev libstb-dev libgtest-dev libgmock-dev libbenchmark-dev
          libbullet-dev libbullet-extras-dev xvfb xauth libgl1-mesa-dri libglx-mesa0)

install_missing() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "run.sh: installing missing Debian packages: ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "run.sh: need root or sudo to install ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

BUILD_DIR=${TUMBLE_BUILD_DIR:-build}
build() {
    # ccache keys on paths relative to the checkout, so a fresh clone elsewhere (CI) reuses the
    # objects an earlier build of the same sources left.
    export CCACHE_BASEDIR="$PWD"
    # Debian's own interpreter generates glad, even when another python3 comes first on PATH.
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
    cmake --build "$BUILD_DIR" -j"$(nproc)"
}

install_missing
build

case "${1:-}" in
test)
    shift
    cd "$BUILD_DIR"
    # Window tests need a display; xvfb-run gives them a virtual one with Mesa's software GL.
    exec xvfb-run -a -s "-screen 0 1280x800x24" ctest --output-on-failure -j2 "$@"
    ;;
bench)
    shift
    # `./run.sh bench methods [--methods ...] [--scenes ...]`: the solver methods' table.
    if [ "${1:-}" = methods ]; then
        shift
        exec "$BUILD_DIR/tests/bench/tumble_bench_methods" "$@"
    fi
    # `./run.sh bench peer [--benchmark_filter=...]`: against Bullet in one process.
    if [ "${1:-}" = peer ]; then
        shift
        exec "$BUILD_DIR/tests/bench/tumble_bench_peer" "$@"
    fi
    # `./run.sh bench threads [--threads=N]`: one thread against N, interleaved, wall time.
    if [ "${1:-}" = threads ]; then
        shift
        exec "$BUILD_DIR/tests/bench/tumble_bench_threads" "$@"
    fi
    exec "$BUILD_DIR/tests/bench/tumble_bench" "$@"
    ;;
*)
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
        scene="${1:-scenes/default.json}"
        [ $# -gt 0 ] && shift
        echo "run.sh: no display found (DISPLAY is unset); running $scene headless for 600 steps instead."
        exec "$BUILD_DIR/app/tumble" --headless "$scene" --steps 600 --summary "$@"
    fi
    exec "$BUILD_DIR/app/tumble" "$@"
    ;;
esac
