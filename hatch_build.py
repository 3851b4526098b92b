"""The wheel's build hook: with ``GOUJI_COMPILE=1``, the modules of :data:`COMPILED_MODULES` compiled by mypyc.

``GOUJI_COMPILE=1 pip install '.[server]'`` (or ``pip wheel``) builds a wheel for this interpreter
and machine that holds each listed module twice: as Python and compiled (the interpreter imports
the compiled one): the server's view cache and the engine's hot path (the round, the sets and
their covers); bench/README.md measures what each gives against the pure build. One source
serves both builds, and both play the same games: what a plugin's rule objects answer is taken
by one contract in both (gouji.plugins.policy_answers), and CI runs the engine's, plugins',
rules' and server's tests on the compiled wheel. Without the variable, or for an editable
install, the wheel is pure Python as always, and building it needs no compiler.

The compiler works on a copy of the package in a directory of its own: the source tree gets no
compiled file, which would shadow the Python module of a checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The modules compiled, as paths inside the package's source directory: the one list that the
#: build, the docs (bench/README.md) and the tests (tests/test_build_hook.py, and the compiled
#: wheel's tests with GOUJI_REQUIRE_COMPILED=1) read. bench/bench_builds.py measures each against
#: the pure build.
#: Compiled code takes a value only as its declared type (a ``bool`` for a ``bool``, a ``tuple``
#: for a ``tuple``): the round and the sets take what a plugin answers through
#: gouji.plugins.policy_answers and gouji.engine.sets.as_counts, which convert or refuse it alike
#: in both builds (tests/plugins/test_compiled_plugin_answers.py).
COMPILED_MODULES = [
    "gouji/engine/view_texts.py",
    "gouji/engine/sets.py",
    "gouji/engine/round.py",
]
#: What the compiler needs in the build's environment: mypyc (in mypy) and setuptools to build
#: the extension, and the core's dependencies, whose types it reads.
COMPILER_REQUIREMENTS = ["mypy>=1.10", "setuptools>=69", "attrs>=23.1", "pluggy>=1.5", "tomli-w>=1.0"]

_SETUP = """\
from mypyc.build import mypycify
from setuptools import setup

# The project's own mypy settings (pyproject.toml's [tool.mypy], in a file of another name:
# setuptools would read a pyproject.toml's [project] as its own).
setup(name="gouji-compiled",
      ext_modules=mypycify(["--config-file", "mypy-settings.toml", *{modules!r}], opt_level="3", separate=True))
"""


def compile_wanted() -> bool:
    """Whether ``GOUJI_COMPILE`` asks for the compiled build (``1``, ``true``, ``yes``)."""
    return os.environ.get("GOUJI_COMPILE", "").strip().lower() in {"1", "true", "yes"}


class CompiledModules(BuildHookInterface[Any]):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return list(COMPILER_REQUIREMENTS) if compile_wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._work: str | None = None
        if self.target_name != "wheel" or version == "editable" or not compile_wanted():
            return
        work = self._work = tempfile.mkdtemp(prefix="gouji-compile-")
        shutil.copytree(Path(self.root) / "src" / "gouji", Path(work) / "gouji",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        shutil.copyfile(Path(self.root) / "pyproject.toml", Path(work) / "mypy-settings.toml")
        (Path(work) / "setup.py").write_text(_SETUP.format(modules=COMPILED_MODULES), encoding="utf-8")
        done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=work,
                              capture_output=True, text=True, check=False)
        if done.returncode:
            raise RuntimeError(f"GOUJI_COMPILE: mypyc could not compile {', '.join(COMPILED_MODULES)} (it needs "
                               f"a C compiler and Python's headers; without GOUJI_COMPILE the build is pure "
                               f"Python):\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        for module in COMPILED_MODULES:
            folder, _, stem = module.removesuffix(".py").rpartition("/")
            if not list((Path(work) / folder).glob(f"{stem}{suffix}")):
                raise RuntimeError(f"GOUJI_COMPILE: mypyc made no {suffix} file for {module}")
        # Each module's own extension, in its place, and mypyc's shared library of them all
        # (its name a hash of the modules), at the top of the wheel.
        for path in sorted([*Path(work).glob(f"*{suffix}"), *(Path(work) / "gouji").rglob(f"*{suffix}")]):
            build_data["force_include"][str(path)] = path.relative_to(work).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_work", None):
            shutil.rmtree(str(self._work), ignore_errors=True)
