"""`pip install .`: the module lilucb, built by the project's CMake build (target lilucb_python).

Offline, against the Debian packages scripts/setup installs (README, "Python"):
    /usr/bin/python3 -m venv --system-site-packages .venv && .venv/bin/pip install --no-build-isolation .
Environment:
    LILUCB_CMAKE_BUILD_DIR  build the module in this CMake tree; a configured tree keeps its
                            configuration (it must be for this interpreter's Python version), an
                            empty one is configured as below.  Default: the source tree's build/
                            when it is configured with the module for this interpreter's Python
                            version (scripts/run's and scripts/build's tree: nothing is compiled
                            twice), else a tree under build-pip/ configured for the interpreter
                            running pip, kept for the next install.
    LILUCB_REUSE_BUILD=0    never reuse build/.
Progress: the build's steps go to pip's log (pip install -v shows them); when pip runs in a
terminal, a line at every tenth of the build is also written to it (pip hides its builds' output).
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


def reusable_tree():
    """The source tree's build/ when its CMake cache has the module on and its Python has this
    interpreter's extension suffix; None otherwise."""
    if os.environ.get("LILUCB_REUSE_BUILD") == "0":
        return None
    tree = ROOT / "build"
    cache = tree / "CMakeCache.txt"
    if not cache.is_file():
        return None
    text = cache.read_text(errors="replace")
    python = re.search(r"^_?Python_EXECUTABLE:[A-Z]+=(.+)$", text, re.M)
    if not re.search(r"^LILUCB_PYTHON:BOOL=(ON|TRUE|1)$", text, re.M) or not python:
        return None
    try:
        suffix = subprocess.run([python[1], "-c", "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))"],
                                capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return tree if suffix == sysconfig.get_config_var("EXT_SUFFIX") else None


def build_with_progress(command):
    """Runs the build, its output to ours (pip's log), and a line per tenth of the build's steps
    to the terminal when there is one."""
    try:
        tty = open("/dev/tty", "w")
    except OSError:
        tty = None
    shown = -1
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace") as p:
        for line in p.stdout:
            sys.stdout.write(line)
            step = re.match(r"\[(\d+)/(\d+)\]", line)  # Ninja: [done/total]
            percent = re.match(r"\[\s*(\d+)%\]", line)  # Make: [ pp%]
            done = int(step[1]) * 100 // max(1, int(step[2])) if step else int(percent[1]) if percent else None
            if tty and done is not None and done // 10 != shown:
                shown = done // 10
                tty.write(f"lilucb: compiling the module, {done}% of the build\n")
                tty.flush()
    if tty:
        tty.close()
    if p.returncode != 0:
        raise subprocess.CalledProcessError(p.returncode, command)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        given = os.environ.get("LILUCB_CMAKE_BUILD_DIR") or reusable_tree()
        tree = Path(given or Path(self.build_temp) / "cmake").resolve()
        if not given or not (tree / "CMakeCache.txt").exists():
            # Only the library and the module: no tool, tests, benchmarks or MPI.
            subprocess.run(["cmake", "-S", str(ROOT), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release",
                            f"-DPython_EXECUTABLE={sys.executable}", "-DLILUCB_PYTHON=ON",
                            "-DLILUCB_BUILD_CLI=OFF", "-DLILUCB_BUILD_TESTS=OFF",
                            "-DLILUCB_BUILD_BENCHMARKS=OFF", "-DLILUCB_MPI=OFF"], check=True)
        jobs = os.environ.get("LILUCB_BUILD_JOBS") or str(os.cpu_count() or 1)
        build_with_progress(["cmake", "--build", str(tree), "--target", "lilucb_python", "-j", jobs])
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
