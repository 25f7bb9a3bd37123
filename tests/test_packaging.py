"""What a wheel carries: every package of the tree, the bundled sources and the catalogs."""

import tomllib

from tests.conftest import ROOT

MAPPED = {"kb.data": "data", "kb.locales": "locales"}


def test_the_package_list_names_every_package_of_the_tree():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("kb", "importers")
             for p in (ROOT / top).rglob("__init__.py")}
    assert found | set(MAPPED) == listed, (sorted(found - listed), sorted(listed - found - set(MAPPED)))
    assert config["package-dir"] == MAPPED


def test_the_package_data_globs_cover_every_bundled_file():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for package, folder in MAPPED.items():
        files = {p.relative_to(ROOT / folder) for p in (ROOT / folder).rglob("*")
                 if p.is_file() and p.suffix != ".mo" and p.name != "babel.cfg"}  # compiled; extraction only
        covered = {f for pattern in config[package] for f in (p.relative_to(ROOT / folder)
                                                               for p in (ROOT / folder).glob(pattern))}
        assert files == covered, sorted(map(str, files - covered))
