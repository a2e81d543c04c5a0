#!/usr/bin/python3
"""Side-by-side GEMM benchmark: swblas against OpenBLAS, BLIS and libxsmm.

One command runs every library configuration on the same shapes, single
threaded and on all cores, for DGEMM or any of sgemm, dgemm, cgemm, zgemm
(--routines, --level3) or every Level-3 routine (--level3-all), and writes into the output directory:
  results.csv            every measured row, with the configuration and routine
  R_square_1t.png        GFLOP/s against n (square NN) per routine R, one thread
  R_square_mt.png        the same on all cores
  summary.md             per routine a table of GFLOP/s, swblas % of the peak of
                         its precision, swblas / best peer

Each measurement runs in its own child process (swblas-bench-dgemm, or
swblas-bench-xsmm for libxsmm) with the environment of its configuration, so
that OpenBLAS and BLIS read their settings at load time and a crash or a hang
costs one row, not the run.  Shapes run in the outer loop and configurations
in the inner one, so that the libraries compared on one shape are measured
seconds apart: the 2-core machine is shared and its speed drifts.

Usage (from the repository root, after building into build/):
  bench/dgemm/run_bench.py --quick            # a handful of sizes, < 1 minute
  bench/dgemm/run_bench.py --full             # the whole grid, < 20 minutes
  bench/dgemm/run_bench.py --level3 --quick   # s/d/c/z GEMM, n = 500-2000, < 3 minutes
  bench/dgemm/run_bench.py --level3-all --quick   # every Level-3 routine, n = 500, 1000, ~3 minutes
"""

import argparse
import csv
import datetime
import importlib.util
import io
import math
import os
import shlex
import signal
import subprocess
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "BLIS_NUM_THREADS",
                    "SWBLAS_NUM_THREADS")
OPENBLAS = "/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0"
BLIS = "/usr/lib/x86_64-linux-gnu/blis-openmp/libblis.so.4"
XSMM_MAX_N = 256
XSMM_BLAS_MAX_N = 64  # libxsmm_dgemm passes m n k > 64^3 to a BLAS (none in its benchmark)

SQUARE_FULL = [8, 16, 32, 64, 128, 256, 512, 1000, 1500, 2000, 3000, 4000]
NON_SQUARE = [(2000, 2000, 32), (32, 2000, 2000), (2000, 32, 2000), (999, 1001, 997),
              (4000, 16, 4000)]
TRANSPOSES = [(1000, 1000, 1000, ta, tb) for ta in "NT" for tb in "NT" if ta + tb != "NN"]

# The routines the executable times (--routine) and the FMA peak each is judged
# against: the precision of its real type.  Flops per m n k of a real type
# (complex: 4 times as many, a complex multiply-add is 8 flops): 2 for gemm,
# symm, syr2k; 1 for syrk, trmm, trsm, gemmt (n^2 k for the triangle outputs,
# not the exact n (n + 1) k).  Square shapes n fit them all (m = n = k).
GEMMS = ("sgemm", "dgemm", "cgemm", "zgemm")
FAMILIES = {"gemm": ("sdcz", 2), "symm": ("sdcz", 2), "hemm": ("cz", 2), "syrk": ("sdcz", 1),
            "herk": ("cz", 1), "syr2k": ("sdcz", 2), "her2k": ("cz", 2), "trmm": ("sdcz", 1),
            "trsm": ("sdcz", 1), "gemmt": ("sdcz", 1)}
ROUTINES = tuple(p + family for family, (prefixes, _) in FAMILIES.items() for p in prefixes)
PRECISION = {r: "float" if r[0] in "sc" else "double" for r in ROUTINES}
FLOPS_PER_MNK = {r: FAMILIES[r[1:]][1] * (4 if r[0] in "cz" else 1) for r in ROUTINES}

# Timing per preset: a run lasts min_time seconds, the best of `runs` runs is
# kept unless they would exceed max_time seconds (large sizes: fewer runs);
# a child is killed after `timeout` seconds.  Runs are timed in windows of
# whole calls lasting at least WINDOW seconds and the fastest window counts
# (one call per window once a call is longer): the cores are shared, and a few
# milliseconds without another process on the core are common while a whole
# 0.2 s run without one is not.
WINDOW = 0.005
# `rounds`: the whole grid is measured that many times over, the libraries
# interleaved shape by shape, and each cell keeps its best round: a library
# whose one slot fell on a busy stretch of the shared host gets another.
PRESETS = {
    "quick": dict(square=[16, 64, 256, 1000], other=[(2000, 2000, 32), (1000, 1000, 1000, "T", "N")],
                  min_time=0.1, runs=3, max_time=1.0, timeout=60, rounds=1),
    "full": dict(square=SQUARE_FULL, other=NON_SQUARE + TRANSPOSES,
                 min_time=0.2, runs=3, max_time=8.0, timeout=300, rounds=2),
    # --level3: the four GEMMs on square NN problems; --quick with it times
    # each cell by one short run (a 2000 zgemm call alone takes about a second).
    "level3": dict(square=[500, 1000, 2000], other=[], routines=GEMMS,
                   min_time=0.2, runs=3, max_time=4.0, timeout=300, rounds=2),
    "level3-quick": dict(square=[500, 1000, 2000], other=[], routines=GEMMS,
                         min_time=0.05, runs=1, max_time=0.2, timeout=60, rounds=1),
    # --level3-all: every Level-3 routine of every precision the same way.
    "level3-all": dict(square=[500, 1000, 2000], other=[], routines=ROUTINES,
                       min_time=0.2, runs=3, max_time=4.0, timeout=300, rounds=2),
    # --quick drops n = 2000: with one call each for the check and the time,
    # its cells alone took 5 of 8 minutes.
    "level3-all-quick": dict(square=[500, 1000], other=[], routines=ROUTINES,
                             min_time=0.02, runs=1, max_time=0.1, timeout=60, rounds=1),
}


class Config:
    """One library configuration: what to run and the environment to run it in."""

    def __init__(self, name, library, path=None, set_env=None, unset_env=(), needs_avx512=False,
                 single_thread_only=False, max_square_n=None, extra_args=(), description=""):
        self.name = name
        self.library = library
        self.path = path
        self.set_env = set_env or {}
        self.unset_env = tuple(unset_env)
        self.needs_avx512 = needs_avx512
        self.single_thread_only = single_thread_only
        self.max_square_n = max_square_n
        self.extra_args = list(extra_args)
        self.description = description
        self.skip_reason = None
        # Per routine: a library may lack one GEMM or fail on it and still run the others.
        self.failures = {}  # routine -> failed cells
        self.stopped = {}  # routine -> why it is no longer run
        self.lacking = []  # symbols the library does not export: empty cells, not failures

    def environment(self, threads):
        env = dict(os.environ)
        for name in THREAD_VARIABLES:
            env[name] = str(threads)
        for name in self.unset_env:
            env.pop(name, None)
        env.update(self.set_env)
        return env

    def takes(self, routine, shape):
        if self.max_square_n is None:
            return True
        m, n, k, ta, tb = shape
        return routine == "dgemm" and m == n == k and ta == tb == "N" and n <= self.max_square_n


def make_configs(args):
    configs = [
        Config("swblas", "swblas", args.lib, unset_env=["SWBLAS_TARGET"],
               description="its own choice (SWBLAS_TARGET removed)"),
    ]
    if args.compare:
        configs.append(Config("swblas:compare", "swblas", args.compare, unset_env=["SWBLAS_TARGET"],
                              description="another libswblas (%s), e.g. the previous build, "
                              "interleaved with this one" % args.compare))
    for target in args.swblas_target:
        configs.append(Config("swblas:" + target, "swblas", args.lib,
                              set_env={"SWBLAS_TARGET": target},
                              description="SWBLAS_TARGET=" + target))
    configs += [
        # OPENBLAS_L2_SIZE, which this environment may set, would override the
        # cache size OpenBLAS detects for its blocking.
        Config("openblas", "openblas", OPENBLAS, unset_env=["OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"],
               description="its own choice (OPENBLAS_CORETYPE, OPENBLAS_L2_SIZE removed)"),
        Config("openblas:SkylakeX", "openblas", OPENBLAS, unset_env=["OPENBLAS_L2_SIZE"],
               set_env={"OPENBLAS_CORETYPE": "SkylakeX"}, needs_avx512=True,
               description="OPENBLAS_CORETYPE=SkylakeX (OPENBLAS_L2_SIZE removed)"),
        Config("blis", "blis", BLIS, unset_env=["BLIS_ARCH_TYPE"],
               description="its own choice (BLIS_ARCH_TYPE removed)"),
        Config("blis:skx", "blis", BLIS, set_env={"BLIS_ARCH_TYPE": "skx"}, needs_avx512=True,
               description="BLIS_ARCH_TYPE=skx"),
        Config("libxsmm", "libxsmm", single_thread_only=True, max_square_n=XSMM_MAX_N,
               description="JIT kernels via libxsmm_dmmdispatch, dgemm square NN n <= %d, "
               "1 thread" % XSMM_MAX_N),
        Config("libxsmm:dgemm", "libxsmm", single_thread_only=True, max_square_n=XSMM_BLAS_MAX_N,
               extra_args=["--blas-call"],
               description="libxsmm_dgemm, its BLAS-style entry (dgemm's arguments, the JIT kernel "
               "found on every call), dgemm square NN n <= %d, 1 thread" % XSMM_BLAS_MAX_N),
    ]
    if args.configs:
        wanted = set(args.configs.split(","))
        configs = [c for c in configs if c.name in wanted]
    return configs


def cpu_flags():
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    return set()


def cpu_model():
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown"


def physical_cores():
    """Number of cores this process may run on, SMT siblings counted once."""
    seen = set()
    for cpu in os.sched_getaffinity(0):
        path = "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list" % cpu
        try:
            with open(path) as siblings:
                seen.add(siblings.read().strip())
        except OSError:
            seen.add(str(cpu))
    return len(seen)


def resolve(path):
    """A relative path is taken from the current directory, else the repository root."""
    if os.path.isabs(path) or os.path.exists(path):
        return os.path.abspath(path)
    return os.path.join(REPO_ROOT, path)


def shape_argument(shape):
    return "%d,%d,%d,%s,%s" % shape


def shape_label(shape):
    m, n, k, ta, tb = shape
    return "%dx%dx%d %s%s" % (m, n, k, ta, tb)


def gflop(routine, shape):
    m, n, k = shape[:3]
    return FLOPS_PER_MNK[routine] * m * n * k * 1e-9


def last_line(text):
    lines = text.strip().splitlines()
    return lines[-1] if lines else ""


def describe_failure(returncode, stderr):
    """The benchmark executables exit with 2 on a setup error (bad option, library not
    loadable), 3 on a wrong result, 4 when the library has no kernel for the shape, 5 when
    it lacks the routine."""
    if returncode < 0:
        # An abort usually says why on its last line (e.g. no kernel for the routine).
        why = last_line(stderr)
        return "killed by %s%s" % (signal.Signals(-returncode).name, ": " + why if why else "")
    if returncode == 3:
        return "wrong result: " + last_line(stderr)
    if returncode == 4:
        return "unsupported: " + last_line(stderr)
    if returncode == 5:
        return last_line(stderr).replace("swblas-bench-dgemm: ", "")
    return "exit status %d: %s" % (returncode, last_line(stderr))


class Runner:
    """Spawns the benchmark children and collects rows, failures and skips."""

    def __init__(self, args, preset):
        self.args = args
        self.preset = preset
        self.rows = []
        self.failures = []
        self.rechecks = []  # (threads, routine, shape, ratio before, ratio after)
        # (config, threads, routine) -> best rate so far, to predict times
        self.best_gflops = {}

    def command(self, config, threads, routine, shape):
        timing = ["--threads", str(threads), "--shapes", shape_argument(shape),
                  "--min-time", str(self.preset["min_time"]), "--runs", str(self.preset["runs"]),
                  "--max-time", str(self.preset["max_time"]), "--window", str(self.args.window)]
        if self.args.offset:
            timing += ["--offset", str(self.args.offset)]
        if config.library == "libxsmm":
            return [self.args.xsmm_exe] + config.extra_args + timing
        return [self.args.bench_exe, "--lib", config.path, "--label", config.library,
                "--routine", routine] + timing

    def too_slow(self, config, threads, routine, shape):
        """A reason to skip when the rate seen so far predicts a call near the timeout."""
        rate = self.best_gflops.get((config.name, threads, routine))
        if not rate:
            return None
        predicted = gflop(routine, shape) / rate
        if 3 * predicted > self.preset["timeout"]:
            return "predicted %.0f s per call at %.2f GFLOP/s" % (predicted, rate)
        return None

    def measure(self, config, threads, routine, shape):
        reason = self.too_slow(config, threads, routine, shape)
        if reason:
            self.failures.append((config.name, threads, routine, shape, "skipped: " + reason))
            return
        print("  %-18s %2d thread(s) %s %s" % (config.name, threads, routine, shape_label(shape)),
              flush=True)
        try:
            child = subprocess.run(self.command(config, threads, routine, shape),
                                   env=config.environment(threads), capture_output=True,
                                   text=True, timeout=self.preset["timeout"])
        except subprocess.TimeoutExpired:
            self.fail(config, threads, routine, shape,
                      "timeout after %g s" % self.preset["timeout"])
            return
        if child.returncode == 5:
            config.lacking.append(routine + "_")
            return
        if child.returncode != 0:
            self.fail(config, threads, routine, shape,
                      describe_failure(child.returncode, child.stderr))
            if child.returncode == 2:  # no library or no such routine: no shape will work
                config.stopped[routine] = "setup failed: " + last_line(child.stderr)
            return
        for row in csv.DictReader(io.StringIO(child.stdout)):
            row["config"] = config.name
            row["routine"] = routine
            self.rows.append(row)
            key = (config.name, threads, routine)
            self.best_gflops[key] = max(self.best_gflops.get(key, 0.0), float(row["gflops"]))

    def fail(self, config, threads, routine, shape, reason):
        print("    failed: " + reason, flush=True)
        self.failures.append((config.name, threads, routine, shape, reason))
        config.failures[routine] = config.failures.get(routine, 0) + 1
        if config.failures[routine] >= 3 and routine not in config.stopped:
            config.stopped[routine] = "stopped after 3 failures"


def measure_peak(bench_exe, threads):
    """{"double": (isa, GFLOP/s), "float": (isa, GFLOP/s)} on `threads` cores."""
    child = subprocess.run([bench_exe, "--peak", "--threads", str(threads), "--min-time", "0.5"],
                           capture_output=True, text=True, check=True)
    return {row["precision"]: (row["isa"], float(row["gflops"]))
            for row in csv.DictReader(io.StringIO(child.stdout))}


def library_identity(config, threads, bench_exe):
    """What the library chose in this configuration (OpenBLAS core, BLIS arch, swblas target)."""
    probes = {
        "openblas": "import ctypes; f = ctypes.CDLL(%r).openblas_get_corename; "
                    "f.restype = ctypes.c_char_p; print('core ' + f().decode())",
        # bli_init first: with BLIS_ARCH_TYPE set, querying before it aborts.
        "blis": "import ctypes; l = ctypes.CDLL(%r); l.bli_init(); "
                "l.bli_arch_string.restype = ctypes.c_char_p; "
                "print('arch ' + l.bli_arch_string(l.bli_arch_query_id()).decode())",
    }
    if config.skip_reason or config.library not in probes and config.library != "swblas":
        return ""
    env = config.environment(threads)
    if config.library == "swblas":
        # SWBLAS_VERBOSE=1 explains the choice on stderr during one tiny call.
        env["SWBLAS_VERBOSE"] = "1"
        command = [bench_exe, "--lib", config.path, "--shapes", "64", "--min-time", "0",
                   "--runs", "1"]
    else:
        command = [sys.executable, "-c", probes[config.library] % config.path]
    try:
        child = subprocess.run(command, env=env, capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return ""
    if child.returncode != 0:
        return "probe " + describe_failure(child.returncode, child.stderr)
    if config.library == "swblas":
        return "; ".join(line.strip() for line in child.stderr.splitlines()
                         if "chosen" in line or "blocking:" in line or "block kernel" in line)
    return child.stdout.strip()


def problems_of(preset):
    """(routine, shape) in measuring order: shapes outer, so that one shape's routines and
    libraries are measured close together."""
    shapes = [(n, n, n, "N", "N") for n in preset["square"]]
    for shape in preset["other"]:
        shapes.append(tuple(shape) + ("N", "N") if len(shape) == 3 else tuple(shape))
    return [(routine, shape) for shape in shapes for routine in preset["routines"]]


def parse_shapes(text):
    """--shapes: the preset's grid format from the command line."""
    square, other = [], []
    for item in filter(None, (i.strip() for i in text.split(";"))):
        fields = item.split(",")
        transposes = [f.strip().upper() for f in fields[3:]]
        try:
            dimensions = [int(f) for f in fields[:3]]
        except ValueError:
            dimensions = []
        if len(fields) not in (1, 3, 5) or not dimensions or min(dimensions) < 1 or \
                any(t not in ("N", "T", "C") for t in transposes):
            raise argparse.ArgumentTypeError("bad shape %r: use n or m,n,k[,ta,tb]" % item)
        if len(fields) == 1:
            square.append(dimensions[0])
        else:
            other.append(tuple(dimensions) + tuple(transposes))
    return square, other


def parse_routines(text):
    """--routines: a comma-separated subset of ROUTINES, in the order given."""
    routines = tuple(r.strip() for r in text.split(",") if r.strip())
    unknown = [r for r in routines if r not in ROUTINES]
    if unknown or not routines:
        raise argparse.ArgumentTypeError("bad routine list %r: use some of %s"
                                         % (text, ",".join(ROUTINES)))
    return routines


def measure_problem(runner, configs, threads, problem):
    """Every configuration that runs this (routine, shape) at this thread count, one after
    the other."""
    routine, shape = problem
    for config in configs:
        if config.skip_reason or routine in config.stopped or routine + "_" in config.lacking or \
                not config.takes(routine, shape):
            continue
        if config.single_thread_only and threads != 1:
            continue
        runner.measure(config, threads, routine, shape)


def peer_ratios(rows, threads):
    """{(routine, shape): swblas / best peer} over the rounds so far (cells with both only)."""
    ratios = {}
    for problem, gflops in gflops_table(rows, threads).items():
        own = gflops.get("swblas")
        best_peer = max((v for name, v in gflops.items() if not name.startswith("swblas")),
                        default=None)
        if own and best_peer:
            ratios[problem] = own / best_peer
    return ratios


def run_all(runner, configs, thread_counts, measure_peaks):
    """Runs every cell `rounds` times, then (--recheck RATIO) the problems whose swblas / best
    peer lies outside [RATIO, 1/RATIO] `recheck_rounds` more times, every library of the
    problem again; measure_peaks() is called before, between and after the thread counts."""
    problems = problems_of(runner.preset)
    measure_peaks()
    for threads in thread_counts:
        for round_number in range(runner.preset["rounds"]):
            print("%d thread(s), round %d of %d:" % (threads, round_number + 1,
                                                    runner.preset["rounds"]), flush=True)
            for problem in problems:
                measure_problem(runner, configs, threads, problem)
        if runner.args.recheck:
            before = peer_ratios(runner.rows, threads)
            # Both tails, so that the peers' unlucky cells get the same second chance.
            ratio = runner.args.recheck
            low = [p for p in problems if p in before and not ratio <= before[p] <= 1.0 / ratio]
            for round_number in range(runner.args.recheck_rounds if low else 0):
                print("%d thread(s), recheck %d of %d (%d shape(s) outside %.2f-%.2f):"
                      % (threads, round_number + 1, runner.args.recheck_rounds, len(low), ratio,
                         1.0 / ratio), flush=True)
                for problem in low:
                    measure_problem(runner, configs, threads, problem)
            after = peer_ratios(runner.rows, threads)
            for problem in low:
                runner.rechecks.append((threads,) + problem + (before[problem],
                                                               after.get(problem)))
        measure_peaks()


def write_csv(path, rows):
    fields = ["config", "routine", "library", "threads", "m", "n", "k", "transa", "transb", "seconds",
              "gflops", "calls_per_run", "runs"]
    with open(path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def row_shape(row):
    return (int(row["m"]), int(row["n"]), int(row["k"]), row["transa"], row["transb"])


def gflops_table(rows, threads, routine=None):
    """{(routine, shape): {config: gflops}} for one thread count (and routine), in measuring
    order; the best round."""
    table = {}
    for row in rows:
        if int(row["threads"]) == threads and routine in (None, row["routine"]):
            cell = table.setdefault((row["routine"], row_shape(row)), {})
            cell[row["config"]] = max(cell.get(row["config"], 0.0), float(row["gflops"]))
    return table


def plot_square(path, rows, threads, routine, peak, config_names):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table = gflops_table(rows, threads, routine)
    figure, axes = plt.subplots(figsize=(8, 5))
    sizes = set()
    for index, name in enumerate(config_names):
        points = sorted((s[0], g[name]) for (_, s), g in table.items()
                        if name in g and s[0] == s[1] == s[2] and s[3] == s[4] == "N")
        if points:
            sizes.update(p[0] for p in points)
            # Colour by configuration, so that both plots use the same colours.
            axes.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=name,
                      color="C%d" % (index % 10),
                      linewidth=2.5 if name.startswith("swblas") else 1.5)
    isa, gflops = peak
    axes.axhline(gflops, color="black", linestyle="--", linewidth=1)
    # x in axes fractions, y in data units: the label sits on the line's left end.
    axes.text(0.01, gflops, "measured FMA peak (%s %s, %d core%s): %.1f GFLOP/s"
              % (PRECISION[routine], isa, threads, "s" if threads > 1 else "", gflops),
              va="bottom",
              transform=axes.get_yaxis_transform())
    axes.set_xscale("log", base=2)
    axes.set_xticks(sorted(sizes), [str(n) for n in sorted(sizes)])
    axes.minorticks_off()
    axes.set_ylim(0, gflops * 1.12)
    axes.set_xlabel("n (m = n = k, NN)")
    axes.set_ylabel("GFLOP/s")
    axes.set_title("%s, square, %d thread%s" % (routine.upper(), threads,
                                                "s" if threads > 1 else ""))
    axes.grid(True, which="both", alpha=0.3)
    if sizes:
        axes.legend(loc="best")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def geometric_mean_line(what, ratios):
    mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    return ("swblas / best peer, geometric mean over %s: **%.2f** (min %.2f, max %.2f)"
            % (what, mean, min(ratios), max(ratios)))


def summary_table(rows, routine, peaks, config_names):
    """One table for the routine, a row per thread count and shape; % of peak against the
    measured peak of the routine's precision at that thread count."""
    tables = {t: gflops_table(rows, t, routine) for t in peaks}
    ran = [n for n in config_names if any(n in g for t in tables.values() for g in t.values())]
    peers = [n for n in ran if not n.startswith("swblas")]
    lines = ["| threads | shape (m x n x k, op) | " + " | ".join(ran) +
             " | swblas %% of %s peak | swblas / best peer |" % PRECISION[routine],
             "|---" * (len(ran) + 4) + "|"]
    ratios = {}
    for threads, table in tables.items():
        peak = peaks[threads][PRECISION[routine]][1]
        for (_, shape), gflops in table.items():
            cells = ["%.2f" % gflops[n] if n in gflops else "—" for n in ran]
            own = gflops.get("swblas")
            best_peer = max((gflops[n] for n in peers if n in gflops), default=None)
            percent = "%.0f %%" % (100.0 * own / peak) if own and peak else "—"
            ratio = "%.2f" % (own / best_peer) if own and best_peer else "—"
            if own and best_peer:
                ratios.setdefault(threads, []).append(own / best_peer)
            lines.append("| %d | %s | %s | %s | %s |" % (threads, shape_label(shape),
                                                         " | ".join(cells), percent, ratio))
    if ratios:
        lines.append("")
        for threads, values in ratios.items():
            lines += ["- %d thread%s: %s" % (threads, "s" if threads > 1 else "",
                                              geometric_mean_line("%d shapes" % len(values),
                                                                  values))]
        if len(ratios) > 1:
            every = [r for values in ratios.values() for r in values]
            lines.append("- all: " + geometric_mean_line("%d cells" % len(every), every))
    return "\n".join(lines)


def method_text(args, preset, loads):
    windows = ""
    if args.window > 0:
        windows = (", each run timed in windows of whole calls lasting at least %g ms, the "
                   "fastest window counting" % (1000 * args.window))
    placed = ("every operand %d bytes past a cache line" % args.offset if args.offset
              else "every operand on a cache line")
    return ("Method: each cell is one child process; C = 1 * op(A) * op(B) + 1 * C on random "
            "data with lda = m, " + placed + " (etc.; the other Level-3 routines: side L, uplo U, L for trmm "
            "and trsm, no transposes, alpha = beta = 1); sampled entries of C are checked "
            "against naive sums (trsm: against the residual of the solve); GFLOP/s count "
            "2mnk flops for real and 8mnk for complex GEMMs, 2 m^2 n for symm and hemm, "
            "n^2 k for syrk, herk and gemmt, 2 n^2 k for syr2k and her2k, m^2 n for trmm and "
            "trsm (real; 4 times that for complex); trmm and trsm overwrite B call after call; "
            "the time is the **best** call time over up to %d runs of at least %.2f s each "
            "(fewer runs when they would exceed %g s)%s; the grid is measured %d time(s) "
            "over, libraries interleaved shape by shape, and each cell keeps its best round. "
            "The machine is shared: compare ratios within one run, not times across runs "
            "(1-minute load average before / after: %.2f / %.2f)."
            % (preset["runs"], preset["min_time"], preset["max_time"], windows,
               preset["rounds"], loads[0], loads[1]))


def in_repository(path):
    """path relative to the repository when it lies inside it (summaries are committed)."""
    full = os.path.abspath(path)
    return os.path.relpath(full, REPO_ROOT) if full.startswith(REPO_ROOT + os.sep) else path


def write_summary(path, args, preset, runner, configs, peaks, identities, loads):
    names = [c.name for c in configs]
    command = [in_repository(sys.argv[0])] + sys.argv[1:]
    routines = preset["routines"]
    out = ["# %s: swblas side by side with OpenBLAS, BLIS and libxsmm"
           % ", ".join(r.upper() for r in routines), "",
           "Command: `%s`" % " ".join(shlex.quote(a) for a in command), "",
           "Date: %s UTC. CPU: %s, %d core(s) used for the all-core runs."
           % (datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M"), cpu_model(), max(peaks)),
           "",
           method_text(args, preset, loads), "",
           "Measured FMA peaks (s and c routines are compared with the float peak, d and z "
           "with the double peak):", ""]
    for threads, peak in peaks.items():
        out.append("- %d thread%s: %s" % (threads, "s" if threads > 1 else "", ", ".join(
            "%s %.1f GFLOP/s (%s)" % (precision, gflops, isa)
            for precision, (isa, gflops) in sorted(peak.items()))))
    out.append("")
    for routine in routines:
        out += ["## %s" % routine, "", "GFLOP/s per configuration:", "",
                summary_table(runner.rows, routine, peaks, names), ""]
        for threads, peak in peaks.items():
            ceiling = peak[PRECISION[routine]][1]
            fastest = max((float(r["gflops"]) for r in runner.rows
                           if int(r["threads"]) == threads and r["routine"] == routine),
                          default=0.0)
            if fastest > ceiling:
                out += ["Note: %.1f GFLOP/s on %d thread(s) measured above the measured peak: "
                        "the peak loop ran while other work shared the cores, so %% of peak is "
                        "overstated." % (fastest, threads), ""]
    out += ["## Configurations", ""]
    measured = {row["config"] for row in runner.rows}
    for config in configs:
        stopped = "; ".join(["%s %s" % item for item in config.stopped.items()] +
                            (["lacks " + ", ".join(config.lacking)] if config.lacking else []))
        if config.name not in measured:
            status = "did not run: " + (config.skip_reason or stopped or "every cell failed")
        else:
            status = "ran" + ("; " + stopped if stopped else "")
        where = in_repository(config.path or args.xsmm_exe)
        extra = "; " + identities[config.name] if identities.get(config.name) else ""
        out.append("- **%s**: %s — `%s` — %s%s" % (config.name, config.description, where,
                                                  status, extra))
    if args.recheck:
        out += ["", "## Rechecked cells", "",
                "Shapes whose swblas / best peer lay outside %.2f-%.2f after the grid's rounds "
                "(both tails: the peers' unlucky cells get the same second chance) were "
                "measured %d more time(s), every library of the shape again, each cell keeping "
                "its best; the tables above include them."
                % (args.recheck, 1.0 / args.recheck, args.recheck_rounds), ""]
        if not runner.rechecks:
            out.append("- none outside %.2f-%.2f" % (args.recheck, 1.0 / args.recheck))
        for threads, routine, shape, before, after in runner.rechecks:
            out.append("- %d thread(s), %s %s: %.2f -> %s"
                       % (threads, routine, shape_label(shape), before,
                          "%.2f" % after if after else "—"))
    if runner.failures:
        out += ["", "## Failures and skipped cells", ""]
        for name, threads, routine, shape, reason in runner.failures:
            out.append("- %s, %d thread(s), %s %s: %s" % (name, threads, routine,
                                                          shape_label(shape), reason))
    with open(path, "w") as summary:
        summary.write("\n".join(out) + "\n")


def add_configuration_arguments(parser, other_names=""):
    """The options make_configs and mark_unrunnable read (also used by
    bench/vector/run_vector_bench.py); other_names: configurations besides the common ones."""
    parser.add_argument("--lib", "--swblas", dest="lib",
                        help="swblas library (default: BUILD_DIR/libswblas.so)")
    parser.add_argument("--threads", type=int, help="the all-core thread count "
                        "(default: one per physical core)")
    parser.add_argument("--configs", help="comma-separated configuration names to run "
                        "(default: all): swblas, openblas, openblas:SkylakeX, blis, blis:skx, "
                        "%sswblas:TARGET, swblas:compare" % other_names)
    parser.add_argument("--compare", metavar="PATH",
                        help="also run another libswblas.so (e.g. a build before a change) as "
                        "configuration swblas:compare, interleaved with this one")
    parser.add_argument("--swblas-target", action="append", default=[],
                        help="also run swblas with SWBLAS_TARGET=TARGET (repeatable)")
    parser.add_argument("--try-unsupported", action="store_true",
                        help="run AVX-512 configurations even on a CPU without AVX-512F")


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    preset = parser.add_mutually_exclusive_group()
    preset.add_argument("--quick", action="store_const", dest="preset", const="quick",
                        help="a handful of sizes (default)")
    preset.add_argument("--full", action="store_const", dest="preset", const="full",
                        help="the whole grid")
    parser.add_argument("--level3", action="store_true",
                        help="sgemm, dgemm, cgemm and zgemm at n = 500, 1000, 2000 (square NN); "
                        "with --quick one short run per cell")
    parser.add_argument("--level3-all", action="store_true",
                        help="every Level-3 routine (?gemm, ?symm, ?hemm, ?syrk, ?herk, ?syr2k, "
                        "?her2k, ?trmm, ?trsm, ?gemmt) at n = 500, 1000, 2000 (square); with "
                        "--quick one short run per cell")
    parser.add_argument("--routines", type=parse_routines,
                        help="comma-separated routines to run, e.g. sgemm,dsyrk,ztrsm "
                        "(default: dgemm; the four GEMMs with --level3)")
    parser.add_argument("--build-dir", default="build",
                        help="build tree holding libswblas.so and bench/dgemm (default: build)")
    add_configuration_arguments(parser, "libxsmm, ")
    parser.add_argument("--bench-exe", help="default: BUILD_DIR/bench/dgemm/swblas-bench-dgemm")
    parser.add_argument("--xsmm-exe",
                        help="default: swblas-bench-xsmm in the directory of --bench-exe")
    parser.add_argument("--out", help="output directory (default: BUILD_DIR/bench-results)")
    parser.add_argument("--shapes", type=parse_shapes, help="replace the preset's shapes: 'n' or 'm,n,k[,ta,tb]' "
                        "items separated by ';', ta and tb one of N, T, C (timing still from "
                        "the preset)")
    parser.add_argument("--window", type=float, default=WINDOW,
                        help="seconds per timing window, 0 for whole runs (default %g)" % WINDOW)
    parser.add_argument("--offset", type=int, default=0,
                        help="?gemm operands this many bytes past a cache line (default 0; 16 is where "
                        "malloc and numpy place large blocks)")
    parser.add_argument("--rounds", type=int,
                        help="measure the grid this many times over, keeping each cell's best "
                        "(default: 1 quick, 2 full)")
    parser.add_argument("--recheck", type=float, metavar="RATIO",
                        help="after the rounds, measure again the shapes where swblas / best "
                        "peer is below RATIO (e.g. 0.95) or above 1/RATIO, every library of "
                        "the shape, --recheck-rounds times (default: no rechecks)")
    parser.add_argument("--recheck-rounds", type=int, default=2,
                        help="rounds of rechecks (default 2)")
    parser.add_argument("--timeout", type=float,
                        help="seconds before a child is killed (default: 60 quick, 300 full)")
    args = parser.parse_args()
    if args.level3 or args.level3_all:
        name = "level3-all" if args.level3_all else "level3"
        args.preset = name + "-quick" if args.preset == "quick" else name
    args.preset = args.preset or "quick"
    build = resolve(args.build_dir)
    args.lib = resolve(args.lib) if args.lib else os.path.join(build, "libswblas.so")
    args.bench_exe = resolve(args.bench_exe or os.path.join(build, "bench/dgemm/swblas-bench-dgemm"))
    args.xsmm_exe = resolve(args.xsmm_exe or
                            os.path.join(os.path.dirname(args.bench_exe), "swblas-bench-xsmm"))
    args.out = os.path.abspath(args.out) if args.out else os.path.join(build, "bench-results")
    return args


def mark_unrunnable(configs, args, has_avx512, problems):
    for config in configs:
        if not any(config.takes(routine, shape) for routine, shape in problems):
            config.skip_reason = "none of the routines and shapes of this run is one it takes"
        elif config.needs_avx512 and not has_avx512 and not args.try_unsupported:
            config.skip_reason = ("the CPU lacks AVX-512F (%s would die with SIGILL)"
                                  % config.description)
        elif config.library == "libxsmm" and not os.path.exists(args.xsmm_exe):
            config.skip_reason = "%s was not built (libxsmm not found)" % args.xsmm_exe
        elif config.path and not os.path.exists(config.path):
            config.skip_reason = "%s does not exist" % config.path


def reexec_with_matplotlib():
    """The demo may run under a python3 without matplotlib (pyenv); Debian's has it."""
    if importlib.util.find_spec("matplotlib"):
        return
    system_python = "/usr/bin/python3"
    if os.path.realpath(sys.executable) != os.path.realpath(system_python) and \
            os.path.exists(system_python) and "SWBLAS_BENCH_REEXEC" not in os.environ:
        os.environ["SWBLAS_BENCH_REEXEC"] = "1"
        os.execv(system_python, [system_python, os.path.abspath(__file__)] + sys.argv[1:])
    print("warning: matplotlib is not available; no plots will be drawn", file=sys.stderr)


def main():
    reexec_with_matplotlib()
    args = parse_arguments()
    preset = dict(PRESETS[args.preset])
    preset["timeout"] = args.timeout or preset["timeout"]
    preset["rounds"] = args.rounds or preset["rounds"]
    if args.shapes:
        preset["square"], preset["other"] = args.shapes
    preset["routines"] = args.routines or preset.get("routines", ("dgemm",))
    if args.offset and any(not r.endswith("gemm") for r in preset["routines"]):
        sys.exit("run_bench.py: --offset is for the ?gemm routines only")
    if not os.path.exists(args.bench_exe):
        sys.exit("run_bench.py: %s not found; build first (cmake --build %s)"
                 % (args.bench_exe, args.build_dir))
    os.makedirs(args.out, exist_ok=True)
    cores = args.threads or physical_cores()
    thread_counts = [1] if cores == 1 else [1, cores]
    configs = make_configs(args)
    mark_unrunnable(configs, args, "avx512f" in cpu_flags(), problems_of(preset))
    load_before = os.getloadavg()[0]
    identities = {c.name: library_identity(c, 1, args.bench_exe) for c in configs}
    # Other load only ever lowers a measured peak: keep the best measurement.
    peaks = {t: {"double": ("", 0.0), "float": ("", 0.0)} for t in thread_counts}

    def measure_peaks():
        for t in thread_counts:
            for precision, peak in measure_peak(args.bench_exe, t).items():
                peaks[t][precision] = max(peaks[t][precision], peak, key=lambda p: p[1])

    runner = Runner(args, preset)
    run_all(runner, configs, thread_counts, measure_peaks)
    for threads, peak in peaks.items():
        for precision, (isa, gflops) in sorted(peak.items()):
            print("FMA peak, %s, %d thread(s): %.1f GFLOP/s (%s)"
                  % (precision, threads, gflops, isa), flush=True)
    write_csv(os.path.join(args.out, "results.csv"), runner.rows)
    try:
        for routine in preset["routines"]:
            for threads, suffix in zip(thread_counts, ["1t", "mt"]):
                plot_square(os.path.join(args.out, "%s_square_%s.png" % (routine, suffix)),
                            runner.rows, threads, routine, peaks[threads][PRECISION[routine]],
                            [c.name for c in configs])
    except ImportError:
        print("warning: matplotlib missing, plots skipped", file=sys.stderr)
    write_summary(os.path.join(args.out, "summary.md"), args, preset, runner, configs, peaks,
                  identities, (load_before, os.getloadavg()[0]))
    print("results in " + args.out)


if __name__ == "__main__":
    main()
