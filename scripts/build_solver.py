"""Build the solver's compiled search: the modules of rules/engine/solver/ written in Cython (each
``.pyx`` beside its ``.pxd``: the plays, the move order, the bounds, the table and the search loop).

The sources are copied into a temporary package, each module with the digest of them all appended
(``SOURCE_SHA256``), compiled there and the extension modules alone placed in rules/engine/solver/.
The solver loads them only when that digest is the sources' beside them, so a stale build is never
used (``rules.engine.solver.game.COMPILED``); without them the reference search answers.

What it needs: Cython (pinned in pyproject.toml), setuptools, a C compiler and the Python headers
(Debian: gcc, python3-dev). Without any of them it says so and exits 0; a compiler error with all
of them present is a real failure and stops `make`.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.engine.solver.game import COMPILED_MODULES, source_digest  # noqa: E402

SOLVER = ROOT / "rules" / "engine" / "solver"
DIRECTIVES = {"language_level": 3}
# gcc's default x86-64 target does not assume the one-instruction bit count and calls a library
# routine for each count instead; the machines the search is built on all have the instruction
POPCNT = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []


def bmi2() -> list[str]:
    """-mbmi2 where this machine's processor has a fast BMI2: the table's key gathers bits with its
    pext (AMD's before Zen 3, family 25, run it in microcode, slower than the loop it replaces).
    The modules are built where they run, so the build may ask the processor it is on."""
    try:
        info = Path("/proc/cpuinfo").read_text()
    except OSError:
        return []
    fields = dict(line.split(":", 1) for line in info.split("\n\n")[0].splitlines() if ":" in line)
    get = {k.strip(): v.strip() for k, v in fields.items()}.get
    if not POPCNT or "bmi2" not in get("flags", "").split():
        return []
    if get("vendor_id") == "AuthenticAMD" and int(get("cpu family", "0")) < 25:
        return []
    return ["-mbmi2"]


def missing() -> str | None:
    """What the build cannot run without, if something is absent."""
    try:
        import Cython  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as e:
        return f"{e.name} is not installed"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.exists():
        return f"the Python headers are absent ({include}; Debian: apt-get install python3-dev)"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc}; Debian: apt-get install gcc)"
    return None


def build(into: Path = SOLVER, flags: list[str] | None = None) -> None:
    """The modules built and placed in ``into``, with gcc's ``flags`` (this processor's own where
    not given)."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    digest = source_digest()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        pkg = root / "rules" / "engine" / "solver"
        pkg.mkdir(parents=True)
        for init in (root / "rules", root / "rules" / "engine", pkg):
            (init / "__init__.py").write_text("")
        for pxd in SOLVER.glob("*.pxd"):
            shutil.copy2(pxd, pkg)
        flags = ["-O2", *POPCNT, *bmi2()] if flags is None else flags
        exts = []
        for name in COMPILED_MODULES:
            src = (SOLVER / f"{name}.pyx").read_text(encoding="utf-8")
            copy = pkg / f"{name}.pyx"
            copy.write_text(f'{src}\nSOURCE_SHA256 = "{digest}"\n', encoding="utf-8")
            exts.append(Extension(f"rules.engine.solver.{name}", [str(copy)], extra_compile_args=flags))
        modules = cythonize(exts, compiler_directives=DIRECTIVES, quiet=True, include_path=[str(root)])
        dist = Distribution({"ext_modules": modules})
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = str(root / "lib")  # type: ignore[attr-defined]
        cmd.build_temp = str(root / "tmp")  # type: ignore[attr-defined]
        cmd.parallel = 2  # type: ignore[attr-defined]
        dist.run_command("build_ext")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for name in COMPILED_MODULES:
            for old in into.glob(f"{name}.*.so"):
                old.unlink()
            shutil.copy2(root / "lib" / "rules" / "engine" / "solver" / f"{name}{suffix}", into)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--stamp", type=Path, help="touched once built, so that make tries again until then")
    args = ap.parse_args()
    why = missing()
    if why is not None:
        print(f"!! the solver's compiled search is not built: {why}; the reference search answers")
        return 0
    build()
    print(f"== the solver's compiled search built: {', '.join(COMPILED_MODULES)}")
    if args.stamp is not None:
        args.stamp.touch()
    return 0


if __name__ == "__main__":
    sys.exit(main())
