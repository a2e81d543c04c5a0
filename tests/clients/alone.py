"""swblas as the only BLAS of a client process.

A directory of the test's own holds libblas.so.3 (swblas) and
liblapack.so.3 (reference LAPACK, which needs nothing but libblas.so.3) and
goes first on LD_LIBRARY_PATH; nothing is preloaded. Debian's alternatives
may point the system's liblapack.so.3 at OpenBLAS's LAPACK, which would
bring libopenblas.so.0 in with it, so the reference one is linked
explicitly. `check_loads_swblas` proves the loader's choice for a client
binary; `other_blas_mapped` lists BLAS libraries other than ours in a
running process.
"""
import os
import subprocess

REFERENCE_LAPACK = "/usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3"
REFERENCE_BLAS = "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3"
FOREIGN_BLAS = ("libopenblas", "libblis", "libmkl", "libatlas")


def make_dir(path, blas, lapack=REFERENCE_LAPACK):
    """path/ with libblas.so.3 -> blas and liblapack.so.3 -> lapack."""
    os.makedirs(path, exist_ok=True)
    for name, target in (("libblas.so.3", blas), ("liblapack.so.3", lapack)):
        link = os.path.join(path, name)
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(os.path.abspath(target), link)
    return path


def environment(lib_dir, **extra):
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = lib_dir
    env.pop("LD_PRELOAD", None)
    env.update(extra)
    return env


def check_loads_swblas(binary, lib_dir, host_prefixes=()):
    """Raises unless `ldd -r binary` resolves libblas.so.3 into lib_dir with
    no undefined symbol (but those a host process supplies: names starting
    with host_prefixes) and no other BLAS."""
    out = subprocess.run(["ldd", "-r", binary], env=environment(lib_dir), capture_output=True, text=True)
    text = out.stdout + out.stderr
    resolved = [line for line in text.splitlines() if "libblas.so.3 =>" in line]
    if not resolved or lib_dir not in resolved[0]:
        raise SystemExit(f"{binary}: libblas.so.3 does not resolve into {lib_dir}:\n{text}")
    undefined = [line for line in text.splitlines()
                 if line.startswith("undefined symbol: ") and not line.split()[2].startswith(host_prefixes)]
    if undefined:
        raise SystemExit(f"{binary}: undefined symbols with swblas as libblas.so.3:\n" + "\n".join(undefined))
    foreign = [line for line in text.splitlines() if any(f in line for f in FOREIGN_BLAS)]
    if foreign:
        raise SystemExit(f"{binary}: another BLAS is loaded too:\n" + "\n".join(foreign))


def other_blas_mapped():
    """The BLAS libraries other than swblas mapped into this process."""
    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps if "/" in line}
    return sorted(p for p in paths if any(f in os.path.basename(p) for f in FOREIGN_BLAS))
