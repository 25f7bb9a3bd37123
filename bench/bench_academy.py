"""Academy Ruins' paths on the loopback, and the glossary's near spellings against the ability words.

    python bench/bench_academy.py [--db PATH] [--runs 20]

1. Starts `mtgkb serve` on a free port of 127.0.0.1 over PATH (default: a new database in a temporary
   folder holding the newest English CR of ../shared/corpus) and times, from a fresh connection per
   request, the whole answer of ``GET /file/cr`` (the published text) and ``GET /cr`` (every rule), warm
   (after one request), with and without ``Accept-Encoding: gzip`` (judgebot's node-fetch asks for gzip).
2. For each of the 61 ability words of rule 207.2c: what the glossary lookup answers, and the nearest
   other glossary name with its similarity (1 - OSA edits / longer length) against kb.terms.glossary's
   NEAR_SIMILARITY; the same for the near spellings of the judge bots' cases (../shared/peer-cases).
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.terms.glossary import NEAR_SIMILARITY, ability_words, fold  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
PEER_NEAR = ["adsorb", "deaftouch", "Phasign"]  # the bots' misspellings (bots.tsv) and the reader's


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def timed_get(port: int, path: str, gzip: bool) -> tuple[float, int]:
    """Seconds from sending the request to the last byte of the answer, and its size on the wire."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Accept-Encoding": "gzip"} if gzip else {"Accept-Encoding": "identity"}
    start = time.perf_counter()
    connection.request("GET", path, headers=headers)
    answer = connection.getresponse()
    body = answer.read()
    elapsed = time.perf_counter() - start
    connection.close()
    assert answer.status == 200, (path, answer.status)
    return elapsed, len(body)


def serve(db: Path):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kb", "--db", str(db), "serve", "--port", str(port)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            timed_get(port, "/cr/100.1", False)
            return server, port
        except (OSError, AssertionError):
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("the server did not start")


def loopback(db: Path, runs: int) -> None:
    server, port = serve(db)
    try:
        print("| request | Accept-Encoding | median | p95 | bytes | runs |\n| --- | --- | --- | --- | --- | --- |")
        first = {path: timed_get(port, path, False)[0] * 1000 for path in ("/file/cr", "/cr")}
        for path in ("/file/cr", "/cr"):
            for gzip in (False, True):
                timed_get(port, path, gzip)  # warm: the file read once, the pages of the database cached
                times, size = [], 0
                for _ in range(runs):
                    elapsed, size = timed_get(port, path, gzip)
                    times.append(elapsed * 1000)
                times.sort()
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
                encoding = "gzip" if gzip else "identity"
                print(
                    f"| GET {path} | {encoding} | {statistics.median(times):.1f} ms | {p95:.1f} ms | {size:,} | {runs} |"
                )
        print("\nfirst request of each after the start: " + ", ".join(f"{p} {t:.0f} ms" for p, t in first.items()))
    finally:
        server.terminate()
        server.wait()


def nearest(names: list[str], word: str) -> tuple[str, float]:
    from rapidfuzz.distance import OSA

    best = max(names, key=lambda name: (1 - OSA.distance(word, name) / max(len(word), len(name)), -len(name)))
    return best, 1 - OSA.distance(word, best) / max(len(word), len(best))


def glossary(db: Path) -> None:
    kb = KnowledgeBase.open(db, readonly=True)
    names = sorted({fold(e.term) for e in kb.document_glossary(kb.resolve(None, lang="en")["name"])})
    _rule, words = ability_words(kb.store)
    print(f"\nNEAR_SIMILARITY = {NEAR_SIMILARITY} (a near spelling must be more similar)\n")
    print(
        "| ability word | lookup answers | nearest other name | similarity | above the bar |\n| --- | --- | --- | --- | --- |"
    )
    above = wrong = 0
    for word in words:
        result = kb.glossary(word, lang="en")
        answer = (
            "ability word (207.2c)"
            if result.ability_word
            else (f"{result.entries[0].term} ({result.matched})" if result.entries else "nothing")
        )
        if result.entries and fold(result.entries[0].term) != word:
            wrong += 1
        name, similarity = nearest([n for n in names if n != word], word)
        above += similarity > NEAR_SIMILARITY
        print(f"| {word} | {answer} | {name} | {similarity:.2f} | {'yes' if similarity > NEAR_SIMILARITY else 'no'} |")
    print(f"\n{len(words)} ability words: {wrong} answered with another entry; {above} with a name above the bar")
    print("\n| misspelling | answers | similarity |\n| --- | --- | --- |")
    for word in PEER_NEAR:
        result = kb.glossary(word, lang="en")
        name, similarity = nearest(names, fold(word))
        print(
            f"| {word} | {result.entries[0].term if result.entries else 'nothing'} ({result.matched}) | {similarity:.2f} |"
        )
    kb.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db
        if db is None:
            db = Path(folder) / "bench.db"
            kb = KnowledgeBase.open(db)
            kb.import_file(CORPUS / "en" / "full" / "MagicCompRules_20260807.txt")
            kb.close()
        loopback(db, args.runs)
        glossary(db)


if __name__ == "__main__":
    main()
