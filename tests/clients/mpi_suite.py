"""MPI clients over OpenMPI on the loopback, swblas alone as each rank's
BLAS: ScaLAPACK 2.2's PBLAS testers (s, d, c, z; Levels 1-3) and its LU
and Cholesky drivers on four ranks, then hpcc's HPL (and its other parts)
on two, which must pass its residual check.

Usage: mpi_suite.py SWBLAS_LIBRARY WORK_DIR

The Cholesky drivers run LLT.dat without its iterative-refinement part
(the input's last switch): p?porfs lets the ranks disagree on when to stop
refining, and they then wait forever in different collectives. It does so
on netlib's reference BLAS too (xdllt hung in 1 of 3 runs; docs/clients.md).
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import time

import alone

TESTS = "/usr/lib/x86_64-linux-gnu/scalapack/openmpi-tests"
RANKS = 4
PBLAS = [f"PBLAS/{p}pb{level}tst" for p in "sdcz" for level in (1, 2, 3)]
DRIVERS = ["xslu", "xdlu", "xclu", "xzlu", "xsllt", "xdllt", "xcllt", "xzllt"]
PBLAS_ROW = re.compile(r"^\s*\|\s+(P\w+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)")
HPCC = "/usr/bin/hpcc"
# HPL at N = 1000, NB = 80 on a 1 x 2 grid (the format of HPL.dat).
HPCC_INPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hpccinf.txt")
HPL_RESIDUAL = re.compile(r"\|\|Ax-b\|\|_oo.*=\s+(\S+) \.+ (PASSED|FAILED)")
DRIVER_COUNTS = re.compile(r"(\d+) tests completed and (passed|failed) residual checks")


def run(binary, work, lib_dir, ranks=RANKS):
    env = alone.environment(lib_dir, SWBLAS_NUM_THREADS="1", OMPI_ALLOW_RUN_AS_ROOT="1",
                            OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1", OMPI_MCA_rmaps_base_oversubscribe="1")
    command = ["mpirun", "--oversubscribe", "-np", str(ranks), "-x", "LD_LIBRARY_PATH", "-x", "SWBLAS_NUM_THREADS",
               os.path.join(TESTS, binary)]
    start = time.monotonic()
    out = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True, timeout=600)
    return out.returncode, out.stdout + out.stderr, time.monotonic() - start


def verdict(binary, rc, text):
    """What is wrong with one tester's output (empty: it passed)."""
    if rc != 0:
        return f"exit status {rc}"
    if binary.startswith("PBLAS"):
        rows = [m.groups() for m in map(PBLAS_ROW.match, text.splitlines()) if m]
        if not rows or "End of Tests" not in text:
            return "no summary"
        failed = [r[0] for r in rows if int(r[3]) > 0]
        return f"failed: {failed}" if failed else ""
    counts = {kind: int(n) for n, kind in DRIVER_COUNTS.findall(text)}
    if counts.get("passed", 0) == 0 or counts.get("failed", 1) > 0:
        return f"residual checks {counts}"
    return ""


def hpl(work, lib_dir):
    """hpcc on two ranks: HPL's residual check (the list of failures)."""
    alone.check_loads_swblas(HPCC, lib_dir)
    shutil.copy(HPCC_INPUT, work)
    rc, text, seconds = run(HPCC, work, lib_dir, ranks=2)
    report = open(os.path.join(work, "hpccoutf.txt")).read() if rc == 0 else text
    checks = HPL_RESIDUAL.findall(report)
    rates = [l.strip() for l in report.splitlines() if l.startswith(("HPL_Tflops", "StarDGEMM_Gflops"))]
    ok = rc == 0 and checks and all(verdict == "PASSED" for _, verdict in checks)
    print(f"hpcc: {'ok' if ok else 'FAIL'} ({seconds:.1f} s): residual {checks}; " + "; ".join(rates))
    return [] if ok else ["hpcc"]


def main():
    swblas, work = sys.argv[1:3]
    lib_dir = alone.make_dir(os.path.join(work, "lib"), swblas)
    inputs = glob.glob(os.path.join(TESTS, "*.dat")) + glob.glob(os.path.join(TESTS, "PBLAS", "*.dat"))
    for f in inputs:
        shutil.copy(f, work)
    llt = os.path.join(work, "LLT.dat")
    with open(llt) as f:
        text = f.read()
    with open(llt, "w") as f:
        f.write(re.sub(r"(?m)^T(\s+\(T or F\) Test Cond\. Est\. and Iter\. Ref\. Routines)", r"F\1", text))
    bad = []
    for binary in PBLAS + DRIVERS:
        alone.check_loads_swblas(os.path.join(TESTS, binary), lib_dir)
        rc, text, seconds = run(binary, work, lib_dir)
        with open(os.path.join(work, os.path.basename(binary) + ".out"), "w") as log:
            log.write(text)
        why = verdict(binary, rc, text)
        summary = [l.strip() for l in text.splitlines() if PBLAS_ROW.match(l) or DRIVER_COUNTS.search(l)]
        print(f"{binary}: {'ok' if not why else 'FAIL ' + why} ({seconds:.1f} s)\n  " + "\n  ".join(summary))
        if why:
            bad.append(binary)
    bad += hpl(work, lib_dir)
    if bad:
        print("failed:", ", ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
