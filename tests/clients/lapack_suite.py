"""Reference LAPACK's own test suite (Debian's liblapack-test) on swblas
alone, and on netlib's reference BLAS in the same run; fails where swblas
fails more of it.

Usage: lapack_suite.py SWBLAS_LIBRARY WORK_DIR

Both runs use Debian's driver (lapack_testing.py: every xlintst*/xeigtst*
binary on its standard inputs) in directories of their own, side by side.
Compared per output file: the lines that report failures; none is allowed
beyond netlib's (docs/clients.md: ?TFSM's check against one whole ?TRSM,
which swblas's trsm passes by applying alpha where ?tfsm does).
"""
import glob
import os
import re
import subprocess
import sys

import alone

TESTER_DIR = "/usr/lib/x86_64-linux-gnu/lapack"
DRIVER = os.path.join(TESTER_DIR, "lapack_testing.py")
FAILURE = re.compile(r"fail|did not work|error exits?.*not|illegal", re.IGNORECASE)


def start(name, blas, work):
    run_dir = os.path.join(work, name)
    os.makedirs(run_dir, exist_ok=True)
    for f in glob.glob(os.path.join(run_dir, "*")):
        if os.path.islink(f) or f.endswith(".out") or f.endswith(".txt"):
            os.remove(f)
    for f in glob.glob(os.path.join(TESTER_DIR, "x*")) + glob.glob(os.path.join(TESTER_DIR, "*.in")):
        os.symlink(f, os.path.join(run_dir, os.path.basename(f)))
    lib_dir = alone.make_dir(os.path.join(work, name + "-lib"), blas)
    alone.check_loads_swblas(os.path.join(TESTER_DIR, "xlintstd"), lib_dir)
    log = open(os.path.join(run_dir, "summary.txt"), "w")
    proc = subprocess.Popen([sys.executable, DRIVER, "-d", ".", "-b", ".", "-r"], cwd=run_dir,
                            env=alone.environment(lib_dir, SWBLAS_NUM_THREADS="1"), stdout=log,
                            stderr=subprocess.STDOUT)
    return run_dir, proc


def failures(run_dir):
    """{output file: [lines reporting a failure]} and the files that did not finish."""
    found, unfinished = {}, []
    for out in sorted(glob.glob(os.path.join(run_dir, "*.out"))):
        text = open(out, errors="replace").read()
        if "End of tests" not in text:
            unfinished.append(os.path.basename(out))
        found[os.path.basename(out)] = [l.strip() for l in text.splitlines() if FAILURE.search(l)]
    return found, unfinished


def summary(run_dir):
    text = open(os.path.join(run_dir, "summary.txt")).read()
    return text[text.find("LAPACK TESTING SUMMARY"):].strip()


def main():
    swblas, work = sys.argv[1], sys.argv[2]
    runs = {name: start(name, blas, work) for name, blas in (("swblas", swblas), ("netlib", alone.REFERENCE_BLAS))}
    for name, (_, proc) in runs.items():
        proc.wait()
    ours, ours_unfinished = failures(runs["swblas"][0])
    theirs, theirs_unfinished = failures(runs["netlib"][0])
    for name in runs:
        print(f"--- {name} BLAS under reference LAPACK:\n{summary(runs[name][0])}\n")
    bad = []
    if ours_unfinished != theirs_unfinished or len(ours) != len(theirs):
        bad.append(f"unfinished outputs: swblas {ours_unfinished}, netlib {theirs_unfinished}")
    for out, lines in ours.items():
        if len(lines) > len(theirs.get(out, [])):
            bad.append(f"{out}: swblas\n  " + "\n  ".join(lines) + "\nnetlib\n  " + "\n  ".join(theirs.get(out, [])))
    if bad:
        print("swblas fails more than netlib's BLAS:\n" + "\n".join(bad))
        return 1
    print("swblas fails no more of LAPACK's suite than netlib's BLAS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
