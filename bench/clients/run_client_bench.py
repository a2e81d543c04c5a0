#!/usr/bin/env python3
"""The clients' view of speed: numpy and HPL on swblas against OpenBLAS, each
installed as the process's libblas.so.3, in one run.

Configurations (a directory each, first on LD_LIBRARY_PATH, as
tests/clients/alone.py makes them):
  swblas              swblas's libblas.so.3 + reference LAPACK
  openblas-blas       OpenBLAS's libblas.so.3 + reference LAPACK (the same
                      LAPACK code on OpenBLAS's BLAS)
  openblas            OpenBLAS's libblas.so.3 and its own tuned LAPACK, with
                      its own kernel choice and with OPENBLAS_CORETYPE=SkylakeX
Measured: numpy `a @ b` (float32, float64, complex128), np.linalg.solve,
eigh and svd at n = 2000 (best and mean of --repeats), HPL from hpcc at
N = --hpl-n on 2 ranks of one thread; the FMA peak and memory bandwidth in
the same run (swblas-bench-dgemm --peak, swblas-bench-vector --stream).

Usage: run_client_bench.py --build build [--out build/bench-clients] [--repeats 3] [--hpl-n 8000]
Writes OUT/summary.md and OUT/results.csv.
"""
import argparse
import csv
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "clients"))
import alone  # noqa: E402

PYTHON = "/usr/bin/python3"
OPENBLAS_DIR = "/usr/lib/x86_64-linux-gnu/openblas-pthread"
OPS = ["matmul float32", "matmul float64", "matmul complex128", "solve", "eigh", "svd"]
TIMER = r"""
import json, sys, time
import numpy as np
n, repeats = int(sys.argv[1]), int(sys.argv[2])
rng = np.random.default_rng(1)
a = rng.standard_normal((n, n)); b = rng.standard_normal((n, n))
spd = a @ a.T + n * np.eye(n)
cases = {
    "matmul float32": (lambda x, y: x @ y, a.astype(np.float32), b.astype(np.float32), 2 * n ** 3),
    "matmul float64": (lambda x, y: x @ y, a, b, 2 * n ** 3),
    "matmul complex128": (lambda x, y: x @ y, a + 1j * b, b - 1j * a, 8 * n ** 3),
    "solve": (np.linalg.solve, a, b[:, :1], 2 * n ** 3 / 3),
    "eigh": (lambda x, _: np.linalg.eigh(x), spd, None, None),
    "svd": (lambda x, _: np.linalg.svd(x), a, None, None),
}
out = {}
for name in sys.argv[3:]:
    f, x, y, flops = cases[name]
    f(x, y)
    times = []
    for _ in range(repeats):
        t = time.perf_counter(); f(x, y); times.append(time.perf_counter() - t)
    out[name] = {"times": times, "flops": flops}
print(json.dumps(out))
"""


def configs(build):
    provider = os.path.join(build, "swblas-provider", "libblas.so.3")
    base = {"OPENBLAS_CORETYPE": None, "OPENBLAS_L2_SIZE": None}
    return [
        ("swblas", provider, alone.REFERENCE_LAPACK, base),
        ("openblas-blas", os.path.join(OPENBLAS_DIR, "libblas.so.3"), alone.REFERENCE_LAPACK, base),
        ("openblas", os.path.join(OPENBLAS_DIR, "libblas.so.3"), os.path.join(OPENBLAS_DIR, "liblapack.so.3"), base),
        ("openblas SkylakeX", os.path.join(OPENBLAS_DIR, "libblas.so.3"), os.path.join(OPENBLAS_DIR, "liblapack.so.3"),
         dict(base, OPENBLAS_CORETYPE="SkylakeX")),
    ]


def environment(lib_dir, extra):
    """alone.environment with extra's variables set, or removed where None."""
    env = alone.environment(lib_dir)
    for name, value in extra.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def numpy_times(lib_dir, extra, n, repeats, ops):
    import json
    out = subprocess.run([PYTHON, "-c", TIMER, str(n), str(repeats)] + ops, env=environment(lib_dir, extra),
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def hpl_gflops(lib_dir, extra, n, work):
    sample = open(os.path.join(HERE, "..", "..", "tests", "clients", "hpccinf.txt")).read()
    text = re.sub(r"(?m)^1000(\s+Ns)$", str(n) + r"\1", sample)
    text = re.sub(r"(?m)^80(\s+NBs)$", r"192\1", text)
    with open(os.path.join(work, "hpccinf.txt"), "w") as f:
        f.write(text)
    env = environment(lib_dir, dict(extra, SWBLAS_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1",
                                    OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1"))
    if os.path.exists(os.path.join(work, "hpccoutf.txt")):
        os.remove(os.path.join(work, "hpccoutf.txt"))
    subprocess.run(["mpirun", "-np", "2", "-x", "LD_LIBRARY_PATH", "-x", "SWBLAS_NUM_THREADS", "-x",
                    "OPENBLAS_NUM_THREADS"] + [a for k in ("OPENBLAS_CORETYPE",) if k in env for a in ("-x", k)] +
                   ["/usr/bin/hpcc"], cwd=work, env=env, check=True, capture_output=True)
    report = open(os.path.join(work, "hpccoutf.txt")).read()
    passed = "PASSED" in "".join(l for l in report.splitlines() if "||Ax-b||" in l)
    rate = re.search(r"HPL_Tflops=(\S+)", report)
    return (float(rate.group(1)) * 1000 if rate else float("nan")), passed


def probes(build):
    peak = subprocess.run([os.path.join(build, "bench", "dgemm", "swblas-bench-dgemm"), "--peak", "--threads", "2"],
                          capture_output=True, text=True).stdout.strip()
    stream = subprocess.run([os.path.join(build, "bench", "vector", "swblas-bench-vector"), "--stream", "--threads",
                             "2"], capture_output=True, text=True).stdout.strip()
    return peak, stream


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", default="build")
    p.add_argument("--out", default="build/bench-clients")
    p.add_argument("--n", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--hpl-n", type=int, default=8000)
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    build = os.path.abspath(args.build)
    peak_before, stream = probes(build)
    rows = []
    with tempfile.TemporaryDirectory() as root:
        for name, blas, lapack, extra in configs(build):
            lib_dir = alone.make_dir(os.path.join(root, name.replace(" ", "-")), blas, lapack)
            print(f"{name}: numpy", flush=True)
            for op, r in numpy_times(lib_dir, extra, args.n, args.repeats, OPS).items():
                rows.append({"config": name, "case": op, "best_s": min(r["times"]),
                             "mean_s": statistics.mean(r["times"]), "flops": r["flops"] or ""})
            print(f"{name}: HPL N={args.hpl_n}", flush=True)
            gflops, passed = hpl_gflops(lib_dir, extra, args.hpl_n, root)
            rows.append({"config": name, "case": f"HPL N={args.hpl_n} 2 ranks", "gflops": gflops,
                         "passed": passed})
    peak_after, _ = probes(build)
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["config", "case", "best_s", "mean_s", "flops", "gflops", "passed"])
        w.writeheader()
        w.writerows(rows)
    names = [c[0] for c in configs(build)]
    lines = ["# numpy and HPL on swblas and OpenBLAS as libblas.so.3", "",
             f"`{' '.join(sys.argv)}`; n = {args.n}, {args.repeats} repeats per case.", "",
             "FMA peak (2 threads), before and after:", "", "```", peak_before, peak_after, "```",
             "Memory bandwidth (2 threads):", "", "```", stream, "```", "",
             "Seconds, best (mean); HPL in GFLOP/s. Ratio: OpenBLAS's best configuration's time over swblas's "
             "(> 1: swblas faster).", "",
             "| case | " + " | ".join(names) + " | ratio |", "|---" * (len(names) + 2) + "|"]
    for case in OPS + [f"HPL N={args.hpl_n} 2 ranks"]:
        cells, values = [], {}
        for name in names:
            r = next(r for r in rows if r["config"] == name and r["case"] == case)
            if "gflops" in r:
                values[name] = r["gflops"]
                cells.append(f"{r['gflops']:.1f}{'' if r['passed'] else ' (FAILED)'}")
            else:
                values[name] = r["best_s"]
                cells.append(f"{r['best_s']:.3f} ({r['mean_s']:.3f})")
        others = [values[n] for n in names if n != "swblas"]
        if case.startswith("HPL"):
            ratio = values["swblas"] / max(others)
        else:
            ratio = min(others) / values["swblas"]
        lines.append(f"| {case} | " + " | ".join(cells) + f" | {ratio:.2f} |")
    open(os.path.join(args.out, "summary.md"), "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
