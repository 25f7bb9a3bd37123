"""What a wheel carries: every package of the tree, the bundled sources and the catalogs."""

import tomllib

from tests.conftest import ROOT

MAPPED = {"kb.data": "data", "kb.locales": "locales"}


def test_the_package_list_names_every_package_of_the_tree():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("kb",) for p in (ROOT / top).rglob("__init__.py")}
    assert found | set(MAPPED) == listed, (sorted(found - listed), sorted(listed - found - set(MAPPED)))
    assert config["package-dir"] == MAPPED


def test_the_wheel_carries_no_test_harness_or_maintenance_script():
    """What the package installs is what a user runs: the search quality harness (it reads ../shared)
    lives in tests/, the script that makes data/rules.tar.xz in scripts/, and the folders mapped as
    package data hold no module; nothing but the project's own files at the top of the tree."""
    for folder in MAPPED.values():
        assert not sorted((ROOT / folder).rglob("*.py")), folder
    for top in ("kb",):
        readers = [p for p in (ROOT / top).rglob("*.py") if "../shared" in p.read_text(encoding="utf-8")]
        harness = [p for p in readers if "def measure(" in p.read_text(encoding="utf-8")]
        assert not harness, harness
    assert not sorted(ROOT.glob("*.whl")), "a wheel committed at the root of the tree"
    assert (ROOT / "scripts" / "make_archive.py").is_file() and (ROOT / "tests" / "search_quality.py").is_file()


def test_each_dependency_has_a_comment_of_its_own():
    """A comment after a dependency speaks of that dependency: never two comments on one line."""
    text = (ROOT / "pyproject.toml").read_text()
    block = text[text.index("dependencies = [") : text.index("]", text.index("dependencies = ["))]
    crowded = [line.strip() for line in block.splitlines() if line.count("  # ") > 1]
    assert not crowded, crowded


def test_the_package_data_globs_cover_every_bundled_file():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for package, folder in MAPPED.items():
        files = {
            p.relative_to(ROOT / folder)
            for p in (ROOT / folder).rglob("*")  # .mo: compiled; babel.cfg:
            if p.is_file()
            and p.suffix not in (".mo", ".py", ".pyc")  # extraction only; .py: modules
            and p.name != "babel.cfg"
        }
        covered = {
            f
            for pattern in config[package]
            for f in (p.relative_to(ROOT / folder) for p in (ROOT / folder).glob(pattern))
        }
        assert files == covered, sorted(map(str, files - covered))


def _bundled_files(folder: str) -> set[str]:
    return {
        str(p.relative_to(ROOT))
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and p.suffix != ".mo" and p.name != "babel.cfg" and "__pycache__" not in p.parts
    }


def test_the_sdist_holds_the_bundled_sources_and_catalogs(tmp_path):
    """An sdist built (by setuptools, as pip builds one) from a copy of the tree carries data/ and
    locales/, so a wheel built from it, on a machine without the checkout, has them too."""
    import shutil
    import subprocess
    import sys
    import tarfile

    source = tmp_path / "src"
    for name in ("kb", "data", "locales"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.search"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    built = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))",
            str(tmp_path / "dist"),
        ],
        cwd=source,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    archive = tmp_path / "dist" / built.stdout.split()[-1]
    with tarfile.open(archive) as tar:
        top = tar.getnames()[0].split("/")[0]
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert top == "mtgkb-" + tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    for folder in ("data", "locales", "kb/reader/templates", "kb/reader/static"):
        wanted = _bundled_files(folder)
        assert wanted and wanted <= names, sorted(wanted - names)
    assert "locales/de/LC_MESSAGES/mtgkb.po" in names and "data/scenarios/schema.yaml" in names
