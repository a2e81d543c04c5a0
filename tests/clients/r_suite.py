"""R on swblas alone against R on netlib's reference BLAS: r_check.R's
results (solve, crossprod, %*%, chol, qr, ...) must agree to rounding.

Usage: r_suite.py SWBLAS_LIBRARY WORK_DIR
"""
import os
import subprocess
import sys

import alone

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "r_check.R")
# What a different but backward-stable order of operations may change,
# relative to the largest entry of a result (n = 150, condition numbers of
# random matrices: well below 1e6).
TOLERANCE = 1e-9


def run(name, blas, work, **env):
    lib_dir = alone.make_dir(os.path.join(work, name), blas)
    alone.check_loads_swblas("/usr/lib/R/lib/libR.so", lib_dir, host_prefixes=("R_", "Rf_"))
    # R's start-up script puts R_LD_LIBRARY_PATH (by default R's and the
    # system's library directories) before LD_LIBRARY_PATH.
    out = subprocess.run(["Rscript", "--vanilla", SCRIPT],
                         env=alone.environment(lib_dir, R_LD_LIBRARY_PATH=lib_dir + ":/usr/lib/R/lib", **env),
                         capture_output=True, text=True, check=True)
    results, mapped = {}, []
    for line in out.stdout.splitlines():
        fields = line.split()
        if fields[0] == "mapped":
            mapped = fields[1:]
        else:
            results[fields[0]] = [float(v) for v in fields[1:]]
    return results, mapped, out.stderr


def main():
    swblas, work = sys.argv[1:3]
    ours, mapped, log = run("swblas", swblas, work, SWBLAS_VERBOSE="2")
    theirs, _, _ = run("netlib", alone.REFERENCE_BLAS, work)
    print("mapped in R with swblas:", " ".join(mapped))
    foreign = [m for m in mapped if any(f in os.path.basename(m) for f in alone.FOREIGN_BLAS)]
    calls = [l for l in log.splitlines() if l.startswith("swblas: call")]
    bad = []
    if foreign or not calls:
        bad.append(f"another BLAS in R: {foreign}" if foreign else "no call reached swblas")
    for name, want in theirs.items():
        got = ours.get(name, [])
        scale = max(abs(v) for v in want) or 1.0
        worst = max((abs(g - w) for g, w in zip(got, want)), default=float("inf")) / scale
        ok = len(got) == len(want) and worst <= TOLERANCE
        print(f"{name:16s} {len(want):6d} values, largest difference / largest entry {worst:.2e} {'ok' if ok else 'FAIL'}")
        if not ok:
            bad.append(name)
    print(f"{len(calls)} calls reached swblas")
    if bad:
        print("R differs on swblas:", ", ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
