# What CI needs for the research tests (issue 16).  Source it from .ci/run:
#
#     source scripts/ci_research.sh     # installs the rl and ray extras, starts a Ray head
#     ... run the tests ...
#     stop_ray_head                     # (also run by the EXIT trap this script installs
#                                       #  when the caller has none)
#
# - The `rl` extra (stable-baselines3, sb3-contrib, torch, ray[rllib]) with torch 2.13.0, the
#   CPU build on this machine's disk (`pip install torch==2.13.0` takes it; asking for plain
#   `torch` would download a CUDA build of several GB).  About 1.3 GB and 1 minute.
# - A local Ray head (on this host's address, as Ray picks it), its PID in
#   $HANAFUDA_RAY_HEAD_PID, its address in $HANAFUDA_TEST_RAY_ADDRESS for
#   tests/datasets/test_ray.py; stopped by that PID only.
# shellcheck shell=bash

_research_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

install_research_extras() {
    python -m pip install --quiet "torch==2.13.0" || return 1
    python -m pip install --quiet -e "${_research_root}[rl,ray,openspiel]" || return 1
}

start_ray_head() {
    local port="${HANAFUDA_RAY_PORT:-6390}"
    # Ray 2.5x+ starts a head with token authentication; its clients (ray status, ray.init in
    # the tests, the two-worker test cluster) read the token when this mode is set.
    export RAY_AUTH_MODE=token
    local log="${TMPDIR:-/tmp}/hanafuda-ray-head.log"
    local current=/tmp/ray/ray_current_cluster
    rm -f "$current"
    ray start --head --port="$port" --num-cpus=1 \
        --include-dashboard=false --disable-usage-stats --block >"$log" 2>&1 &
    HANAFUDA_RAY_HEAD_PID=$!
    export HANAFUDA_RAY_HEAD_PID
    local waited=0
    until [ -s "$current" ] && ray status --address "$(cat "$current")" >/dev/null 2>&1; do
        if ! kill -0 "$HANAFUDA_RAY_HEAD_PID" 2>/dev/null || [ "$waited" -ge 120 ]; then
            echo "ci_research: the Ray head did not start (see $log)" >&2
            return 1
        fi
        sleep 2
        waited=$((waited + 2))
    done
    HANAFUDA_TEST_RAY_ADDRESS="$(cat "$current")"
    export HANAFUDA_TEST_RAY_ADDRESS
}

stop_ray_head() {
    if [ -n "${HANAFUDA_RAY_HEAD_PID:-}" ] && kill -0 "$HANAFUDA_RAY_HEAD_PID" 2>/dev/null; then
        kill -TERM "$HANAFUDA_RAY_HEAD_PID"
        wait "$HANAFUDA_RAY_HEAD_PID" 2>/dev/null || true
    fi
    unset HANAFUDA_RAY_HEAD_PID HANAFUDA_TEST_RAY_ADDRESS
}

# Stop the head when the calling shell exits, unless it has an EXIT trap of its own (then
# call stop_ray_head yourself after the tests).
if install_research_extras && start_ray_head; then
    if [ -z "$(trap -p EXIT)" ]; then
        trap stop_ray_head EXIT
    fi
else
    echo "ci_research: setup failed" >&2
    false
fi
