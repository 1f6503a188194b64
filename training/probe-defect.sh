#!/usr/bin/env bash
# Runs LearnerDefectProbe (docs/learner-defect.md) in N fresh JVMs, P at a time, and counts
# the runs that hit a non-finite learner step (exit 3).
# Usage: training/probe-defect.sh N [P] [JAVA_OPTS...]; environment variables pass through. With
# PROBE_UNTIL=EPOCH_SECONDS it starts no run after that time (N is then an upper bound);
# PROBE_MAIN, PROBE_ARGS and PROBE_EXTRA_CP run another main class (e.g. a JUnit launcher running the
# whole LearnerTest class; it must exit 3 on the defect).
# First: mvn -B -o -q test-compile dependency:build-classpath -pl training -am \
#   -Dmdep.outputFile=/tmp/probe-cp.txt -Dmdep.includeScope=test
set -u
n=$1; p=${2:-1}; shift; shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
cp="${PROBE_EXTRA_CP:-}:$root/training/target/test-classes:$root/training/target/classes:$(cat "${PROBE_CP:-/tmp/probe-cp.txt}")"
log=$(mktemp -d)
run() {
    java -cp "$cp" "$@" "${PROBE_MAIN:-org.owarelab.training.nn.LearnerDefectProbe}" ${PROBE_ARGS:-} > "$log/$i.out" 2>&1
    echo $? > "$log/$i.rc"
}
for ((i = 0; i < n; i++)); do
    if [[ -n "${PROBE_UNTIL:-}" ]] && (( $(date +%s) >= PROBE_UNTIL )); then n=$i; break; fi
    run "$@" &
    while (( $(jobs -rp | wc -l) >= p )); do wait -n; done
done
wait
bad=$(grep -l '^3$' "$log"/*.rc | wc -l)
other=$(grep -L '^[03]$' "$log"/*.rc | wc -l)
echo "runs $n defect $bad other-failures $other logs $log"
grep -h 'DEFECT\|FAIL' "$log"/*.out | cut -c1-160
