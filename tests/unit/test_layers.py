"""The layer contract, checked as part of the suite so a wrong arrow fails CI (.ci/run checks the
types with mypy and the format with ruff)."""

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def test_the_import_contract_of_pyproject_is_kept():
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint_imports)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "Contracts: 4 kept, 0 broken." in result.stdout
