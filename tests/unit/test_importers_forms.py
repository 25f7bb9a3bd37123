"""The numbered-document pipeline on real files of many forms (tests/data/forms, SOURCES.md there).

Each file's rule count per language, its edition and three probe rules were counted from the
file's markup by hand (expected.tsv) before any importer ran; held-out files were not tuned on.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.importers.records import NoRules
from kb.importers.registry import detect_format, parse_file

FORMS = Path(__file__).resolve().parent.parent / "data" / "forms"


def expectations() -> list[tuple[str, ...]]:
    rows = []
    for line in (FORMS / "expected.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append(tuple((line.split("\t") + [""] * 6)[:6]))
    return rows


@pytest.mark.parametrize("name, reader, langs, edition, held, probes", expectations())
def test_each_form_imports_as_what_it_is(name, reader, langs, edition, held, probes):
    path = FORMS / name
    if reader == "-":  # a person counts no rule of the Comprehensive Rules in it: refused, saying so
        with pytest.raises(NoRules):
            parse_file(path)
        return
    assert detect_format(path.read_bytes(), str(path)) in reader.split(",")  # any reader named reads it as it is
    document, _ = parse_file(path)
    documents = {d.lang.split("-")[0]: d for d in [document, *document.siblings]}
    assert " ".join(f"{d.lang}:{len(d.rules)}" for d in [document, *document.siblings]) == langs
    assert (document.edition or "-") == edition
    for probe in filter(None, (p.strip() for p in probes.split("|"))):
        lang, rest = probe.split(":", 1)
        number, start = rest.split("=", 1)
        rule = next(r for r in documents[lang].rules if r.number == number)
        assert (rule.text or rule.title or "").startswith(start), (number, rule.text[:60])


def test_a_rule_quoted_twice_keeps_the_fuller_text_and_warns():
    document, _ = parse_file(FORMS / "en_blog_bullets_made.md")
    b = next(r for r in document.rules if r.number == "702.26b")
    assert b.text.endswith("removed from combat. (See rule 506.4.)") and "…" not in b.text
    assert [w.kind for w in document.warnings] == ["quoted-abridged"]


def test_a_post_date_is_no_edition():
    document, _ = parse_file(FORMS / "ja_hexo_post_made.md")
    assert document.edition is None and document.meta["posted"].startswith("2024-02-03")


def test_untranslated_po_entries_are_never_the_translation():
    document, _ = parse_file(FORMS / "pl_sphinx_po_mtgpl.po")
    numbers = {r.number for r in document.rules}
    assert "100.1" not in numbers and "100.1a" in numbers  # 100.1's msgstr is empty; its number entry is no rule
    assert all(r.text != r.number for r in document.rules)
    assert document.meta["coverage"] == '{"translated": 15, "total": 90, "complete": []}'


def test_a_number_out_of_sequence_is_a_warning_not_a_rule(tmp_path):
    path = tmp_path / "post.md"
    body = [f"- 702.21{c} Rule text number {c} of the banding rule, long enough to read." for c in "abc"]
    body.insert(2, "- 702.212 A stray number printed where 702.21b's neighbour was meant, long text.")
    path.write_text("---\ntitle: t\n---\n\n" + "\n".join(body) + "\n- 702.21a Rule again shorter.\n", encoding="utf-8")
    document, _ = parse_file(path, format="numbered")
    assert [r.number for r in document.rules] == ["702.21a", "702.21b", "702.21c"]
    assert "out-of-sequence" in [w.kind for w in document.warnings]


def test_numbers_in_full_width_digits_are_read_as_their_rule(tmp_path):
    path = tmp_path / "fullwidth.md"
    path.write_text("---\ntitle: t\n---\n\n７０２.２６a フェイジングは常在型能力である。\n", encoding="utf-8")
    document, _ = parse_file(path, format="numbered")
    assert [(r.number, r.text) for r in document.rules] == [("702.26a", "フェイジングは常在型能力である。")]
    assert document.lang == "ja"


def test_no_reader_finds_rules_says_what_each_tried(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Shopping list\n\nmilk, bread and some cards for friday night\n", encoding="utf-8")
    with pytest.raises(NoRules) as raised:
        parse_file(path)
    assert "tried:" in str(raised.value) and "numbered:" in str(raised.value) and "cr-text:" in str(raised.value)


def test_a_bilingual_file_is_stored_as_a_document_per_language():
    kb = KnowledgeBase.open(":memory:")
    result = kb.import_file(FORMS / "zh-en_json_20231013_athenacykes.json", update_history=False)
    names = {d.name: (d.lang, d.rules, d.edition) for d in kb.documents()}
    assert result.rules == 56
    assert names["zh-en_json_20231013_athenacykes"] == ("zh", 56, "2023-10-13")
    assert names["zh-en_json_20231013_athenacykes.en"] == ("en", 56, "2023-10-13")
    document, _ = parse_file(FORMS / "zh-en_json_20231013_athenacykes.json")
    assert [(g.term, g.english) for g in document.glossary] == [
        ("终止", "Abandon"),
        ("异能", "Ability"),
        ("异能提示", "Ability Word"),
    ]
    assert [g.term for g in document.siblings[0].glossary] == ["Abandon", "Ability", "Ability Word"]


def test_explain_names_the_container_and_every_reader_count():
    answer = KnowledgeBase.explain_import(FORMS / "zh-en_dokuwiki_cr7_athenacykes.txt")
    assert answer["container"] == "dokuwiki" and answer["format"] == "numbered"
    numbered = next(c for c in answer["candidates"] if c["format"] == "numbered")
    assert numbered["claims"] and numbered["languages"] == ["zh 61", "en 61"]
    cr_text = next(c for c in answer["candidates"] if c["format"] == "cr-text")
    assert "no effective date" in cr_text["error"]


XLIFF = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="de" datatype="plaintext" original="cr.txt">
    <body>
      <trans-unit id="1"><source>702.26a Phasing is a static ability that modifies the rules of the untap step.</source>
        <target>702.26a Phasing ist eine statische Fähigkeit, die die Regeln des Enttappsegments verändert.</target></trans-unit>
      <trans-unit id="2"><source>702.26c If a permanent phases in, its status changes to "phased in."</source>
        <target>702.26c Wenn ein bleibendes Objekt hereinphast, ändert sich sein Status zu „hereingephast“.</target></trans-unit>
      <trans-unit id="3"><source>702.26d The phasing event doesn't actually cause a permanent to change zones or control.</source>
        <target></target></trans-unit>
    </body>
  </file>
</xliff>
"""

TMX = """<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x"
 creationtool="x" creationtoolversion="1"/><body>
<tu><tuv xml:lang="en"><seg>702.26a Phasing is a static ability that modifies the rules of the untap step.</seg></tuv>
<tuv xml:lang="ru"><seg>702.26a Фазирование — это статическая способность, изменяющая правила шага разворота.</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>702.26b If a permanent phases out, its status changes to "phased out."</seg></tuv>
<tuv xml:lang="ru"><seg>702.26b Если перманент уходит в фазу, его статус меняется на «вне фазы».</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>702.26c If a permanent phases in, its status changes to "phased in."</seg></tuv>
<tuv xml:lang="ru"><seg>702.26c Если перманент входит в фазу, его статус меняется на «в фазе».</seg></tuv></tu>
</body></tmx>
"""


def test_an_xliff_gives_the_translation_and_its_source(tmp_path):
    path = tmp_path / "cr.xlf"
    path.write_text(XLIFF, encoding="utf-8")
    assert detect_format(path.read_bytes(), str(path)) == "numbered"
    document, _ = parse_file(path)
    assert document.lang == "de" and [r.number for r in document.rules] == ["702.26a", "702.26c"]
    english = document.siblings[0]
    assert english.lang == "en" and [r.number for r in english.rules] == ["702.26a", "702.26c", "702.26d"]


def test_a_tmx_gives_a_document_per_language(tmp_path):
    path = tmp_path / "memory.tmx"
    path.write_text(TMX, encoding="utf-8")
    document, _ = parse_file(path)
    assert (document.lang, len(document.rules)) == ("ru", 3)
    assert document.rules[1].text.startswith("Если перманент уходит в фазу")
    assert (document.siblings[0].lang, len(document.siblings[0].rules)) == ("en", 3)


def test_a_table_with_a_column_per_language(tmp_path):
    path = tmp_path / "pairs.tsv"
    path.write_text(
        "number\ten\tja\n"
        "702.26a\tPhasing is a static ability.\tフェイジングは常在型能力である。\n"
        "702.26c\tIf a permanent phases in, its status changes.\tパーマネントがフェイズ・インすると、その位相は変わる。\n",
        encoding="utf-8",
    )
    document, _ = parse_file(path)
    assert (document.lang, [r.number for r in document.rules]) == ("ja", ["702.26a", "702.26c"])
    assert document.siblings[0].rules[0].text == "Phasing is a static ability."


def test_import_explain_prints_each_reader_and_stores_nothing(tmp_path):
    from click.testing import CliRunner

    from kb.cli import cli

    db = tmp_path / "x.db"
    runner = CliRunner()
    result = runner.invoke(cli, ["--db", str(db), "import", "--explain", "--json", str(FORMS / "ja_hexo_post_made.md")])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)[0]
    assert answer["container"] == "markdown" and answer["format"] == "numbered"
    assert {c["format"]: c["rules"] for c in answer["candidates"]}["numbered"] == 7
    assert not db.exists()
    empty = tmp_path / "notes.txt"
    empty.write_text("nothing numbered here, only a shopping list\n", encoding="utf-8")
    result = runner.invoke(cli, ["--db", str(db), "import", "--explain", str(empty)])
    assert result.exit_code == 1 and "read by: none" in result.output and "cr-text:" in result.output


def test_a_rules_text_without_a_date_is_imported_undated_not_refused():
    undated = (
        "1. Game Concepts\n\n100. General\n\n100.1. These Magic rules apply to any Magic game with two or more "
        "players.\n\n100.1a A two-player game is a game that begins with only two players.\n"
    )
    document, _ = parse_file("undated.txt", data=undated.encode())
    assert document.edition is None and document.lang == "en"
    assert [r.number for r in document.rules] == ["1", "100", "100.1", "100.1a"]
    assert document.rules[1].title == "General"
    document, _ = parse_file("undated.txt", data=undated.encode(), edition="2020-05-01")
    assert document.edition == "2020-05-01"


def test_a_smaller_reimport_of_a_bilingual_file_replaces_nothing(tmp_path):
    from kb.api import ReplaceRefused

    kb = KnowledgeBase.open(":memory:")
    whole = tmp_path / "zh-en.json"
    whole.write_bytes((FORMS / "zh-en_json_20231013_athenacykes.json").read_bytes())
    kb.import_file(whole, update_history=False)
    data = json.loads(whole.read_text(encoding="utf-8"))
    data["main"][0]["subrules"] = data["main"][0]["subrules"][:1]  # chapter 700 only
    whole.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(ReplaceRefused):
        kb.import_file(whole, update_history=False)
    assert {d.name: d.rules for d in kb.documents()} == {"zh-en": 56, "zh-en.en": 56}


def test_both_languages_on_one_line_are_read_as_one_rule_each(tmp_path):
    path = tmp_path / "mixed.md"
    path.write_text(
        "---\ntitle: t\n---\n\n"
        "**702.26a** 时间跳跃是一种静止式异能。 Phasing is a static ability that modifies the rules of the untap step.\n\n"
        "**702.26c** 如果一个永久物跃入，其状态改为“已跃入”。 If a permanent phases in, its status changes to “phased in.”\n\n"
        "**702.26d** 跃离事件不会使永久物改变区域。 The phasing event doesn’t actually cause a permanent to change zones.\n",
        encoding="utf-8",
    )
    document, _ = parse_file(path)
    assert document.lang == "zh" and document.rules[0].text == "时间跳跃是一种静止式异能。"
    assert document.siblings[0].lang == "en"
    assert document.siblings[0].rules[1].text == "If a permanent phases in, its status changes to “phased in.”"


def test_two_latin_languages_side_by_side_are_told_by_their_words(tmp_path):
    path = tmp_path / "en-es.txt"
    lines = [
        "====== 7. Additional Rules ======",
        "702.26a Phasing is a static ability that modifies the rules of the untap step.",
        "702.26a La fase es una habilidad estática que modifica las reglas del paso de enderezar.",
        "702.26b If a permanent phases out, its status changes to phased out and it is treated as though it doesn't exist.",
        "702.26b Si un permanente sale de fase, su estado cambia y se trata como si no existiera en el juego.",
        "702.26c If a permanent phases in, its status changes to phased in and the game treats it as though it exists.",
        "702.26c Si un permanente entra en fase, su estado cambia y el juego lo trata como si existiera de nuevo.",
    ]
    path.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    document, _ = parse_file(path)
    assert (document.lang, len(document.rules)) == ("es", 3)
    assert document.rules[1].text.startswith("Si un permanente sale de fase")
    assert (document.siblings[0].lang, len(document.siblings[0].rules)) == ("en", 3)
    assert document.warnings == []


def test_a_bilingual_reimport_that_would_shrink_one_side_changes_neither(tmp_path):
    from kb.api import ReplaceRefused

    kb = KnowledgeBase.open(":memory:")
    path = tmp_path / "zh-en.json"
    path.write_bytes((FORMS / "zh-en_json_20231013_athenacykes.json").read_bytes())
    kb.import_file(path, update_history=False)
    data = json.loads(path.read_text(encoding="utf-8"))
    for chapter in data["main"][0]["subrules"]:
        for rule in chapter["subrules"][1:]:
            rule["en"] = ""  # the English side emptied, the Chinese side whole and changed a little
    data["main"][0]["zh"] = "附加规则（修订）"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(ReplaceRefused):
        kb.import_file(path, update_history=False)
    titles = {d.name: d.rules for d in kb.documents()}
    assert titles == {"zh-en": 56, "zh-en.en": 56}
    assert kb.rule("7", edition="zh-en", lang="zh").title == "附加规则"


# ---- Round 2: real pages (expected.tsv, second part) and the bad input of issue 42 -----------------


def test_a_page_whose_text_lost_its_line_breaks_is_split_at_each_rule():
    document, _ = parse_file(FORMS / "de_freizeitspieler_grundlagen_runon.txt")
    rules = {r.number: r for r in document.rules}
    assert [r.number for r in document.rules][:4] == ["1", "100", "100.1", "100.1a"]
    assert (rules["1"].title, rules["100"].title) == ("Grundlagen des Spiels", "Allgemeines")
    assert rules["100.1"].text == (
        "Dieses Magic-Regelwerk trifft auf jede Partie Magic mit zwei oder mehr Spielern zu, "
        "einschließlich Zwei-Spieler-Partien und Mehrspielerpartien."
    )
    assert rules["100.2a"].text.endswith(
        "den gleichen englischen Namen (siehe Regel 201.3)."
    )  # a citation splits nothing


def test_misprinted_numbers_among_rules_are_warnings_and_the_rules_after_them_stay():
    document, _ = parse_file(FORMS / "it_wiki_bullets_fandom.txt")
    assert [r.number for r in document.rules] == [
        "100",
        "100.1",
        "100.2",
        "100.2a",
        "100.2b",
        "100.3",
        "100.4",
        "100.4a",
    ]
    assert [(w.kind, w.printed) for w in document.warnings] == [
        ("out-of-sequence", "101.1a"),
        ("out-of-sequence", "101.1b"),
    ]


def test_a_stray_number_above_a_dataset_is_no_section_and_blocks_nothing():
    document, _ = parse_file(FORMS / "en_hf_dataset_viewer_trevorjs.txt")
    assert [r.number for r in document.rules][:3] == ["100.1", "100.1a", "100.1b"]
    assert document.rules[0].text.startswith("These Magic rules apply to any Magic game")
    assert all(r.number.startswith("100.") for r in document.rules)


def test_a_menu_or_table_of_contents_is_no_rule():
    document, _ = parse_file(FORMS / "en_lotusnoir_cr103_fr_site.txt")
    assert document.rules[0].number == "103" and document.rules[0].title == "Game Concepts : Starting the Game"
    assert "contents" in [w.kind for w in document.warnings]
    japanese, _ = parse_file(FORMS / "ja_mtgjp_cr20240730_contents.txt")
    assert [(r.number, r.title) for r in japanese.rules[:2]] == [("1", "ゲームの考え方"), ("100", "原則")]


def test_the_headings_right_above_a_rule_are_the_body_not_a_table_of_contents(tmp_path):
    path = tmp_path / "chain.md"
    path.write_text(
        "---\ntitle: t\n---\n\n7. Additional Rules\n\n702. Keyword Abilities\n\n702.26. Phasing\n\n"
        "702.26a Phasing is a static ability that modifies the rules of the untap step.\n\n"
        "702.26b If a permanent phases out, its status changes to “phased out.”\n",
        encoding="utf-8",
    )
    document, _ = parse_file(path, format="numbered")
    assert [r.number for r in document.rules] == ["7", "702", "702.26", "702.26a", "702.26b"]
    assert document.warnings == []


def test_a_rule_broken_at_the_width_of_the_page_it_was_copied_from_is_one_rule():
    document, _ = parse_file(FORMS / "pt_blog_magicextremo_2010.txt")
    rules = {r.number: r for r in document.rules}
    assert rules["100.5"].text == (
        "A maior parte dos torneios de Magic tem regras especiais (não incluídas aqui) e podem limitar o uso de "
        "algumas cartas, incluindo impedir o uso de todas as cartas de algumas expansões mais antigas. Para mais "
        "informações, veja as Standard Floor Rules da DCIä."
    )
    assert rules["100.4"].text == "Não existe um máximo para o tamanho de um deck."  # ended: the next line is a rule


def test_a_rule_sites_page_with_its_links_is_a_rule_page_not_a_post():
    document, _ = parse_file(FORMS / "en_mtgru_cr200_ru_site.txt")
    assert document.format == "rule-page"
    assert [r.number for r in document.rules] == ["2", "200", "200.1", "200.2", "200.3"]
    assert document.meta["next"].startswith("201. Name")


def test_a_forums_leftover_tag_is_no_title_pair():
    document, _ = parse_file(FORMS / "it_forum_mastertopforum_2007.txt")
    assert document.format == "prose" and document.terms == []
    assert [r.number for r in document.rules] == ["1", "100", "100.1", "100.2", "100.3", "100.4"]  # "100.01" is 100.1


def test_numbers_in_full_width_forms_with_a_full_width_dot_are_read(tmp_path):
    path = tmp_path / "wide.md"
    path.write_text(
        "---\ntitle: t\n---\n\n７０２．２６ａ　フェイジングは常在型能力である。\n\n"
        "７０２．２６ｂ　パーマネントがフェイズ・アウトすると、その位相は「フェイズ・アウト」になる。\n",
        encoding="utf-8",
    )
    document, _ = parse_file(path)
    assert [(r.number, r.text) for r in document.rules][0] == ("702.26a", "フェイジングは常在型能力である。")
    assert [r.number for r in document.rules] == ["702.26a", "702.26b"] and document.lang == "ja"


def test_numbers_in_arabic_indic_digits_are_read_and_the_language_is_the_texts(tmp_path):
    path = tmp_path / "ar.md"
    path.write_text(
        "---\ntitle: t\n---\n\n٧٠٢.٢٦a الطور قدرة ثابتة تعدل قواعد خطوة الفك.\n\n٧٠٢.٢٦b إذا خرج دائم من الطور يتغير وضعه.\n",
        encoding="utf-8",
    )
    document, _ = parse_file(path)
    assert [r.number for r in document.rules] == ["702.26a", "702.26b"]
    assert document.lang == "ar"  # not English: the script says what the text is


def test_two_languages_interleaved_in_one_rule_are_refused_with_the_line(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(
        "702.26a Phasing is a static ability that modifies the rules of the untap step.\n"
        "702.26b If a permanent phases out パーマネントがフェイズ・アウトすると its status changes to phased out.\n"
        "702.26c If a permanent phases in, its status changes to phased in.\n",
        encoding="utf-8",
    )
    document, _ = parse_file(path, format="numbered")
    assert [r.number for r in document.rules] == ["702.26a", "702.26c"]
    (warning,) = document.warnings
    assert (warning.kind, warning.line, warning.printed) == ("mixed-languages", 2, "702.26b")
    path.write_text(
        "702.26b If a permanent phases out パーマネントがフェイズ・アウトすると its status changes to phased out.\n",
        encoding="utf-8",
    )
    with pytest.raises(NoRules) as raised:
        parse_file(path, format="numbered")
    assert raised.value.line == 1 and "mixes two languages" in str(raised.value)
    with pytest.raises(NoRules) as raised:
        parse_file(path)  # no reader claims it: every reader is named, the pipeline with the line
    assert "numbered: does not claim it, reads nothing: line 1: rule 702.26b mixes two languages" in str(raised.value)


def test_a_page_that_only_mentions_rule_numbers_is_refused_naming_each_reader():
    with pytest.raises(NoRules) as raised:
        parse_file(FORMS / "pt_doczz_regras_abrangentes_intro.txt")
    for reader in ("po:", "numbered:", "prose:", "rule-page:", "cr-text:"):
        assert reader in str(raised.value)


def test_a_chapter_titled_with_one_cjk_character_is_a_chapter(tmp_path):
    path = tmp_path / "zh.json"
    rules = [
        {"chapter": "108.", "en": "Cards", "zh": "牌"},
        {
            "chapter": "108.1.",
            "en": "Use the Oracle card reference when determining a card's text.",
            "zh": "请参考Oracle。",
        },
        {"chapter": "305.", "en": "Lands", "zh": "地"},
        {
            "chapter": "305.1.",
            "en": "A player who has priority may play a land card.",
            "zh": "具有优先权的牌手可以使用地牌。",
        },
    ]
    path.write_text(json.dumps({"main": rules}, ensure_ascii=False), encoding="utf-8")
    document, _ = parse_file(path)
    assert [(r.number, r.title) for r in document.rules] == [
        ("108", "牌"),
        ("108.1", None),
        ("305", "地"),
        ("305.1", None),
    ]


def test_notes_that_move_on_to_another_rule_keep_the_quote_and_a_heading_over_a_quote_gives_its_text():
    document, _ = parse_file(FORMS / "zh_markdown_notes_prevention_lieyanqzu.md")
    rules = {r.number: r for r in document.rules}
    assert [r.number for r in document.rules][-1] == "616.1"  # quoted after 702.16e: a quote, not a misprint
    assert (
        rules["615.1"].text
        == "一些持续性效应属于防止性效应。防止性效应保护物件或牌手免受伤害。它们于事件发生的过程中持续生效；它们不会事先锁定。"
    )
    assert "615.8" not in rules and "702.16f" not in rules  # ranges in a list cite rules, quote none


XLIFF_SEPARATE = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="pl" datatype="plaintext" original="comprules.rst">
    <body>
      <trans-unit id="a1"><source>702.26a</source><target>702.26a</target></trans-unit>
      <trans-unit id="a2"><source>Phasing is a static ability that modifies the rules of the untap step.</source>
        <target>Zanikanie jest zdolnością statyczną, która zmienia zasady kroku odtapowania.</target></trans-unit>
      <trans-unit id="b1"><source>702.26b</source><target>702.26b</target></trans-unit>
      <trans-unit id="b2"><source>If a permanent phases out, its status changes to phased out.</source>
        <target>Jeśli permanent zanika, jego status zmienia się na zaniknięty i nie jest on w grze.</target></trans-unit>
    </body>
  </file>
</xliff>
"""


def test_an_xliff_whose_numbers_are_units_of_their_own_pairs_each_with_its_own_language(tmp_path):
    path = tmp_path / "comprules.xlf"
    path.write_text(XLIFF_SEPARATE, encoding="utf-8")
    document, _ = parse_file(path)
    assert document.lang == "pl" and [r.number for r in document.rules] == ["702.26a", "702.26b"]
    assert document.rules[0].text.startswith("Zanikanie jest zdolnością statyczną")
    english = document.siblings[0]
    assert (
        english.lang == "en" and english.rules[1].text == "If a permanent phases out, its status changes to phased out."
    )


def test_a_hugo_post_quoting_rules_in_shortcodes_and_a_numbered_list(tmp_path):
    path = tmp_path / "phasing.md"
    path.write_text(
        '+++\ntitle = "Phasing, explained"\ndate = 2024-02-03\n+++\n\n'
        "Phasing confuses people, so here are the rules that matter most for the untap step.\n\n"
        "{{< quote >}}702.26a Phasing is a static ability that modifies the rules of the untap step.{{< /quote >}}\n\n"
        "1. 702.26b If a permanent phases out, its status changes to “phased out.”\n"
        "2. 702.26c – If a permanent phases in, its status changes to “phased in.”\n",
        encoding="utf-8",
    )
    document, _ = parse_file(path, format="numbered")
    assert [(r.number, r.text[:30]) for r in document.rules] == [
        ("702.26a", "Phasing is a static ability th"),
        ("702.26b", "If a permanent phases out, its"),
        ("702.26c", "If a permanent phases in, its "),
    ]


def test_a_table_with_a_section_and_an_index_column_before_the_rule_numbers(tmp_path):
    path = tmp_path / "rules.csv"
    path.write_text(
        "index,section,rule,text\n"
        '0,1,100.1,"These Magic rules apply to any Magic game with two or more players, including two-player games."\n'
        "1,1,100.1a,A two-player game is a game that begins with only two players.\n"
        "2,1,100.1b,A multiplayer game is a game that begins with more than two players.\n"
        '3,1,100.2,"To play, each player needs their own deck of traditional Magic cards."\n',
        encoding="utf-8",
    )
    document, _ = parse_file(path)
    assert [r.number for r in document.rules] == ["100.1", "100.1a", "100.1b", "100.2"]
    assert document.rules[1].text == "A two-player game is a game that begins with only two players."


def test_a_map_keyed_by_rule_numbers_numbers_each_object_and_keeps_its_examples_and_glossary():
    document, _ = parse_file(FORMS / "en_json_mightstone_20240607.json")
    assert document.edition == "2024-06-07"  # "effective": "These rules are effective as of June 7, 2024."
    b = next(r for r in document.rules if r.number == "702.26b")
    assert b.text.startswith("If a permanent phases out") and len(b.examples) == 2
    assert b.examples[1].startswith("You control a phased-out creature.")
    assert "905.6" not in {r.number for r in document.rules}  # "last_rule", a pointer, is no rule of the map
    assert [g.term for g in document.glossary] == ["Abandon", "Ability", "Ability Word"]
    assert document.glossary[0].text.startswith("To turn a face-up ongoing scheme card face down")


def test_a_map_keyed_by_numbers_whose_objects_name_their_own_number_keeps_theirs(tmp_path):
    path = tmp_path / "rules.json"
    rules = {
        "first": {
            "number": "702.26a",
            "text": "Phasing is a static ability that modifies the rules of the untap step.",
        },
        "702.99": {"number": "702.26b", "text": "If a permanent phases out, its status changes to phased out."},
    }
    path.write_text(json.dumps({"rules": rules}), encoding="utf-8")
    document, _ = parse_file(path)
    assert [r.number for r in document.rules] == ["702.26a", "702.26b"]


def test_a_rst_document_titled_by_rule_numbers_reads_lettered_items_as_subrules():
    document, _ = parse_file(FORMS / "en_rst_cardboard_cr702_2011.rst")
    numbers = [r.number for r in document.rules]
    assert numbers[numbers.index("702.24k") + 1] == "702.24m"  # the letter l skipped as printed
    phasing = next(r for r in document.rules if r.number == "702.24")
    assert (phasing.title or phasing.text) == "Phasing"
    b = next(r for r in document.rules if r.number == "702.24b")
    assert b.text.endswith("anything else in the game.") and len(b.examples) == 2  # two admonitions
    a = next(r for r in document.rules if r.number == "700.2a")
    assert "seealso" not in a.text and "601.2b" not in a.text  # a directive's body is markup, not text
    assert next(r for r in document.rules if r.number == "700.1").examples[0].startswith("If an attacking creature")


def test_a_rst_document_says_so_in_explain():
    answer = KnowledgeBase.explain_import(FORMS / "en_rst_cardboard_cr702_2011.rst")
    assert answer["container"] == "rst" and answer["format"] == "numbered"


def test_a_map_whose_rule_number_keys_are_sorted_as_strings_is_read_in_the_rules_order(tmp_path):
    path = tmp_path / "rules.json"
    keys = ["106", "106.1", "106.10", "106.11", "106.1a", "106.2", "106.9"]  # as a string sort writes them
    rules = {key: {"ref": key + ".", "text": f"Rule text of {key}, long enough to be read as a rule."} for key in keys}
    rules["106"]["text"] = "Mana"  # a chapter's title
    path.write_text(json.dumps({"effective": "n/a", "rules": rules}), encoding="utf-8")
    document, _ = parse_file(path)
    assert [r.number for r in document.rules] == ["106", "106.1", "106.1a", "106.2", "106.9", "106.10", "106.11"]
    assert not document.warnings


def test_an_article_whose_heading_prints_the_quoted_rule_keeps_that_rule():
    document, _ = parse_file(FORMS / "en_article_wizards_phasing_2005_ormos.md")
    assert document.format == "prose" and document.rules[0].number == "502.15"
    assert (document.rules[0].title or document.rules[0].text) == "Phasing"
    assert document.title != "502.15. Phasing"  # the rule's heading names no post
    g = next(r for r in document.rules if r.number == "502.15g")
    assert "Giant Growth" in g.text and "](http" not in g.text  # the link's text kept, its address dropped


def test_a_heading_that_numbers_a_section_of_the_post_is_no_rule(tmp_path):
    path = tmp_path / "post.md"
    prose_lines = "\n\n".join(f"Paragraph {n} of the post explains phasing in words of its own." for n in range(4))
    path.write_text(
        f"## 1. Why phasing\n\n{prose_lines}\n\n- 702.26a Phasing is a static ability.\n"
        "- 702.26c If a permanent phases in, its status changes to phased in.\n",
        encoding="utf-8",
    )
    document, _ = parse_file(path, format="prose")
    assert [r.number for r in document.rules] == ["702.26a", "702.26c"]
    assert document.commentary[0].heading == "1. Why phasing"  # the post's own section, over its prose
