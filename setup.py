"""`pip install .`: the module lilucb, built by the project's CMake build (target lilucb_python).

Offline, against the Debian packages scripts/setup installs (README, "Python"):
    /usr/bin/python3 -m venv --system-site-packages .venv && .venv/bin/pip install --no-build-isolation .
Environment:
    LILUCB_CMAKE_BUILD_DIR  build the module in this CMake tree; a configured tree keeps its
                            configuration (it must be for this interpreter's Python version), an
                            empty one is configured as below.  Default: a tree under build-pip/,
                            configured for the interpreter running pip, kept for the next install.
    LILUCB_BUILD_JOBS       parallel compile jobs (default: the number of cores).
"""

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# The version is the one of project(lilucb VERSION ...) in CMakeLists.txt (lilucb.__version__).
VERSION = re.search(r"project\(lilucb\s+VERSION\s+([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())[1]


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        given = os.environ.get("LILUCB_CMAKE_BUILD_DIR")
        tree = Path(given or Path(self.build_temp) / "cmake").resolve()
        if not given or not (tree / "CMakeCache.txt").exists():
            # Only the library and the module: no tool, tests, benchmarks or MPI.
            subprocess.run(["cmake", "-S", str(ROOT), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release",
                            f"-DPython_EXECUTABLE={sys.executable}", "-DLILUCB_PYTHON=ON",
                            "-DLILUCB_BUILD_CLI=OFF", "-DLILUCB_BUILD_TESTS=OFF",
                            "-DLILUCB_BUILD_BENCHMARKS=OFF", "-DLILUCB_MPI=OFF"], check=True)
        jobs = os.environ.get("LILUCB_BUILD_JOBS") or str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(tree), "--target", "lilucb_python", "-j", jobs], check=True)
        built = tree / "python" / "lilucb" / ("_lilucb" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.exists():
            found = [p.name for p in (tree / "python" / "lilucb").glob("_lilucb*")]
            sys.exit(f"lilucb: {tree} holds {found or 'no module'}, not {built.name} for {sys.executable}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    name="lilucb",
    version=VERSION,
    description="Fixed-confidence best-arm identification around lil'UCB (C++ library, pybind11 module)",
    install_requires=["numpy"],
    packages=["lilucb"],
    package_dir={"": "python"},
    package_data={"lilucb": ["_lilucb.pyi", "py.typed"]},
    ext_modules=[Extension("lilucb._lilucb", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own build folders go to build-pip/, not into the CMake tree build/.
    options={"build": {"build_base": "build-pip"}, "egg_info": {"egg_base": "build-pip"}},
    zip_safe=False,
)
