#!/usr/bin/env python3
"""Single BLAS calls under the conditions users have: a quiet machine, a
busy one (another process spinning on one core), and the first call after
an idle pause; swblas, OpenBLAS and BLIS in the same run, one thread and all
cores, mean and best per call.

    bench/threads/run_threads_bench.py [--build-dir build] [--quick]

Writes BUILD_DIR/bench-results/threads.md (the table and the command) and
prints it. The ratio that matters is "all cores / one thread" in the busy
rows: at most 1.25 means a busy core costs a threaded call little more than
running alone; the idle columns compare a call after a pause with the same
call in a loop, on all cores and on one thread: what the one-thread call loses
too (cold caches, a core's clock after a sleep) is the machine's, not the
team's.
"""
import argparse
import os
import subprocess
import sys
import time

OPENBLAS = "/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0"
BLIS = "/usr/lib/x86_64-linux-gnu/blis-openmp/libblis.so.4"

# (label, --n, --count): 200^3 and 500^3 dgemm_, batches of 8^3 and 64^3.
CASES = [("dgemm 200^3", 200, 0), ("dgemm 500^3", 500, 0),
         ("batch 10000 x 8^3", 8, 10000), ("batch 1000 x 64^3", 64, 1000)]


def environment(threads):
    env = dict(os.environ)
    for name in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "BLIS_ARCH_TYPE", "OMP_WAIT_POLICY"):
        env.pop(name, None)
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "BLIS_NUM_THREADS", "SWBLAS_NUM_THREADS"):
        env[name] = str(threads)
    return env


def time_calls(exe, lib, n, count, threads, calls, idle_ms=0.0):
    """(mean_ms, best_ms) of `calls` calls, or None when the library lacks them."""
    cmd = [exe, "--lib", lib, "--n", str(n), "--count", str(count), "--calls", str(calls),
           "--idle-ms", str(idle_ms)]
    r = subprocess.run(cmd, env=environment(threads), capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        return None
    mean, best, _ = r.stdout.split()
    return float(mean), float(best)


class busy_core:
    """Another process spinning on the last core while the block runs."""

    def __enter__(self):
        core = os.cpu_count() - 1
        self.proc = subprocess.Popen(["taskset", "-c", str(core), sys.executable, "-c", "while True: pass"])
        time.sleep(0.5)
        return self

    def __exit__(self, *exc):
        self.proc.kill()
        self.proc.wait()


def calls_for(n, count, quick):
    work = n ** 3 * max(count, 1)
    calls = max(20, min(400, int(4e9 / work)))
    return max(10, calls // 4) if quick else calls


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--quick", action="store_true", help="fewer calls per cell")
    parser.add_argument("--threads", type=int, default=os.cpu_count(), help="the all-core count")
    parser.add_argument("--compare", metavar="PATH", help="another libswblas.so (e.g. before a change), "
                        "as 'swblas:compare'")
    args = parser.parse_args()
    exe = os.path.join(args.build_dir, "bench", "threads", "swblas-bench-call-times")
    libs = [("swblas", os.path.join(args.build_dir, "libswblas.so")), ("OpenBLAS", OPENBLAS), ("BLIS", BLIS)]
    if args.compare:
        libs.insert(1, ("swblas:compare", args.compare))
    rows = []
    for label, n, count in CASES:
        calls = calls_for(n, count, args.quick)
        for name, lib in libs:
            cells = {}
            for mode in ("quiet", "busy"):
                for threads in (1, args.threads):
                    if mode == "busy":
                        with busy_core():
                            cells[mode, threads] = time_calls(exe, lib, n, count, threads, calls)
                    else:
                        cells[mode, threads] = time_calls(exe, lib, n, count, threads, calls)
            if n == 500 and count == 0:
                for threads in (1, args.threads):
                    cells["idle", threads] = time_calls(exe, lib, n, count, threads, max(10, calls // 4), idle_ms=50)
            rows.append((label, name, cells))
    lines = ["| call | library | quiet 1T mean / best | quiet %dT mean / best | busy 1T mean | busy %dT mean / best "
             "| busy %dT / 1T (mean) | after 50 ms idle %dT mean / in-loop mean | the same, 1T |" % ((args.threads,) * 4),
             "|---|---|---|---|---|---|---|---|---|"]

    def pair(c):
        return "n/a" if c is None else "%.3f / %.3f ms" % c

    for label, name, cells in rows:
        q1, qt, b1, bt = cells["quiet", 1], cells["quiet", args.threads], cells["busy", 1], cells["busy", args.threads]
        ratio = "n/a" if not (b1 and bt) else "%.2f" % (bt[0] / b1[0])
        def idle_text(threads, loop):
            idle = cells.get(("idle", threads))
            return "" if idle is None or loop is None else "%.3f ms / %.3f ms = %.2f" % (idle[0], loop[0],
                                                                                       idle[0] / loop[0])

        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            label, name, pair(q1), pair(qt), "n/a" if b1 is None else "%.3f ms" % b1[0], pair(bt), ratio,
            idle_text(args.threads, qt), idle_text(1, q1)))
    command = " ".join(["bench/threads/run_threads_bench.py"] + sys.argv[1:])
    text = "\n".join(["Command: `%s` (%s)" % (command, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())),
                      "", "Busy: another process spinning on core %d (taskset)." % (os.cpu_count() - 1), ""] + lines)
    out = os.path.join(args.build_dir, "bench-results")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "threads.md"), "w") as f:
        f.write(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
