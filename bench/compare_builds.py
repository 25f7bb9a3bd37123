"""Whether two built databases hold the same: for checking that a faster build changed no result.

    python bench/compare_builds.py OLD.db NEW.db [--query TEXT ...]

Compares, table by table, every row of every table (the columns that only record when or how
long something ran are left out: ``imported_at``, ``created``, ``seconds``, ``ran_at``), the counts per
document, the renumbering chain's rows by document and rule number, and the results of a few
searches over each database's own index. Prints what differs and exits 1 if anything does.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VOLATILE = {"imported_at", "created", "seconds", "ran_at"}
QUERIES = [
    "phased out token",
    "Instabilität Spielstein",
    "deathtouch",
    "planeswalk phenomenon",
    "フェイズ・アウト",
    "state-based actions",
    "702.26b",
    "cycling",
]


def tables(conn: sqlite3.Connection) -> list[str]:
    return [
        row[0]
        for row in conn.execute(
            "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name"
        )
    ]


def table_digest(conn: sqlite3.Connection, table: str) -> tuple[int, str]:
    """(rows, a digest of the rows in a fixed order, volatile columns left out)."""
    columns = [row[1] for row in conn.execute(f'pragma table_info("{table}")') if row[1] not in VOLATILE]
    listed = ", ".join(f'"{c}"' for c in columns)
    hashed = hashlib.sha256()
    count = 0
    for row in conn.execute(f'select {listed} from "{table}" order by {listed}'):
        hashed.update(repr(row).encode())
        count += 1
    return count, hashed.hexdigest()[:16]


def per_document(conn: sqlite3.Connection) -> dict[str, tuple]:
    return {
        row[0]: row[1:]
        for row in conn.execute(
            'select name, lang, edition, rules, examples, glossary, "references", content_sha from documents'
        )
    }


def chain(conn: sqlite3.Connection) -> set[tuple]:
    """The chain's rows by names and numbers, so the comparison holds whatever the row ids."""
    return set(
        conn.execute(
            "select r.old_name, r.new_name, p.old_number, p.new_number, p.old_title, p.new_title, p.change, "
            "p.similarity, p.how from pairings p join pairing_runs r on r.id = p.run_id"
        )
    )


def searches(path: Path, queries: list[str]) -> dict[str, dict]:
    """Each query's whole results (versions and scores), searched in a fresh process: a process that
    searched another database first keeps some of its state."""
    import json
    import subprocess

    script = (
        "import json, sys\nfrom kb.api import KnowledgeBase\n"
        "kb = KnowledgeBase.open(sys.argv[1], build=False)\n"
        "print(json.dumps({q: kb.search(q, limit=20).to_dict() for q in json.loads(sys.argv[2])}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(path), json.dumps(queries)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--query", action="append", help="search queries to compare (default: a few of each language)")
    parser.add_argument("--no-search", action="store_true", help="compare the tables only")
    args = parser.parse_args()
    old, new = (sqlite3.connect(f"file:{p}?mode=ro", uri=True) for p in (args.old, args.new))
    differences = 0
    for table in sorted(set(tables(old)) | set(tables(new))):
        a = table_digest(old, table) if table in tables(old) else None
        b = table_digest(new, table) if table in tables(new) else None
        same = a == b
        differences += not same
        print(f"{'same' if same else 'DIFFERENT':>9}  {table}: {a} / {b}")
    docs_a, docs_b = per_document(old), per_document(new)
    for name in sorted(set(docs_a) | set(docs_b)):
        if docs_a.get(name) != docs_b.get(name):
            differences += 1
            print(f"DIFFERENT  document {name}: {docs_a.get(name)} / {docs_b.get(name)}")
    print(f"{'same' if docs_a == docs_b else 'DIFFERENT':>9}  counts of {len(docs_a)} / {len(docs_b)} documents")
    chain_a, chain_b = chain(old), chain(new)
    differences += chain_a != chain_b
    print(
        f"{'same' if chain_a == chain_b else 'DIFFERENT':>9}  chain rows by name and number: {len(chain_a)} / "
        f"{len(chain_b)} ({len(chain_a - chain_b)} only in the first, {len(chain_b - chain_a)} only in the second)"
    )
    if not args.no_search:
        queries = args.query or QUERIES
        found_a, found_b = searches(args.old, queries), searches(args.new, queries)
        for query in queries:
            same = found_a[query] == found_b[query]
            differences += not same
            print(
                f"{'same' if same else 'DIFFERENT':>9}  search {query!r}: {len(found_a[query]['results'])} results / "
                f"{len(found_b[query]['results'])}"
            )
    print("identical" if not differences else f"{differences} difference(s)")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
