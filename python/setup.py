"""Builds the package nimber with CMake (pybind11 and the C++ library from this repository).

Offline, with Debian's packages: pip install --no-build-isolation ./python
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent  # the repository: the library's CMake project


def version():
    text = (ROOT / "include" / "nimber" / "version.hpp").read_text()
    parts = [re.search(rf"#define NIMBER_VERSION_{p} (\d+)", text).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Configures the repository with NIMBER_BUILD_PYTHON=ON and builds the one target."""

    def build_extension(self, ext):
        build_dir = pathlib.Path(self.build_temp).resolve() / "cmake"
        jobs = os.environ.get("NIMBER_JOBS", "2")
        subprocess.run(
            ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
             "-DNIMBER_BUILD_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}",
             "-DNIMBER_BUILD_CLI=OFF", "-DNIMBER_BUILD_TESTS=OFF", "-DNIMBER_BUILD_BENCH=OFF",
             "-DNIMBER_BUILD_TOOLS=OFF", "-DNIMBER_INSTALL=OFF", "-DNIMBER_WARNINGS=OFF"],
            check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "nimber_python", f"-j{jobs}"],
                       check=True)
        built = next((build_dir / "python" / "nimber").glob("_nimber*.so"))
        dest = pathlib.Path(self.get_ext_fullpath(ext.name))
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, dest)


setup(
    name="nimber",
    version=version(),
    description="Nimber arithmetic and impartial games (NumPy arrays, a nimber type of any size)",
    packages=["nimber"],
    package_data={"nimber": ["__init__.pyi", "py.typed"]},
    ext_modules=[CMakeExtension("nimber._nimber")],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.9",
    install_requires=["numpy"],
    zip_safe=False,
)
