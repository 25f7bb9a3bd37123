"""Figures of the numbered-document pipeline (issue 42): every file of tests/data/forms read by the
baseline (a line regex for '^\\d{3}\\.\\d+[a-z]?'), the readers of main (detection as before this
pipeline: the file's format without ``numbered``) and the pipeline; then the time to read a 2.5 MB
bilingual JSON and a 1 MB PO made from the corpus.

    python bench/bench_forms.py [--before CHECKOUT] [--round 2|3] [--pdf CR.pdf --txt CR.txt]
        [--dataset FILE --txt CR.txt]

``--before`` names a checkout of the code before the pipeline (main): its detection and reader
are run on each file in a process of their own; without it the column shows this checkout's
older readers (every reader but ``numbered``). ``--pdf`` and ``--txt`` name an official CR PDF
and the TXT of the same date: the PDF is read as a file is imported and compared with the TXT
rule by rule, and its text extraction timed with pypdf and, where installed, pdfminer.six.
``--round 2`` prints only the files of expected.tsv's second part, with each file's form (from
SOURCES.md), the rules found against the rules a person counts, the probes that hold, and the time
to read it; ``--round 3`` the same for the third part (files from a package registry and from
repositories' data folders). ``--dataset`` names a whole dataset of the CR (JSON, CSV, ...) that is
compared with the TXT of its date rule by rule, as ``--pdf`` is.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.importers import cr_text, pdf  # noqa: E402
from kb.importers.records import NoRules  # noqa: E402
from kb.importers.registry import FORMATS, importer, parse_file  # noqa: E402

FORMS = ROOT / "tests" / "data" / "forms"
CORPUS = ROOT.parent / "shared" / "corpus"
BASELINE = re.compile(r"^\s*\d{3}\.\d+[a-z]?", re.M)


def previous_reader(data: bytes, path: str) -> str:
    """What detection chose before the pipeline: the first older reader that claims the file."""
    for name in FORMATS:
        if name != "numbered" and importer(name).sniff(data, path):
            return name
    return "-"


def previous_count(data: bytes, path: str) -> str:
    name = previous_reader(data, path)
    if name == "-":
        return "no rules found"
    try:
        return str(len(importer(name).parse(data, path).rules))
    except Exception as error:  # what the older reader said
        return type(error).__name__ + ": " + str(error).split(": ", 1)[-1][:50]


_BEFORE = """
import sys
from kb.importers.registry import detect_format, importer
path = sys.argv[1]
data = open(path, "rb").read()
try:
    name = detect_format(data, path)
    print(name + ": " + str(len(importer(name).parse(data, path).rules)))
except Exception as error:
    print(str(error).split(": ", 1)[-1][:60])
"""


def before(root: Path, path: Path) -> str:
    """What the code of ``root`` makes of a file: its reader and rule count, or its error."""
    env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", _BEFORE, str(path)], capture_output=True, text=True, env=env, cwd=root, timeout=300
    )
    return (done.stdout.strip() or done.stderr.strip().splitlines()[-1])[:80]


def pdf_against_txt(pdf: Path, txt: Path) -> None:
    """How much of a CR PDF reads as the TXT of the same date says, and how long its text takes."""
    data = pdf.read_bytes()
    started, cpu = time.perf_counter(), time.process_time()
    document, _ = parse_file(pdf)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    reference = cr_text.parse(txt.read_bytes(), str(txt))
    texts = {r.number: (r.title, r.text, r.examples) for r in document.rules}
    same = sum(1 for r in reference.rules if texts.get(r.number) == (r.title, r.text, r.examples))
    glossary = {g.term: g.text for g in document.glossary}
    exact = sum(1 for g in reference.glossary if glossary.get(g.term) == g.text)
    spaced = sum(
        1 for g in reference.glossary if " ".join(glossary.get(g.term, "").split()) == " ".join(g.text.split())
    )
    print(f"{pdf.name}: {len(data) / 1e6:.2f} MB, read as {document.format}, edition {document.edition}")
    print(
        f"- rules: {len(document.rules)} read, {len(reference.rules)} in {txt.name}; {same} with the same title, text and examples"
    )
    print(
        f"- glossary: {len(document.glossary)} read, {len(reference.glossary)} in the TXT; {exact} the same, "
        f"{spaced} the same but for line breaks"
    )
    megabytes = len(data) / 1e6
    print(
        f"- import read (text extraction and cr-text): {seconds:.1f} s ({cpu:.1f} s of CPU), "
        f"{seconds / megabytes:.1f} s per MB ({cpu / megabytes:.1f} s of CPU)"
    )
    started, cpu = time.perf_counter(), time.process_time()
    from pypdf import PdfReader

    pypdf_text = "".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"- pypdf text alone: {seconds:.1f} s ({cpu:.1f} s of CPU), {len(pypdf_text):,} characters")
    try:
        from pdfminer.high_level import extract_text
    except ImportError:
        print("- pdfminer.six: not installed")
        return
    started, cpu = time.perf_counter(), time.process_time()
    miner = extract_text(str(pdf))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"- pdfminer.six text alone: {seconds:.1f} s ({cpu:.1f} s of CPU), {len(miner):,} characters")


def forms() -> dict[str, str]:
    """Each file's form as SOURCES.md describes it (its table's second column)."""
    found = {}
    for line in (FORMS / "SOURCES.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and (FORMS / cells[0]).is_file():
            found[cells[0]] = cells[1]
    return found


def probes_holding(document, probes: str) -> tuple[int, int]:
    """(probes whose rule starts with the text a person wrote, probes)."""
    documents = {d.lang.split("-")[0]: d for d in [document, *document.siblings]}
    held = total = 0
    for probe in filter(None, (p.strip() for p in probes.split("|"))):
        total += 1
        lang, rest = probe.split(":", 1)
        number, start = rest.split("=", 1)
        rule = next((r for r in documents.get(lang, document).rules if r.number == number), None)
        held += rule is not None and (rule.text or rule.title or "").startswith(start)
    return held, total


def dataset_against_txt(dataset: Path, txt: Path) -> None:
    """How many rules of a whole dataset read as the TXT of the same date prints them."""
    started, cpu = time.perf_counter(), time.process_time()
    document, _ = parse_file(dataset)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    reference = cr_text.parse(txt.read_bytes(), str(txt))
    read = {r.number: r for r in document.rules}
    printed = {r.number: r for r in reference.rules}
    both = [n for n in printed if n in read]
    same = sum(1 for n in both if (read[n].text, read[n].title) == (printed[n].text, printed[n].title))
    quotes = str.maketrans("“”‘’", "\"\"''")
    alike = sum(
        1
        for n in both
        if " ".join(f"{read[n].title or ''} {read[n].text}".translate(quotes).split())
        == " ".join(f"{printed[n].title or ''} {printed[n].text}".translate(quotes).split())
    )
    examples = sum(1 for n in both if read[n].examples == printed[n].examples)
    print(
        f"{dataset.name}: {dataset.stat().st_size / 1e6:.2f} MB, read as {document.format}, edition {document.edition}"
    )
    print(f"- rules: {len(read)} read, {len(printed)} in {txt.name}; {len(both)} numbers in both")
    print(f"- missing from the dataset: {len(printed) - len(both)}; only in the dataset: {len(read) - len(both)}")
    print(
        f"- same title and text: {same}; the same but for quote marks and spacing: {alike}; same examples: {examples}"
    )
    print(f"- glossary entries read: {len(document.glossary)} ({len(reference.glossary)} in the TXT)")
    print(f"- read in {seconds:.2f} s ({cpu:.2f} s of CPU); warnings: {len(document.warnings)}")


def second_round(before_root: Path | None, heading: str = "# Round 2") -> None:
    """The files of expected.tsv after its heading line (``# Round 2``) up to the next round's: form,
    rules found against a person's count, probes, the plain reader's count, main's reader, and the
    time to read each."""
    rows, started = [], False
    for line in (FORMS / "expected.tsv").read_text(encoding="utf-8").splitlines():
        if started and line.startswith("# Round ") and not line.startswith(heading):
            break
        started = started or line.startswith(heading)
        if started and line and not line.startswith("#"):
            rows.append(line.split("\t"))
    described = forms()
    print("| file | held out | form | rules found / a person counts | probes | baseline regex | before | time |")
    print("|---|---|---|---|---|---|---|---|")
    for name, _reader, langs, _edition, held, probes in ((row + [""] * 6)[:6] for row in rows):
        path = FORMS / name
        data = path.read_bytes()
        text = pdf.pdf_text(data, str(path)) if pdf.is_pdf(data) else data.decode("utf-8", "replace")
        started_at = time.perf_counter()
        try:
            document, _ = parse_file(path)
            seconds = time.perf_counter() - started_at
            found = f"{document.format}: " + " ".join(
                f"{d.lang}:{len(d.rules)}" for d in [document, *document.siblings]
            )
            holding, total = probes_holding(document, probes)
            probe = f"{holding}/{total}"
        except NoRules:
            seconds = time.perf_counter() - started_at
            found, probe = "refused: no rules", "-"
        then = (
            before(before_root, path) if before_root else f"{previous_reader(data, name)}: {previous_count(data, name)}"
        )
        person = "no rules" if langs == "-" else langs
        print(
            f"| {name} | {'yes' if held == '1' else ''} | {described.get(name, '?')} | {found} / {person} | {probe} "
            f"| {len(BASELINE.findall(text))} | {then} | {seconds * 1000:.0f} ms |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, help="a checkout of the code before the pipeline")
    parser.add_argument("--round", type=int, choices=(2, 3), help="only one round's files, in more detail")
    parser.add_argument("--dataset", type=Path, help="a whole dataset of the CR, compared with --txt")
    parser.add_argument("--pdf", type=Path, help="an official CR PDF, compared with --txt")
    parser.add_argument("--txt", type=Path, help="the CR TXT of the PDF's date")
    args = parser.parse_args()
    if args.pdf and args.txt:
        pdf_against_txt(args.pdf, args.txt)
        return
    if args.dataset and args.txt:
        dataset_against_txt(args.dataset, args.txt)
        return
    if args.round == 2:
        second_round(args.before)
        generated()
        return
    if args.round == 3:
        second_round(args.before, "# Round 3")
        return
    expected = {}
    for line in (FORMS / "expected.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, reader, langs, _edition, held, *_rest = line.split("\t")
            expected[name] = (reader, langs, held == "1")
    print("| file | held out | a person counts | baseline regex | before: reader, rules | now: reader, documents |")
    print("|---|---|---|---|---|---|")
    for path in sorted(FORMS.iterdir()):
        if path.suffix in (".tsv",) or path.name == "SOURCES.md":
            continue
        data = path.read_bytes()
        # The simplest reader of a PDF reads its extracted text; of anything else, its bytes as UTF-8.
        text = pdf.pdf_text(data, str(path)) if pdf.is_pdf(data) else data.decode("utf-8", "replace")
        try:
            document, _ = parse_file(path)
            now = document.format + ": " + ", ".join(f"{d.lang} {len(d.rules)}" for d in [document, *document.siblings])
        except NoRules:
            now = "refused: no rules found"
        then = (
            before(args.before, path)
            if args.before
            else f"{previous_reader(data, str(path))}: {previous_count(data, str(path))}"
        )
        reader, langs, held = expected.get(path.name, ("?", "?", False))
        person = "no CR rules" if reader == "-" else f"{reader}: {langs}"
        held_out = "yes" if held else ""
        print(f"| {path.name} | {held_out} | {person} | {len(BASELINE.findall(text))} | {then} | {now} |")
    generated()


def generated() -> None:
    """The time to read a 2.5 MB bilingual JSON and a 1 MB PO made from the corpus's 2023-11-17 texts."""
    en = cr_text.parse((CORPUS / "en/full/MagicCompRules_20231117.txt").read_bytes(), "en")
    zh = cr_text.parse((CORPUS / "zh/MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt").read_bytes(), "zh")
    texts = {r.number: r.text or r.title or "" for r in zh.rules}
    entries = [{"chapter": r.number + ".", "en": r.text or r.title, "zh": texts.get(r.number, "")} for r in en.rules]
    big = json.dumps({"version": "20231117", "main": entries * 2}, ensure_ascii=False, indent=4).encode()
    po_lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '"Language: zh\\n"', ""]
    seen: set[str] = set()
    for r in en.rules:
        if not r.text or r.text in seen:  # a PO holds each msgid once (titles and some texts repeat)
            continue
        seen.add(r.text)
        po_lines += [f'msgid "{r.number}"', f'msgstr "{r.number}"', ""]
        english = " ".join((r.text or r.title or "").split()).replace("\\", "\\\\").replace('"', '\\"')
        said = " ".join(texts.get(r.number, "").split()).replace("\\", "\\\\").replace('"', '\\"')
        po_lines += [f'msgid "{english}"', f'msgstr "{said}"', ""]
    po = "\n".join(po_lines).encode()
    for name, data in (("bilingual.json", big), ("separate-entries.po", po)):
        started = time.perf_counter()
        try:
            document, _ = parse_file(name, data=data)
        except Exception as error:  # the generated PO is not yet valid for polib: said, not hidden
            print(f"{name}: {len(data) / 1e6:.2f} MB: not read: {error}")
            continue
        seconds = time.perf_counter() - started
        print(f"{name}: {len(data) / 1e6:.2f} MB, {len(document.rules)} rules read in {seconds:.2f} s")


if __name__ == "__main__":
    main()
