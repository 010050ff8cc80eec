#!/usr/bin/env bash
# Soak test: run a stress scene headless for many steps and compare the start with the end.
#   tests/soak.sh [SCENE.json] [STEPS] [--set KEY=VALUE ...]
# (default scenes/box-rain.json, 100000 steps; TUMBLE=path/to/tumble, default build/app/tumble)
#
# It reports the peak memory (max RSS, from /usr/bin/time) and the time per step of
#   start: the first 1,000 steps, in a run of their own;
#   end:   1,000 steps from the state the long run ended in (its --snapshot-out), and the
#          max RSS of the long run itself.
# A leak shows as the long run's RSS well above the short run's; a slow-down (a cache or a
# list that only grows) as the end's time per step above the start's on a settled scene.
set -euo pipefail
cd "$(dirname "$0")/.."

SCENE=${1:-scenes/box-rain.json}
STEPS=${2:-100000}
shift $(( $# > 2 ? 2 : $# ))
TUMBLE=${TUMBLE:-build/app/tumble}
WINDOW=1000
[ -x "$TUMBLE" ] || { echo "soak.sh: no $TUMBLE (build first, or set TUMBLE=)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run NAME SCENE STEPS: tumble headless with the report in $work/NAME.json, max RSS in $work/NAME.rss
run() {
    /usr/bin/time -f %M -o "$work/$1.rss" "$TUMBLE" --headless "$2" --steps "$3" --quiet \
        --report "$work/$1.json" "${@:4}"
}
field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['stats'][sys.argv[2]])" "$@"; }

run start "$SCENE" "$WINDOW" "$@"
start_s=$SECONDS
run long "$SCENE" "$STEPS" --snapshot-out "$work/end.json" "$@"
long_s=$(( SECONDS - start_s ))
run end "$work/end.json" "$WINDOW"

printf 'soak: %s, %s steps in %d s\n' "$SCENE" "$STEPS" "$long_s"
printf '  start (steps 1-%d):        %8.4f ms/step mean, %8.4f median, max RSS %s KiB\n' "$WINDOW" \
    "$(field "$work/start.json" msPerStepMean)" "$(field "$work/start.json" msPerStepMedian)" "$(cat "$work/start.rss")"
printf '  whole run (%s steps):   %8.4f ms/step mean, %8.4f median, max RSS %s KiB\n' "$STEPS" \
    "$(field "$work/long.json" msPerStepMean)" "$(field "$work/long.json" msPerStepMedian)" "$(cat "$work/long.rss")"
printf '  end (%d steps from step %s): %8.4f ms/step mean, %8.4f median\n' "$WINDOW" "$STEPS" \
    "$(field "$work/end.json" msPerStepMean)" "$(field "$work/end.json" msPerStepMedian)"
