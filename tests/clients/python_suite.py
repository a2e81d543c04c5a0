"""numpy's or SciPy's linear-algebra test suite on swblas alone.

Usage: python_suite.py SWBLAS_LIBRARY WORK_DIR numpy.linalg|scipy.linalg [pytest args...]

First a probe in the same environment: the extension modules resolve
libblas.so.3 to swblas, no other BLAS is mapped, and with SWBLAS_VERBOSE=2
the products of each type reach swblas. Then the suite through pytest
(Debian's /usr/bin/python3, which has numpy, SciPy and pytest).
"""
import glob
import os
import subprocess
import sys

import alone

PYTHON = "/usr/bin/python3"
PROBE = r"""
import sys
sys.path.insert(0, %(here)r)
import numpy as np
import alone
for t in (np.float32, np.float64, np.complex128):
    a = np.ones((64, 64), dtype=t)
    assert np.allclose(a @ a, 64)
x = np.linalg.solve(np.eye(40) * 2, np.ones(40))
assert np.allclose(x, 0.5)
%(extra)s
other = alone.other_blas_mapped()
assert not other, "other BLAS in the process: %%s" %% other
print("probe ok")
"""
# The extension modules that link libblas.so.3.
LINKS_BLAS = {
    "numpy.linalg": ["numpy/core/_multiarray_umath*.so", "numpy/linalg/_umath_linalg*.so"],
    "scipy.linalg": ["scipy/linalg/_fblas*.so", "scipy/linalg/_flapack*.so"],
}
SCIPY_PROBE = "import scipy.linalg\nscipy.linalg.blas.dgemm(1.0, np.ones((3, 3)), np.ones((3, 3)))\n"


def main():
    swblas, work, module = sys.argv[1:4]
    lib_dir = alone.make_dir(os.path.join(work, "lib"), swblas)
    for pattern in LINKS_BLAS[module]:
        for ext in glob.glob(os.path.join("/usr/lib/python3/dist-packages", pattern)):
            alone.check_loads_swblas(ext, lib_dir, host_prefixes=("Py", "_Py"))
    probe = PROBE % {"here": os.path.dirname(os.path.abspath(__file__)),
                     "extra": SCIPY_PROBE if module.startswith("scipy") else ""}
    result = subprocess.run([PYTHON, "-c", probe], env=alone.environment(lib_dir, SWBLAS_VERBOSE="2"),
                            capture_output=True, text=True)
    print(result.stdout, end="")
    calls = [l for l in result.stderr.splitlines() if l.startswith("swblas: call")]
    routines = {l.split()[2] for l in calls}
    print(f"probe: {len(calls)} calls reached swblas ({', '.join(sorted(routines))})")
    missing = {"sgemm", "dgemm", "zgemm"} - routines
    if result.returncode != 0 or missing:
        print(result.stderr[-4000:])
        print(f"probe failed (rc {result.returncode}; products not seen by swblas: {sorted(missing)})")
        return 1
    suite = subprocess.run([PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--pyargs", module] + sys.argv[4:],
                           env=alone.environment(lib_dir), cwd=work)
    return suite.returncode


if __name__ == "__main__":
    sys.exit(main())
