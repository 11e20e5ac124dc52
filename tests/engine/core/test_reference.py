"""The rules reference loader (engine/core/reference.py): the format's checks, each naming the file,
the line and the fix; the API (areas, texts, search); and every shipped game's reference against
its specification in ../shared/rules/."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import ContentError, game_infos
from engine.core import reference as reference_module
from engine.core.reference import RULE_ID as ANY_RULE_ID
from engine.core.reference import Reference, load_reference, parse_reference, reference_of
from tests.conftest import RULE_ID, RULES

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "reference" / "toy"
REPOSITORY = Path(__file__).resolve().parents[3]


@pytest.fixture
def toy() -> Reference:
    return load_reference(FIXTURE, "toy", "tests/fixtures/reference/toy")


def rule(rule_id: str, en: str = "Text.", zh: str = "文字。") -> str:
    return f'      - id: {rule_id}\n        en: "{en}"\n        zh_TW: "{zh}"\n'


def area(area_id: str, *rules: str) -> str:
    return (f'  - area: {area_id}\n    title: {{en: "Title", zh_TW: "標題"}}\n    rules:\n'
            + "".join(rules))


def refusal(*files: tuple[str, str]) -> str:
    with pytest.raises(ContentError) as caught:
        parse_reference(files, "toy")
    return str(caught.value)


# -- the API -----------------------------------------------------------------------------------------

def test_areas_come_in_file_name_order_and_each_rule_is_in_both_languages(toy: Reference) -> None:
    assert [a.id for a in toy.areas] == ["TOY-SETUP", "TOY-TURN", "TOY-PLACE", "TOY-CLAIM", "TOY-COMMAND",
                                         "TOY-END"]
    assert toy.areas[2].title.get("zh_TW") == "放置卡片" and toy.areas[2].intro is not None
    assert toy.areas[1].intro is None
    assert len(toy) == 11 and toy.rule_ids()[:2] == ("TOY-SETUP-1", "TOY-TURN-1")
    assert toy.text("TOY-PLACE-2", "en").startswith("A space holds one card")
    assert toy.text("TOY-PLACE-2", "zh_TW").startswith("一格只能放一張卡")
    assert toy.text("TOY-PLACE-9") == ""
    found = toy.rule("TOY-END-1")  # where it is written, for messages
    assert found is not None and found.file.endswith("toy/20-ending.yaml") and found.line == 21


def test_the_area_of_a_rule_and_of_a_rule_not_written_yet(toy: Reference) -> None:
    assert toy.area_of("TOY-CLAIM-2").id == "TOY-CLAIM"
    assert toy.area_of("TOY-CLAIM-9").id == "TOY-CLAIM"  # not written: its area still opens
    assert toy.area_of("TOY-NOWHERE-1") is None and toy.area("TOY-END").rules[0].id == "TOY-END-1"


def test_search_by_words_by_id_and_in_chinese(toy: Reference) -> None:
    assert toy.search("toy-place-2") == ["TOY-PLACE-2"]  # an ID finds that rule alone
    assert toy.search("TOY-PLACE") == ["TOY-PLACE-1", "TOY-PLACE-2", "TOY-PLACE-3", "TOY-PLACE-4"]  # an area
    assert toy.search("toy-place-") == [*toy.search("TOY-PLACE"), "TOY-END-1"]  # TOY-END-1 names TOY-PLACE-2
    assert toy.search("taken SPACE") == ["TOY-PLACE-2"]  # every word, any case
    assert toy.search("space card") == ["TOY-SETUP-1", "TOY-PLACE-2", "TOY-PLACE-3"]  # "Placing cards"
    assert toy.search("taken", "zh_TW") == []  # the language's own text
    assert toy.search("宣告", "zh_TW") == ["TOY-TURN-1", "TOY-CLAIM-1", "TOY-CLAIM-2"]
    assert toy.search("claims") == ["TOY-CLAIM-1", "TOY-CLAIM-2"]  # the area's title counts
    assert toy.search("   ") == [] and toy.search("xyzzy") == []


def test_a_missing_folder_is_an_empty_reference(tmp_path: Path) -> None:
    assert not load_reference(tmp_path / "nothing", "toy") and len(Reference("toy")) == 0
    assert not reference_of("toy")  # the toy game ships no resources/toy/reference
    assert not reference_of("../vindication")  # not a game id: no folder looked up


def test_each_game_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    monkeypatch.setattr(reference_module, "reference_folder", lambda game: reads.append(game) or FIXTURE)
    reference_of.cache_clear()
    try:
        assert reference_of("toy") is reference_of("toy") and len(reference_of("toy")) == 11
        assert reads == ["toy"]
    finally:
        reference_of.cache_clear()


def test_only_yaml_files_are_read_in_name_order(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_text("areas:\n" + area("TOY-B", rule("TOY-B-1")), encoding="utf-8")
    (tmp_path / "a.yaml").write_text("areas:\n" + area("TOY-A", rule("TOY-A-1")), encoding="utf-8")
    (tmp_path / "notes.md").write_text("not read", encoding="utf-8")
    assert [a.id for a in load_reference(tmp_path).areas] == ["TOY-A", "TOY-B"]


# -- the format's checks: file, line, fix ------------------------------------------------------------

GOOD = "areas:\n" + area("TOY-MOVE", rule("TOY-MOVE-1"), rule("TOY-MOVE-2"))


@pytest.mark.parametrize("text, line, words", [
    (GOOD.replace('        zh_TW: "文字。"\n', "", 1), 5, ["lacks 'zh_TW'", "a rule needs id, en, zh_TW"]),
    (GOOD.replace("id: TOY-MOVE-2", "id: TOY-TURN-2"), 8, ["does not belong to area TOY-MOVE",
                                                           "move it under the area TOY-TURN"]),
    (GOOD.replace("id: TOY-MOVE-2", "id: TOY-MOVE-1"), 8, ["TOY-MOVE-1 is already written at f.yaml, line 5",
                                                           "keep one entry per rule ID"]),
    (GOOD.replace("id: TOY-MOVE-2", "id: toy-move-2"), 8, ["not a rule ID", "e.g. TOY-MOVE-1"]),
    (GOOD.replace("area: TOY-MOVE", "area: Movement"), 2, ["not a rule-ID prefix", "e.g. NEM-MOVE"]),
    (GOOD.replace('en: "Text."', "en: yes", 1), 6, ["expected a string, got true", "quote it"]),
    (GOOD.replace('en: "Text."', 'en: "Move <b>one</b> space."', 1), 6, ["plain text only", "'<b'"]),
    (GOOD.replace('en: "Text."', 'en: "Move **one** space."', 1), 6, ["plain text only", "'**'"]),
    (GOOD.replace('en: "Text."', 'en: "…"', 1), 6, ["placeholder", "write the text"]),
    (GOOD.replace('en: "Text."', 'en: "  "', 1), 6, ["the text is empty"]),
    (GOOD.replace('zh_TW: "標題"', 'zh: "標題"'), 3, ["unknown field 'zh'", "has en, zh_TW"]),
    (GOOD.replace('    title: {en: "Title", zh_TW: "標題"}\n', ""), 2, ["lacks 'title'"]),
    (GOOD.replace("    rules:\n", "    rule:\n"), 4, ["unknown field 'rule'", "did you mean 'rules'?"]),
    ("areas:\n" + area("TOY-MOVE"), 4, ["expected a list of rules", "got null"]),
    ("areas: []\n", 1, ["expected a list of areas"]),
    ("rules: []\n", 1, ["unknown field 'rules'"]),
    (GOOD.replace('en: "Text."', 'en: "Text: "more', 1), 6, ["YAML syntax error"]),
    (GOOD.replace('en: "Text."', "en: !!python/object:os.system echo", 1), 6,
     ["custom YAML tags are not allowed"]),
])
def test_a_broken_file_is_named_with_its_line_and_the_fix(text: str, line: int, words: list[str]) -> None:
    message = refusal(("f.yaml", text))
    assert message.startswith(f"f.yaml, line {line}"), message
    for word in words:
        assert word in message, message


def test_a_rule_or_area_written_in_two_files_names_both(tmp_path: Path) -> None:
    (tmp_path / "10-a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "20-b.yaml").write_text("areas:\n" + area("TOY-END", rule("TOY-END-1"), rule("TOY-MOVE-2")),
                                        encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_reference(tmp_path, "toy", "resources/toy/reference")
    assert str(caught.value) == ("resources/toy/reference/20-b.yaml, line 8, field areas[0].rules[1].id: "
                                 "rule TOY-MOVE-2 does not belong to area TOY-END: move it under the area "
                                 "TOY-MOVE")
    (tmp_path / "20-b.yaml").write_text("areas:\n" + area("TOY-MOVE", rule("TOY-MOVE-3")), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_reference(tmp_path, "toy", "resources/toy/reference")
    assert str(caught.value).startswith(
        "resources/toy/reference/20-b.yaml, line 2, field areas[0].area: area TOY-MOVE is already written "
        "at resources/toy/reference/10-a.yaml, line 2")
    (tmp_path / "20-b.yaml").write_text("areas:\n" + area("TOY-END", rule("TOY-END-1")) + area(
        "TOY-MOVEX", rule("TOY-MOVEX-1")), encoding="utf-8")
    (tmp_path / "30-c.yaml").write_text("areas:\n" + area("TOY-BACK", rule("TOY-BACK-1")), encoding="utf-8")
    assert len(load_reference(tmp_path)) == 5
    (tmp_path / "30-c.yaml").write_bytes(b"areas: \xff\n")
    with pytest.raises(ContentError, match="30-c.yaml: not UTF-8 text"):
        load_reference(tmp_path)


# -- the shipped references against the specifications -----------------------------------------------

def spec_ids(prefix: str) -> tuple[Path, set[str]] | None:
    """The specification that defines the rules of ``prefix`` and every ID it holds."""
    for spec in sorted(RULES.glob("*.md")):
        ids = {found.group(0) for found in RULE_ID.finditer(spec.read_text("utf-8"))}
        if any(rule_id.startswith(prefix + "-") for rule_id in ids):
            return spec, ids
    return None


SHIPPED = [info for info in game_infos()
           if (REPOSITORY / "resources" / info.id / reference_module.FOLDER).is_dir()]


@pytest.mark.skipif(not SHIPPED, reason="no game ships a rules reference yet (resources/<game>/reference/)")
@pytest.mark.parametrize("info", SHIPPED, ids=lambda info: info.id)
def test_a_shipped_reference_holds_every_rule_of_its_specification_once(info) -> None:
    if not RULES.is_dir():
        pytest.skip(f"the specifications are not here ({RULES})")
    found = spec_ids(info.rules_prefix)
    assert found is not None, f"no specification in {RULES} defines {info.rules_prefix}- rules"
    spec, expected = found
    # one entry per ID (the loader refuses a second one), texts in both languages, plain
    reference = load_reference(REPOSITORY / "resources" / info.id / reference_module.FOLDER, info.id,
                                f"resources/{info.id}/{reference_module.FOLDER}")
    written = set(reference.rule_ids())
    missing = sorted(expected - written)
    unknown = sorted(written - expected)
    assert not missing, f"{len(missing)} rules of {spec.name} have no text: {', '.join(missing[:40])}"
    assert not unknown, f"{len(unknown)} IDs are not rules of {spec.name}: {', '.join(unknown[:40])}"
    mentioned = {(rule.file, rule.line, found.group(0)) for a in reference.areas for rule in a.rules
                 for language in ("en", "zh_TW") for found in ANY_RULE_ID.finditer(rule.text.get(language))}
    dangling = sorted(f"{file}, line {line}: {rule_id}" for file, line, rule_id in mentioned
                      if rule_id not in written)
    assert not dangling, "texts mention IDs the reference lacks:\n" + "\n".join(dangling)
