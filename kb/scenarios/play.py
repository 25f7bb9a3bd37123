"""Executable example scenarios: the library API.

A scenario file (YAML, format in docs/scenarios.md, schema in
data/scenarios/schema.yaml) holds games that exemplify rules. ``run_scenarios``
plays them on the bundled engine and returns one JSON-ready result per scenario;
``coverage`` says which rules have no scenario yet. Bad input never stops a run:
it becomes an error on that scenario (file, scenario, field path, message).
"""

from __future__ import annotations

import datetime as _dt
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml

from kb.core.model import Serialisable
from kb.core.numbers import SKIPPED_LETTERS, RuleNumber, RuleNumberError, RuleRange
from kb.core.paths import DATA_DIR
from kb.engine import Edition, EditionError, InputError, Runner, build, load_pool
from kb.engine.cards import CardError, parse_card
from kb.engine.editions import parse_date
from kb.engine.schema import Validator
from kb.i18n import _

SCENARIO_DIR = DATA_DIR / "scenarios"
CARD_DIR = DATA_DIR / "cards"
SCHEMA_PATH = SCENARIO_DIR / "schema.yaml"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class ScenarioError(Serialisable):
    file: str
    scenario: str | None
    path: str
    message: str

    @property
    def text(self) -> str:
        return str(self)

    def __str__(self) -> str:
        fields = {"file": Path(self.file).name, "scenario": self.scenario, "path": self.path, "message": self.message}
        if self.scenario and self.path:
            return _('{file}: scenario "{scenario}": {path}: {message}').format(**fields)
        if self.scenario:
            return _('{file}: scenario "{scenario}": {message}').format(**fields)
        if self.path:
            return "{file}: {path}: {message}".format(**fields)
        return "{file}: {message}".format(**fields)

    json_extra = ("text",)


@dataclass
class Scenario:
    name: str
    file: str
    rules: list[str]
    edition: str
    setup: dict = field(default_factory=dict)
    steps: list = field(default_factory=list)
    description: str = ""
    errors: list[ScenarioError] = field(default_factory=list)
    cards: list = field(default_factory=list)  # the file's and the scenario's own cards (raw)


@dataclass
class ScenarioResult(Serialisable):
    name: str
    file: str
    rules: list[str]
    edition: str
    passed: bool
    failures: list[dict] = field(default_factory=list)
    errors: list[ScenarioError] = field(default_factory=list)
    twins: bool = False
    seconds: float = 0.0

    json_round = {"seconds": 4}


_VALIDATOR: Validator | None = None


def _validator() -> Validator:
    global _VALIDATOR
    if _VALIDATOR is None:
        _VALIDATOR = Validator(yaml.load(SCHEMA_PATH.read_text(encoding="utf-8"), Loader=_LOADER))
    return _VALIDATOR


def _files(paths: Iterable[str] | None) -> list[Path]:
    if paths is None:
        paths = [str(SCENARIO_DIR)]
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(p for p in sorted(path.glob("*.yaml")) if p.name != SCHEMA_PATH.name)
        else:
            out.append(path)
    return out


def _load_file(path: Path) -> list[Scenario]:
    name = str(path)
    try:
        raw = yaml.load(path.read_text(encoding="utf-8-sig"), Loader=_LOADER)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        return [
            Scenario(
                "(file)",
                name,
                [],
                "",
                errors=[ScenarioError(name, None, "", _("cannot read: {error}").format(error=exc))],
            )
        ]
    validator = _validator()
    raw = _dates_as_text(raw)
    if not isinstance(raw, dict) or not isinstance(raw.get("scenarios"), list):
        return [
            Scenario(
                "(file)",
                name,
                [],
                "",
                errors=[
                    ScenarioError(name, None, "scenarios", _("a scenario file is a mapping with a list 'scenarios'"))
                ],
            )
        ]
    top = {k: v for k, v in raw.items() if k != "scenarios"}
    top_errors = list(validator.errors({**top, "scenarios": []}))
    default_edition = raw.get("edition")
    out: list[Scenario] = []
    if top_errors:
        out.append(Scenario("(file)", name, [], "", errors=[ScenarioError(name, None, "", e) for e in top_errors]))
    scenario_schema = {"$ref": "#/$defs/scenario"}
    for i, entry in enumerate(raw["scenarios"]):
        named = entry.get("name") if isinstance(entry, dict) else None
        title = named if isinstance(named, str) else f"#{i + 1}"
        errors = [ScenarioError(name, title, "", msg) for msg in validator.errors(entry, scenario_schema)]
        errors = [_split_path(e) for e in errors]
        edition_text = (entry.get("edition") if isinstance(entry, dict) else None) or default_edition
        try:
            edition = Edition.of(edition_text).date
        except EditionError as exc:
            errors.append(ScenarioError(name, title, "edition", str(exc)))
            edition = str(edition_text)
        rules = []
        for j, rule in enumerate(entry.get("rules", []) if isinstance(entry, dict) else []):
            try:
                number = RuleNumber.parse(str(rule))
            except RuleNumberError as exc:
                errors.append(ScenarioError(name, title, f"rules[{j}]", str(exc)))
                continue
            if set(number.letters or "") & SKIPPED_LETTERS:
                errors.append(
                    ScenarioError(
                        name,
                        title,
                        f"rules[{j}]",
                        _('"{rule}": the CR skips the subrule letters l and o').format(rule=rule),
                    )
                )
                continue
            rules.append(str(number))
        if not isinstance(entry, dict):
            out.append(Scenario(title, name, [], edition, errors=errors))
            continue
        here = f"scenarios[{i}].cards"
        own = [("cards", k, c) for k, c in enumerate(raw.get("cards") or [])] + [
            (here, k, c) for k, c in enumerate(entry.get("cards") or [])
        ]
        out.append(
            Scenario(
                title,
                name,
                rules,
                edition,
                entry.get("setup", {}),
                entry.get("steps", []),
                entry.get("description", ""),
                errors,
                own,
            )
        )
    return out


def _dates_as_text(value: Any) -> Any:
    """YAML reads an unquoted 2010-07-16 as a date; editions are written as text."""
    if isinstance(value, dict):
        return {k: _dates_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_dates_as_text(v) for v in value]
    if isinstance(value, _dt.date):
        return value.isoformat()
    return value


def _split_path(error: ScenarioError) -> ScenarioError:
    """Schema messages start with the field path; keep it apart from the message."""
    head, sep, rest = error.message.partition(": ")
    if sep and " " not in head:
        return ScenarioError(error.file, error.scenario, head, rest)
    return error


def load_scenarios(paths: list[str] | None = None) -> list[Scenario]:
    """Scenarios of the given files or folders (None: the bundled ones); bad ones carry ``errors``."""
    out: list[Scenario] = []
    for path in _files(paths):
        out.extend(_load_file(path))
    return out


def run_one(scenario: Scenario, twins: bool = False) -> ScenarioResult:
    result = ScenarioResult(
        scenario.name, scenario.file, scenario.rules, scenario.edition, False, errors=list(scenario.errors), twins=twins
    )
    if scenario.errors:
        return result
    start = time.perf_counter()
    try:
        own = [parse_card(raw, f"{where}[{i}]") for where, i, raw in scenario.cards]
        pool = load_pool(CARD_DIR).with_cards(own)
        game = build(scenario.setup, pool, Edition.of(scenario.edition), twins=twins)
        runner = Runner(game)
        failures = runner.run(scenario.steps)
        result.failures = [f.to_dict() for f in failures]
        result.passed = not failures
    except InputError as exc:
        result.errors.append(ScenarioError(scenario.file, scenario.name, exc.path, exc.message))
    except (CardError, EditionError) as exc:
        result.errors.append(ScenarioError(scenario.file, scenario.name, "", str(exc)))
    result.seconds = time.perf_counter() - start
    return result


def run_scenarios(
    paths: list[str] | None = None, edition: str | None = None, twins: bool = False
) -> list[ScenarioResult]:
    """Play the scenarios (of ``edition`` only, when given); every scenario gets a result."""
    wanted = parse_date(edition) if edition else None
    results = []
    for scenario in load_scenarios(paths):
        if wanted and scenario.edition != wanted and not scenario.errors:
            continue
        results.append(run_one(scenario, twins=twins))
    return results


def coverage(rule_numbers: list[str], results_or_scenarios: Iterable[Any]) -> list[str]:
    """The given rules that no scenario exemplifies (a failing scenario still covers its rules)."""
    covered: set[str] = set()
    for item in results_or_scenarios:
        for rule in getattr(item, "rules", None) or (item.get("rules", []) if isinstance(item, dict) else []):
            covered.add(_canon(rule))
    return [r for r in rule_numbers if _canon(r) not in covered]


def _canon(rule: str) -> str:
    try:
        return str(RuleNumber.parse(str(rule)))
    except RuleNumberError:
        return str(rule)


# The subrules each family must exemplify, and the edition whose text they come
# from. Derived from the rule texts in ../shared/corpus until the rule database
# provides the lists (see docs/scenarios.md, "Coverage").
FAMILIES: dict[str, tuple[str, list[str]]] = {
    "phasing 702.26": ("2026-08-07", ["702.26a-p"]),
    "phasing 702.23": ("2010-07-16", ["702.23a-m"]),
    "phasing 502.15": ("2009-05-01", ["502.15a-p", "217.8a-d"]),
    "phenomena 312": ("2026-08-07", ["312.1-312.7"]),
    "phenomena 310": ("2017-08-25", ["310.1-310.7"]),
    "planechase 901": (
        "2026-08-07",
        ["901.5-901.6", "901.7", "901.7a", "901.8", "901.9", "901.9a-d", "901.10", "901.10a-b", "901.11", "901.11a-c"],
    ),
}


def required_rules() -> dict[str, list[str]]:
    """Each family's rule numbers, expanded ("702.26a-p" without the skipped l and o)."""
    out: dict[str, list[str]] = {}
    for family, (_edition, specs) in FAMILIES.items():
        numbers: list[str] = []
        for spec in specs:
            if "-" in spec:
                numbers.extend(str(n) for n in RuleRange.parse(spec).expand())
            else:
                numbers.append(str(RuleNumber.parse(spec)))
        out[family] = numbers
    return out
