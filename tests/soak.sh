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
#
#   tests/soak.sh --catalogue [MINUTES]     (default 10; JOBS=2 runs two scenes at a time)
# runs every scene of scenes/ for MINUTES of simulated time (each at its own timestep) and
# prints, per scene, the bodies that left the world bounds (frozen there, event "left the
# world bounds"), the bodies flagged too fast and any non-finite body; it exits 1 if any
# scene lost a body or was flagged too fast.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--catalogue" ]; then
    MINUTES=${2:-10}
    TUMBLE=${TUMBLE:-build/app/tumble}
    [ -x "$TUMBLE" ] || { echo "soak.sh: no $TUMBLE (build first, or set TUMBLE=)" >&2; exit 2; }
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    export TUMBLE MINUTES work
    # one SCENE: its timestep from a 1-step report, then MINUTES of steps, the report kept.
    one() {
        local scene=$1 name
        name=$(basename "$scene" .json)
        "$TUMBLE" --headless "$scene" --steps 1 --quiet --report "$work/$name.dt.json"
        local steps
        steps=$(python3 -c "import json,sys; print(round(float(sys.argv[2]) * 60 / json.load(open(sys.argv[1]))['timestep']))" \
            "$work/$name.dt.json" "$MINUTES")
        local start=$SECONDS
        "$TUMBLE" --headless "$scene" --steps "$steps" --quiet --report "$work/$name.json" || true
        echo $(( SECONDS - start )) > "$work/$name.secs"
    }
    export -f one
    ls scenes/*.json | xargs -P "${JOBS:-1}" -I{} bash -c 'one {}'
    python3 - "$work" "$MINUTES" <<'PY'
import glob, json, os, sys
work, minutes = sys.argv[1], sys.argv[2]
bad = 0
print(f"soak --catalogue: {minutes} simulated minutes per scene")
print(f"{'scene':28} {'steps':>7} {'wall s':>6} {'bodies':>6}  left the world / too fast / non-finite")
for path in sorted(glob.glob(os.path.join(work, "*.json"))):
    if path.endswith(".dt.json"):
        continue
    name = os.path.basename(path)[:-5]
    r = json.load(open(path))
    secs = open(os.path.join(work, name + ".secs")).read().strip()
    events = r.get("events", [])
    left = [e["body"] for e in events if e.get("kind") == "leftWorld"]
    fast = [e for e in events if e.get("kind") == "tooFast"]
    nonfinite = [e["body"] for e in events if e.get("nonFinite")]
    line = f"{name:28} {r['steps']:>7} {secs:>6} {r['stats']['bodyCount']:>6}  "
    if not left and not fast and not nonfinite:
        line += "ok"
    else:
        bad += 1
        parts = []
        if left:
            parts.append(f"{len(left)} left: " + ", ".join(left[:5]) + (" ..." if len(left) > 5 else ""))
        if fast:
            parts.append(f"too fast: " + ", ".join(f"{e['body']} steps {e['step']}-{e['lastStep']} ({e['count']})" for e in fast[:3]))
        if nonfinite:
            parts.append("non-finite: " + ", ".join(nonfinite))
        line += "; ".join(parts)
    print(line)
print(f"{bad} scene(s) lost a body or were flagged" if bad else "every scene kept its bodies in the world")
sys.exit(1 if bad else 0)
PY
    exit $?
fi

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
