"""The example games of the rules (kb.scenarios): their files as written, coverage, problems, generated games.

What the read facade answers about the scenarios that exemplify rules (docs/engine.md); playing them and
storing the results is Maintenance.run_scenarios.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.scenarios.fuzz import FuzzReport
    from kb.store import Store


class ScenarioReads:
    """The facade's scenario reads (KnowledgeBase inherits them)."""

    if TYPE_CHECKING:
        store: Store

    def scenario_file(self, file: str) -> list:
        """The scenarios of one file as written (name, description, setup, steps); [] if it is gone."""
        from kb.scenarios import scenario_file  # lazy: yaml and the engine, +71 ms

        return scenario_file(file)

    def scenario_coverage(self) -> dict[str, dict]:
        """Per family (702.26, 702.23, 312, 310, 901): its rules as stored, and those without a scenario.

        A family whose edition is not in the database is checked against the built-in list.
        """
        from kb.scenarios import coverage_report  # lazy: yaml and the engine, +71 ms

        return coverage_report(self.store)

    def scenario_errors(self) -> list[str]:
        """The problems of the bundled scenario files (bad input), one line each."""
        from kb.scenarios import scenario_errors  # lazy: yaml and the engine, +71 ms

        return scenario_errors()

    def fuzz_scenarios(self, *, seed: int = 0, games: int = 200, max_steps: int = 24) -> "FuzzReport":
        """Play generated games and check the engine's invariants after every step (docs/engine.md);
        a FuzzReport whose failures carry each shrunk game as a scenario file."""
        from kb.scenarios.fuzz import fuzz  # lazy: yaml and the engine, +71 ms

        return fuzz(seed=seed, games=games, max_steps=max_steps)
