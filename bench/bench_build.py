"""A new user's first minutes: the wheel's size, a fresh install's time to its first answer, and the
whole build's time and peak memory.

    python bench/bench_build.py [--skip-wheel]

Each figure is a fresh process of the installed `mtgkb` on a database of its own in a temporary
home, as a user runs it. The wheel is built from this checkout (`pip wheel --no-deps`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str], env: dict, cwd: Path) -> tuple[float, float, str, float]:
    """(seconds, the process's peak resident MB, its stderr, seconds until its first output) of one
    run, which must succeed."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, env=env, cwd=cwd)
        assert process.stdout is not None
        process.stdout.read(1)
        answered = time.perf_counter() - started
        process.stdout.read()
        _pid, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - started
        errors.seek(0)
        stderr = errors.read().decode("utf-8", "replace")
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}):\n{stderr[-2000:]}")
    return seconds, usage.ru_maxrss / 1024, stderr, answered


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--skip-wheel", action="store_true", help="do not build the wheel (its size is not printed)")
    args = parser.parse_args()
    mtgkb = shutil.which("mtgkb") or sys.exit("install mtgkb first (pip install -e .)")
    with tempfile.TemporaryDirectory(prefix="mtgkb-bench-build-") as folder:
        work = Path(folder)
        if not args.skip_wheel:
            subprocess.run(
                [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(work / "dist"), str(ROOT)],
                check=True,
            )
            wheel = next((work / "dist").glob("*.whl"))
            print(f"wheel: {wheel.name}, {wheel.stat().st_size / 2**20:.2f} MB")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("MTGKB_", "XDG_"))}
        for name in ("first", "whole"):
            (work / name).mkdir()
        first, first_peak, _, answer = timed([mtgkb, "show", "702.26b"], dict(env, HOME=str(work / "first")), work)
        print(
            f"fresh install, first answer (`mtgkb show 702.26b`, building the small database): {answer:.1f} s; "
            f"the process ends, its search index built, at {first:.1f} s, peak {first_peak:.0f} MB"
        )
        whole_env = dict(env, HOME=str(work / "whole"))
        whole, whole_peak, built, _ = timed([mtgkb, "build"], whole_env, work)
        ready = next((line for line in built.splitlines() if line.startswith("Ready to answer")), "")
        print(f"whole build (`mtgkb build`): {whole:.1f} s, peak {whole_peak:.0f} MB; {ready.split(':')[0]}")
        again, *_ = timed([mtgkb, "build"], whole_env, work)
        print(f"build again, nothing changed: {again:.1f} s")
        databases = {name: next((work / name).rglob("mtgkb.db")).stat().st_size for name in ("first", "whole")}
        print(f"database: small {databases['first'] / 2**20:.0f} MB, whole {databases['whole'] / 2**20:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
