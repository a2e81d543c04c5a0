#!/usr/bin/python3
"""Side-by-side Level-1/2 benchmark: swblas against OpenBLAS and BLIS.

One command runs every library configuration of bench/dgemm/run_bench.py
(libxsmm aside) on the Level-1 and Level-2 routines of swblas-bench-vector,
single threaded and on all cores, measures the memory bandwidth they are
bound by (--stream, before, between and after the thread counts) and the cost
of a call at length 8 (--call-cost), and writes into the output directory:
  results.csv     every measured row, with the configuration
  bandwidth.csv   the bandwidth probe's rows (read, update, triad)
  call_cost.csv   ddot and daxpy at n = 8, and the harness's empty call
  summary.md      per routine a table of GB/s, swblas % of the bandwidth bound
                  (out-of-cache sizes), swblas / best peer

Each measurement is a child process with its configuration's environment;
sizes run in the outer loop and configurations in the inner one, so that the
numbers compared in one row were measured seconds apart on the shared cores.

Usage (from the repository root, after building swblas and swblas-bench-vector
into build/):
  bench/vector/run_vector_bench.py --quick   # n = 1e3, 1e5, 1e7; matrices 200, 4000: < 5 minutes
  bench/vector/run_vector_bench.py --full    # n = 1e2 ... 1e7; matrices 100 ... 4000, twice over
"""

import argparse
import csv
import datetime
import importlib.util
import io
import math
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_run_bench():
    """bench/dgemm/run_bench.py (a script, so loaded from its path): its configurations,
    machine queries and child runner serve here too."""
    spec = importlib.util.spec_from_file_location(
        "run_bench", os.path.join(HERE, os.pardir, "dgemm", "run_bench.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rb = load_run_bench()

# Per routine: its Fortran symbol, the operands' footprint in elements (what
# must stay in cache for an in-cache run), the traffic model of one call (as
# swblas-bench-vector counts it; see vector_routines.h), the flops, and the
# bandwidth bound it is judged against: "read" for the routines that only
# read, or read a matrix and write a vector; "update" for those that write as
# much as they read (the probe's a += s b).
ROUTINES = {
    # name: (symbol, footprint(n) in elements, bytes per call, flops, bound)
    "ddot": ("ddot_", lambda n: 2 * n, "16 n", "2 n", "read"),
    "daxpy": ("daxpy_", lambda n: 2 * n, "24 n", "2 n", "update"),
    "dscal": ("dscal_", lambda n: n, "16 n", "n", "update"),
    "dnrm2": ("dnrm2_", lambda n: n, "8 n", "2 n", "read"),
    "dasum": ("dasum_", lambda n: n, "8 n", "n", "read"),
    "idamax": ("idamax_", lambda n: n, "8 n", "n", "read"),
    "zaxpy": ("zaxpy_", lambda n: 2 * n, "48 n", "8 n", "update"),
    "zdotc": ("zdotc_", lambda n: 2 * n, "32 n", "8 n", "read"),
    "dgemv_n": ("dgemv_", lambda n: n * n + 2 * n, "8 (n^2 + 3 n)", "2 n^2", "read"),
    "dgemv_t": ("dgemv_", lambda n: n * n + 2 * n, "8 (n^2 + 3 n)", "2 n^2", "read"),
    "dger": ("dger_", lambda n: n * n + 2 * n, "8 (2 n^2 + 2 n)", "2 n^2", "update"),
    "dsymv": ("dsymv_", lambda n: n * (n + 1) // 2 + 2 * n, "8 (n (n+1)/2 + 3 n)", "2 n^2",
              "read"),
    "dtrsv": ("dtrsv_", lambda n: n * (n + 1) // 2 + n, "8 (n (n+1)/2 + 2 n)", "n^2", "read"),
    "dtrmv": ("dtrmv_", lambda n: n * (n + 1) // 2 + n, "8 (n (n+1)/2 + 2 n)", "n^2", "read"),
    "zgemv_n": ("zgemv_", lambda n: n * n + 2 * n, "16 (n^2 + 3 n)", "8 n^2", "read"),
    "sgemv_n": ("sgemv_", lambda n: n * n + 2 * n, "4 (n^2 + 3 n)", "2 n^2", "read"),
}
LEVEL1 = ("ddot", "daxpy", "dscal", "dnrm2", "dasum", "idamax", "zaxpy", "zdotc")
LEVEL2 = ("dgemv_n", "dgemv_t", "dger", "dsymv", "dtrsv", "dtrmv", "zgemv_n", "sgemv_n")
ELEMENT_BYTES = {"s": 4, "d": 8, "z": 16}
# A size is out of cache when its operands take at least this many times the
# last-level cache: then at most a third of them can still be cached from the
# previous call, and % of the bandwidth bound is shown.
OUT_OF_CACHE = 1.5

# min_time: seconds of 1-ms runs per cell, the best call counting; rounds:
# the grid that many times over, each cell keeping its best (the shared
# host's load comes and goes); stream_time: seconds per probe kernel.
PRESETS = {
    "quick": dict(vectors=[1000, 100000, 10000000], matrices=[200, 4000], min_time=0.1,
                  rounds=1, timeout=60, stream_time=0.3, call_time=0.1),
    "full": dict(vectors=[100, 1000, 10000, 100000, 1000000, 10000000],
                 matrices=[100, 200, 500, 1000, 2000, 4000], min_time=0.3, rounds=2,
                 timeout=120, stream_time=1.0, call_time=0.3),
}


def element_bytes(routine):
    return ELEMENT_BYTES[routine[1] if routine.startswith("i") else routine[0]]


def footprint_bytes(routine, n):
    return ROUTINES[routine][1](n) * element_bytes(routine)


def size_label(n):
    return "n=%d" % n


# Runner.measure labels its progress lines with run_bench's shape_label; this
# module's private copy of run_bench labels sizes instead.
rb.shape_label = size_label


class VectorRunner(rb.Runner):
    """run_bench's child runner (rows, failures, a library lacking the routine) with
    swblas-bench-vector's command line; a problem is (routine, size)."""

    def command(self, config, threads, routine, size):
        return [self.args.bench_exe, "--lib", config.path, "--label", config.library,
                "--threads", str(threads), "--routine", routine, "--sizes", str(size),
                "--min-time", str(self.preset["min_time"]), "--offset", str(self.args.offset)]

    def too_slow(self, config, threads, routine, size):
        return None  # every cell of the presets takes well under a second


def make_configs(args):
    """run_bench's configurations without libxsmm (it has no Level 1 or 2)."""
    return [c for c in rb.make_configs(args) if c.library != "libxsmm"]


def problems_of(preset):
    """(routine, size) in measuring order: sizes outer, routines inner, Level 1 first."""
    level1 = [r for r in preset["routines"] if r in LEVEL1]
    level2 = [r for r in preset["routines"] if r in LEVEL2]
    return ([(r, n) for n in preset["vectors"] for r in level1] +
            [(r, n) for n in preset["matrices"] for r in level2])


def run_child(command, env, timeout):
    """(returncode, stdout, stderr); returncode None after a timeout."""
    try:
        child = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", "timeout after %g s" % timeout
    return child.returncode, child.stdout, child.stderr


def measure_bandwidth(args, preset, thread_counts, best, sizes):
    """Runs the probe on every thread count; best[(kernel, threads)] keeps the best GB/s
    (other load only ever lowers it), sizes["llc"] and sizes["array"] the bytes of the
    last-level cache and of each probe array."""
    for threads in thread_counts:
        print("  bandwidth probe, %d thread(s)" % threads, flush=True)
        code, out, err = run_child([args.bench_exe, "--stream", "--threads", str(threads),
                                    "--min-time", str(preset["stream_time"])],
                                   dict(os.environ), preset["timeout"])
        if code != 0:
            print("    failed: " + (err.strip().splitlines() or ["?"])[-1], flush=True)
            continue
        for row in csv.DictReader(io.StringIO(out)):
            key = (row["kernel"], int(row["threads"]))
            best[key] = max(best.get(key, 0.0), float(row["gbytes_per_s"]))
            sizes.update(llc=int(row["llc_bytes"]), array=int(row["array_bytes"]))


def measure_call_cost(runner, config, threads, rows):
    """ddot and daxpy at n = 8 and the harness's empty call, one child."""
    if config.skip_reason:
        return
    print("  %-18s %2d thread(s) call cost" % (config.name, threads), flush=True)
    code, out, err = run_child([runner.args.bench_exe, "--lib", config.path, "--label",
                                config.library, "--threads", str(threads), "--call-cost",
                                "--min-time", str(runner.preset["call_time"])],
                               config.environment(threads), runner.preset["timeout"])
    if code == 0 or code == 5:  # 5: lacks both ddot_ and daxpy_
        for row in csv.DictReader(io.StringIO(out)):
            row["config"] = config.name
            rows.append(row)
        # Named like Runner.measure's, so that the grid skips these routines too.
        for symbol in re.findall(r"library lacks (\w+) ", err):
            if symbol not in config.lacking:
                config.lacking.append(symbol)
    if code != 0 and code != 5:
        reason = "timeout" if code is None else rb.describe_failure(code, err)
        runner.failures.append((config.name, threads, "call cost", 8, reason))


def swblas_identity(config, bench_exe):
    """What swblas chose (SWBLAS_VERBOSE=1 during one small dgemv_), if it has dgemv_."""
    env = config.environment(1)
    env["SWBLAS_VERBOSE"] = "1"
    code, _, err = run_child([bench_exe, "--lib", config.path, "--routine", "dgemv_n",
                              "--sizes", "64", "--min-time", "0"], env, 30)
    if code != 0:
        return ""
    return "; ".join(line.strip() for line in err.splitlines() if "chosen" in line)


def identity(config, bench_exe):
    if config.skip_reason:
        return ""
    if config.library == "swblas":
        return swblas_identity(config, bench_exe)
    return rb.library_identity(config, 1, bench_exe)


def write_csv(path, rows, fields):
    with open(path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def best_cells(rows, threads, routine):
    """{size: {config: (GB/s, GFLOP/s)}}, the best round of each cell, sizes in order."""
    table = {}
    for row in rows:
        if int(row["threads"]) == threads and row["routine"] == routine:
            cell = table.setdefault(int(row["size"]), {})
            rate = (float(row["gbytes_per_s"]), float(row["gflops"]))
            cell[row["config"]] = max(cell.get(row["config"], rate), rate)
    return dict(sorted(table.items()))


def percent_of_bound(routine, n, gbytes, threads, bandwidth, llc):
    """The cell of swblas's GB/s as % of the probe's bound: out-of-cache sizes only."""
    if llc and footprint_bytes(routine, n) < OUT_OF_CACHE * llc:
        return "in cache"
    bound = bandwidth.get((ROUTINES[routine][4], threads))
    return "%.0f %%" % (100.0 * gbytes / bound) if gbytes and bound and llc else "—"


def routine_section(routine, rows, names, thread_counts, bandwidth, llc, ratios):
    """The table of one routine; appends its swblas / best peer ratios to
    ratios[(level, threads)]."""
    symbol, _, traffic, flops, bound = ROUTINES[routine]
    tables = {t: best_cells(rows, t, routine) for t in thread_counts}
    ran = [n for n in names if any(n in c for t in tables.values() for c in t.values())]
    peers = [n for n in ran if not n.startswith("swblas")]
    lines = ["## %s" % routine, "",
             "`%s`; bytes per call %s, flops %s; bound: the %s bandwidth. GB/s per "
             "configuration:" % (symbol, traffic, flops, bound), ""]
    if not ran:
        return lines + ["No configuration measured it.", ""]
    lines += ["| threads | n | " + " | ".join(ran) + " | swblas %% of %s bound | swblas / best "
              "peer |" % bound, "|---" * (len(ran) + 4) + "|"]
    level = "Level 1" if routine in LEVEL1 else "Level 2"
    own_ratios = {}
    for threads, table in tables.items():
        for n, cells in table.items():
            own = cells.get("swblas", (None,))[0]
            best_peer = max((cells[p][0] for p in peers if p in cells), default=None)
            percent = percent_of_bound(routine, n, own, threads, bandwidth, llc)
            ratio = own / best_peer if own and best_peer else None
            if ratio:
                own_ratios.setdefault(threads, []).append(ratio)
                ratios.setdefault((level, threads), []).append(ratio)
            lines.append("| %d | %d | %s | %s | %s |" % (
                threads, n, " | ".join("%.2f" % cells[c][0] if c in cells else "—" for c in ran),
                percent, "%.2f" % ratio if ratio else "—"))
    lines.append("")
    for threads, values in own_ratios.items():
        lines.append("- %d thread%s: %s" % (threads, "s" if threads > 1 else "",
                                            rb.geometric_mean_line("%d sizes" % len(values),
                                                                   values)))
    return lines + [""]


def bandwidth_lines(bandwidth, thread_counts, sizes):
    mib = (sizes.get("array", 0) / 2**20, sizes.get("llc", 0) / 2**20)
    lines = ["Measured memory bandwidth (`swblas-bench-vector --stream`: arrays of %.0f MiB "
             "each, 4x the %.0f MiB last-level cache; best run, best of the probes before, "
             "between and after the thread counts):" % mib, "",
             "| threads | read: s += a[i] (8 B) | update: a[i] += s b[i] (24 B) | triad: a[i] = "
             "b[i] + s c[i] (32 B with write-allocate; STREAM's 24 B figure) |",
             "|---|---|---|---|"]
    for threads in thread_counts:
        read, update, triad = (bandwidth.get((k, threads)) for k in ("read", "update", "triad"))
        lines.append("| %d | %s | %s | %s |" % (
            threads, "%.1f GB/s" % read if read else "—",
            "%.1f GB/s" % update if update else "—",
            "%.1f GB/s (%.1f)" % (triad, 0.75 * triad) if triad else "—"))
    return lines + [""]


def call_cost_lines(rows, names, thread_counts):
    lines = ["## Call cost", "",
             "Nanoseconds per call at n = 8 (best 1-ms run), the per-call overhead: argument "
             "checks, dispatch, threading decisions. The harness's own empty call (a "
             "`std::function` through the same timing loop) is included in each figure.", "",
             "| threads | configuration | ddot | daxpy |", "|---|---|---|---|"]
    empty = {}
    for threads in thread_counts:
        for name in names:
            cells = {r["routine"]: float(r["seconds"]) * 1e9 for r in rows
                     if r["config"] == name and int(r["threads"]) == threads}
            if "empty_call" in cells:
                empty[threads] = min(empty.get(threads, 1e300), cells["empty_call"])
            if "ddot" in cells or "daxpy" in cells:
                lines.append("| %d | %s | %s | %s |" % (threads, name, *(
                    "%.1f" % cells[r] if r in cells else "—" for r in ("ddot", "daxpy"))))
    lines.append("")
    for threads, ns in empty.items():
        lines.append("- harness empty call, %d thread(s): %.1f ns" % (threads, ns))
    return lines + [""]


def operand_place(offset):
    """Where the operands start, for the method line."""
    if offset == 0:
        return "64-byte aligned"
    return "each %d bytes past a 64-byte boundary (`--offset %d`, as malloc places large blocks)" % (
        offset, offset)


def write_summary(path, args, preset, runner, configs, calls, bandwidth, sizes, identities,
                  thread_counts, loads):
    names = [c.name for c in configs]
    command = [rb.in_repository(sys.argv[0])] + sys.argv[1:]
    out = ["# Level 1 and 2: swblas side by side with OpenBLAS and BLIS", "",
           "Command: `%s`" % " ".join(shlex.quote(a) for a in command), "",
           "Date: %s UTC. CPU: %s, %d physical core(s); all-core runs on %d thread(s)."
           % (datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M"), rb.cpu_model(),
              rb.physical_cores(), thread_counts[-1]), ""]
    out += bandwidth_lines(bandwidth, thread_counts, sizes)
    out += ["Method: each cell is one child process (`swblas-bench-vector --routine R --sizes "
            "n`) on random operands initialised once, " + operand_place(args.offset) +
            ", unit increments, lda = n; its first "
            "call is checked against a reference computed by the harness (a wrong result "
            "fails the cell); the time is the best call time over 1-ms runs repeated for "
            "%.2f s; the grid is measured %d time(s) over, libraries interleaved size by "
            "size, each cell keeping its best round. GB/s count the bytes of the traffic "
            "model in each routine's heading (every operand once per call, an updated one "
            "twice); %% of bound is shown for sizes whose operands take at least %.1fx the "
            "last-level cache, against the probe's read bandwidth (read-only routines and "
            "the matrix-reading Level 2) or update bandwidth (daxpy, zaxpy, dscal, dger). "
            "Smaller sizes run from cache and can exceed the bound. The machine is shared: "
            "compare ratios within one run, not times across runs (1-minute load average "
            "before / after: %.2f / %.2f)."
            % (preset["min_time"], preset["rounds"], OUT_OF_CACHE, loads[0], loads[1]), ""]
    ratios = {}
    sections = []
    for routine in preset["routines"]:
        sections += routine_section(routine, runner.rows, names, thread_counts, bandwidth,
                                    sizes.get("llc"), ratios)
    out += ["## swblas / best peer (GB/s), all routines", ""]
    if not ratios:
        out.append("- no cell has both swblas and a peer")
    for (level, threads), values in sorted(ratios.items()):
        out.append("- %s, %d thread%s: %s" % (level, threads, "s" if threads > 1 else "",
                                              rb.geometric_mean_line("%d cells" % len(values),
                                                                     values)))
    out += [""] + call_cost_lines(calls, names, thread_counts) + sections
    out += ["## Configurations", ""]
    measured = {row["config"] for row in runner.rows + calls}
    for config in configs:
        lacking = sorted({ROUTINES[r[:-1]][0] for r in config.lacking if r[:-1] in ROUTINES})
        stopped = "; ".join(["%s %s" % item for item in config.stopped.items()] +
                            (["lacks " + ", ".join(lacking)] if lacking else []))
        if config.name not in measured:
            status = "did not run: " + (config.skip_reason or stopped or "every cell failed")
        else:
            status = "ran" + ("; " + stopped if stopped else "")
        extra = "; " + identities[config.name] if identities.get(config.name) else ""
        out.append("- **%s**: %s — `%s` — %s%s" % (config.name, config.description,
                                                  rb.in_repository(config.path), status, extra))
    if runner.failures:
        out += ["", "## Failures and skipped cells", ""]
        for name, threads, routine, n, reason in runner.failures:
            out.append("- %s, %d thread(s), %s n=%d: %s" % (name, threads, routine, n, reason))
    with open(path, "w") as summary:
        summary.write("\n".join(out) + "\n")


def parse_list(text, convert, allowed=None):
    items = [convert(float(i)) if convert is int else i.strip()
             for i in text.replace(";", ",").split(",") if i.strip()]
    if not items or (allowed and any(i not in allowed for i in items)) or \
            (convert is int and min(items) < 1):
        raise argparse.ArgumentTypeError("bad list %r" % text)
    return items


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    preset = parser.add_mutually_exclusive_group()
    preset.add_argument("--quick", action="store_const", dest="preset", const="quick",
                        help="n = 1e3, 1e5, 1e7 and matrices 200, 4000 (default)")
    preset.add_argument("--full", action="store_const", dest="preset", const="full",
                        help="n = 1e2 ... 1e7 and matrices 100 ... 4000, twice over")
    parser.add_argument("--routines", type=lambda t: parse_list(t, str, ROUTINES),
                        help="comma-separated subset of: " + ",".join(ROUTINES))
    parser.add_argument("--vector-sizes", type=lambda t: parse_list(t, int),
                        help="replace the preset's vector lengths, e.g. 1e3,1e6")
    parser.add_argument("--matrix-sizes", type=lambda t: parse_list(t, int),
                        help="replace the preset's matrix orders, e.g. 300,3000")
    parser.add_argument("--build-dir", default="build",
                        help="build tree holding libswblas.so and bench/vector (default: build)")
    parser.add_argument("--bench-exe",
                        help="default: BUILD_DIR/bench/vector/swblas-bench-vector")
    parser.add_argument("--out", help="output directory (default: BUILD_DIR/bench-vector-results)")
    rb.add_configuration_arguments(parser)
    parser.add_argument("--min-time", type=float, help="seconds per cell (default: preset's)")
    parser.add_argument("--offset", type=int, default=0,
                        help="operands start this many bytes past a 64-byte boundary "
                             "(default 0; 16 is where glibc's malloc puts large blocks)")
    parser.add_argument("--stream-time", type=float,
                        help="seconds per bandwidth probe kernel (default: preset's)")
    parser.add_argument("--rounds", type=int, help="measure the grid this many times over, "
                        "keeping each cell's best (default: 1 quick, 2 full)")
    parser.add_argument("--timeout", type=float, help="seconds before a child is killed")
    args = parser.parse_args()
    args.preset = args.preset or "quick"
    build = rb.resolve(args.build_dir)
    args.lib = rb.resolve(args.lib) if args.lib else os.path.join(build, "libswblas.so")
    args.bench_exe = rb.resolve(args.bench_exe or
                                os.path.join(build, "bench/vector/swblas-bench-vector"))
    args.out = (os.path.abspath(args.out) if args.out
                else os.path.join(build, "bench-vector-results"))
    return args


def main():
    args = parse_arguments()
    preset = dict(PRESETS[args.preset])
    preset["routines"] = args.routines or list(ROUTINES)
    preset["vectors"] = args.vector_sizes or preset["vectors"]
    preset["matrices"] = args.matrix_sizes or preset["matrices"]
    for key in ("min_time", "rounds", "timeout", "stream_time"):
        preset[key] = getattr(args, key) or preset[key]
    if not os.path.exists(args.bench_exe):
        sys.exit("run_vector_bench.py: %s not found; build first (cmake --build %s --target "
                 "swblas swblas-bench-vector)" % (args.bench_exe, args.build_dir))
    os.makedirs(args.out, exist_ok=True)
    cores = args.threads or rb.physical_cores()
    thread_counts = [1] if cores == 1 else [1, cores]
    configs = make_configs(args)
    problems = problems_of(preset)
    rb.mark_unrunnable(configs, args, "avx512f" in rb.cpu_flags(), problems)
    load_before = os.getloadavg()[0]
    identities = {c.name: identity(c, args.bench_exe) for c in configs}
    runner = VectorRunner(args, preset)
    bandwidth, sizes, calls = {}, {}, []
    measure_bandwidth(args, preset, thread_counts, bandwidth, sizes)
    for threads in thread_counts:
        print("%d thread(s), call cost:" % threads, flush=True)
        for config in configs:
            measure_call_cost(runner, config, threads, calls)
        for round_number in range(preset["rounds"]):
            print("%d thread(s), round %d of %d:" % (threads, round_number + 1, preset["rounds"]),
                  flush=True)
            for problem in problems:
                rb.measure_problem(runner, configs, threads, problem)
        # Before, between and after the thread counts: load only ever lowers a probe.
        measure_bandwidth(args, preset, thread_counts, bandwidth, sizes)
    for threads in thread_counts:
        print("bandwidth, %d thread(s): %s" % (threads, ", ".join(
            "%s %.1f GB/s" % (k, bandwidth[(k, threads)]) for k in ("read", "update", "triad")
            if (k, threads) in bandwidth)), flush=True)
    fields = ["config", "routine", "library", "threads", "size", "seconds", "gbytes_per_s",
              "gflops", "calls_per_run", "runs"]
    write_csv(os.path.join(args.out, "results.csv"), runner.rows, fields)
    write_csv(os.path.join(args.out, "call_cost.csv"), calls, fields)
    write_csv(os.path.join(args.out, "bandwidth.csv"),
              [dict(kernel=k, threads=t, gbytes_per_s="%.3f" % v)
               for (k, t), v in sorted(bandwidth.items())],
              ["kernel", "threads", "gbytes_per_s"])
    write_summary(os.path.join(args.out, "summary.md"), args, preset, runner, configs, calls,
                  bandwidth, sizes, identities, thread_counts, (load_before, os.getloadavg()[0]))
    print("results in " + args.out)


if __name__ == "__main__":
    main()
