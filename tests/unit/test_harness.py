"""The test suite's own guard: without ../shared the corpus tests stop the run with one message that
says what is missing and how to run the unit tests, instead of skipping or failing one by one."""

import os
import subprocess
import sys

from tests.conftest import ROOT


def pytest_run(*args: str, shared: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-q", "-p", "no:cacheprovider", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "MTGKB_SHARED": shared},
        timeout=300,
    )


def test_without_shared_the_corpus_tests_are_one_clear_error(tmp_path):
    missing = tmp_path / "no-shared"
    for chosen in (["tests/corpus/test_import_safety.py"], []):  # one file, and the whole suite
        result = pytest_run(*chosen, shared=str(missing))
        assert result.returncode == 4, (chosen, result.stdout, result.stderr)
        said = result.stdout + result.stderr
        assert f"Exit: {missing / 'corpus'} or {missing / 'seeds'} not found" in said, said
        assert "python -m pytest tests/unit" in said
        assert not any(word in said for word in ("skipped", "passed", "failed", "error")), said


def test_without_shared_the_unit_tests_still_run(tmp_path):
    result = pytest_run("tests/unit/test_numbers.py", shared=str(tmp_path / "no-shared"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout
