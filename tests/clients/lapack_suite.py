"""Reference LAPACK's own test suite (Debian's liblapack-test) on swblas
alone; fails where swblas fails more of it than netlib's reference BLAS.

Usage: lapack_suite.py SWBLAS_LIBRARY WORK_DIR

Debian's driver (lapack_testing.py: every xlintst*/xeigtst* binary on its
standard inputs) runs once per precision, two precisions at a time (the
driver runs its binaries one after another), each in a directory of its
own. A precision whose outputs all finish without a line reporting a
failure passes. Any other is run again on netlib's BLAS and compared per
output file: no more failure lines than netlib's are allowed (neither BLAS
has any today; docs/clients.md: ?TFSM's check against one whole ?TRSM,
which swblas's trsm passes by applying alpha where ?tfsm does). Netlib's
run is not made otherwise: it took as long as swblas's, on the other core.
"""
import glob
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import alone

TESTER_DIR = "/usr/lib/x86_64-linux-gnu/lapack"
DRIVER = os.path.join(TESTER_DIR, "lapack_testing.py")
FAILURE = re.compile(r"fail|did not work|error exits?.*not|illegal", re.IGNORECASE)
# Longest first (about 25, 16, 13 and 10 s on swblas), so that two workers end together.
PRECISIONS = ("z", "c", "d", "s")


def library_dir(blas_name, blas, work):
    """The directory that makes `blas` the testers' only BLAS (made once,
    before the runs that share it start)."""
    lib_dir = alone.make_dir(os.path.join(work, blas_name + "-lib"), blas)
    alone.check_loads_swblas(os.path.join(TESTER_DIR, "xlintstd"), lib_dir)
    return lib_dir


def run(blas_name, lib_dir, precision, work):
    """Runs the driver on one precision; returns its directory."""
    run_dir = os.path.join(work, f"{blas_name}-{precision}")
    os.makedirs(run_dir, exist_ok=True)
    for f in glob.glob(os.path.join(run_dir, "*")):
        if os.path.islink(f) or f.endswith(".out") or f.endswith(".txt"):
            os.remove(f)
    for f in glob.glob(os.path.join(TESTER_DIR, "x*")) + glob.glob(os.path.join(TESTER_DIR, "*.in")):
        os.symlink(f, os.path.join(run_dir, os.path.basename(f)))
    with open(os.path.join(run_dir, "summary.txt"), "w") as log:
        subprocess.run([sys.executable, DRIVER, "-d", ".", "-b", ".", "-r", "-p", precision], cwd=run_dir,
                       env=alone.environment(lib_dir, SWBLAS_NUM_THREADS="1"), stdout=log,
                       stderr=subprocess.STDOUT, check=False)
    return run_dir


def failures(run_dir):
    """{output file: [lines reporting a failure]} (the driver's summary
    included) and the output files that did not finish."""
    found, unfinished = {}, []
    outputs = sorted(glob.glob(os.path.join(run_dir, "*.out")))
    for out in outputs:
        text = open(out, errors="replace").read()
        if "End of tests" not in text:
            unfinished.append(os.path.basename(out))
        found[os.path.basename(out)] = [l.strip() for l in text.splitlines() if FAILURE.search(l)]
    summary_text = open(os.path.join(run_dir, "summary.txt"), errors="replace").read()
    found["summary.txt"] = [l.strip() for l in summary_text.splitlines() if FAILURE.search(l)]
    if not outputs:
        unfinished.append("(no output at all)")
    return found, unfinished


def summary(run_dir):
    text = open(os.path.join(run_dir, "summary.txt")).read()
    return text[text.find("LAPACK TESTING SUMMARY"):].strip()


def compare_with_netlib(precision, ours, ours_unfinished, work):
    """The reasons swblas's run of `precision` fails more than netlib's."""
    netlib_dir = run("netlib", library_dir("netlib", alone.REFERENCE_BLAS, work), precision, work)
    theirs, theirs_unfinished = failures(netlib_dir)
    print(f"--- netlib BLAS under reference LAPACK, precision {precision}:\n{summary(netlib_dir)}\n")
    bad = []
    if ours_unfinished != theirs_unfinished or sorted(ours) != sorted(theirs):
        bad.append(f"unfinished outputs ({precision}): swblas {ours_unfinished}, netlib {theirs_unfinished}")
    for out, lines in ours.items():
        if len(lines) > len(theirs.get(out, [])):
            bad.append(f"{out}: swblas\n  " + "\n  ".join(lines) + "\nnetlib\n  " + "\n  ".join(theirs.get(out, [])))
    return bad


def main():
    swblas, work = sys.argv[1], sys.argv[2]
    lib_dir = library_dir("swblas", swblas, work)
    with ThreadPoolExecutor(max_workers=2) as pool:
        dirs = dict(zip(PRECISIONS, pool.map(lambda p: run("swblas", lib_dir, p, work), PRECISIONS)))
    bad = []
    for precision, run_dir in dirs.items():
        print(f"--- swblas under reference LAPACK, precision {precision}:\n{summary(run_dir)}\n")
        ours, ours_unfinished = failures(run_dir)
        if ours_unfinished or any(ours.values()):
            bad += compare_with_netlib(precision, ours, ours_unfinished, work)
    if bad:
        print("swblas fails more than netlib's BLAS:\n" + "\n".join(bad))
        return 1
    print("swblas fails none of LAPACK's suite, or no more of it than netlib's BLAS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
