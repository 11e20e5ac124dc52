"""Answers that say how many units (amounts.py, `Game.command_amounts`): every count-shaped answer
of a decision reads as numbers of one group, with the numbers its notation says, in both languages;
a group never spans two decisions or two questions of one decision."""
from __future__ import annotations

import random
import re
from collections import defaultdict

import pytest

from engine.core import Command, Match
from engine.core.amounts import amount_problems, amount_rows
from engine.dragonbond.game import GAME

from .scenario import pending, play, started

UNIT = "(infantry|cavalry|ranged)"
# the count-shaped answers, by the decision that lists them (rules/attack.py, actions.py, combat.py)
COUNT_SHAPED = {
    "attack_approach": re.compile(rf"[a-z_]+\.{UNIT}\.\d+\Z"),
    "icon_move_pieces": re.compile(rf"{UNIT}\.\d+\Z"),
    "allocate_damage": re.compile(rf"lose/{UNIT}\.\d+(\+{UNIT}\.\d+)*\Z"),
}


def _said(option: str) -> dict[str, int]:
    """The numbers an option's notation says: the unit types and how many (0 left out)."""
    counts = option.rpartition("/")[2]
    out: dict[str, int] = {}
    for item in counts.split("+"):
        piece, _, n = item.rpartition(".")
        out[piece.rpartition(".")[2]] = int(n)
    return {t: n for t, n in out.items() if n}


def _decisions(seeds: range, steps: int = 1500):
    """(kind, view, answers) of every decision of seeded random two-human games."""
    for seed in seeds:
        match = Match.new("dragonbond", 2, mode="humans2", seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            prompt = match.state.prompt
            if prompt is None:
                break
            legal = match.state.legal()
            if all(c.verb == "answer" for c in legal):
                yield prompt.kind, match.state.view(prompt.seats[0]), legal
            match.apply(rng.choice(legal))


def test_every_count_shaped_answer_of_seeded_games_reads_as_its_numbers():
    kinds_of_group: dict[str, set[str]] = defaultdict(set)
    seen: set[str] = set()
    for kind, view, legal in _decisions(range(12)):
        for language in ("en", "zh_TW"):
            read = [(str(c), GAME.command_amounts(c, view, language)) for c in legal]
            assert amount_problems(read) == [], (kind, language)
        groups = set()
        for command, amounts in read:
            option = Command.parse(command).args[0]
            shape = COUNT_SHAPED.get(kind)
            if shape is not None and shape.match(str(option)):
                assert amounts is not None, (kind, option)
                assert {p: n for p, n in amounts.values().items() if n} == _said(str(option)), option
                seen.add(kind)
            elif kind in COUNT_SHAPED:
                assert amounts is None, (kind, option)                 # figure, no_figure, stay, on/…
            if amounts is not None:
                kinds_of_group[amounts.group].add(kind)
                groups.add(amounts.group)
        if kind in ("attack_approach", "icon_move_pieces"):
            assert len(groups) <= 1, groups              # one stage asks of one unit type at a time
    assert seen == set(COUNT_SHAPED)                     # the seeds reach every kind of count
    assert all(len(kinds) == 1 for kinds in kinds_of_group.values()), {
        g: k for g, k in kinds_of_group.items() if len(k) > 1}


def test_seeded_games_show_no_more_than_a_dozen_answers_where_numbers_are_asked():
    """Where every answer but a few is a number, a decision shows a handful of rows and buttons."""
    for kind, view, legal in _decisions(range(12)):
        read = [(str(c), GAME.command_amounts(c, view)) for c in legal]
        rows = amount_rows(read)
        if not rows:
            continue
        grouped = {answer for row in rows for _, answer in row.choices}
        assert len(legal) - len(grouped) + len(rows) <= 12, (kind, len(legal))
        assert len(grouped) > len(rows)                  # a row stands for several answers


CROWN, GF = "allarian_crownlands", "golden_fields"


@pytest.mark.rule("DRG-MOVE-1")
def test_a_staged_move_asks_how_many_of_each_type_and_leaves_the_figure_to_buttons():
    from engine.dragonbond.vocabulary import Icon

    from .effect_helpers import put_units, run_icon
    state = started(("elyse", "adrael"), first=0)
    put_units(state, "elyse", CROWN, infantry=1)                  # 2 infantry, 1 cavalry, 1 ranged, figure
    run_icon(state, "elyse", Icon("move"))
    play(state, f"0: answer move/{CROWN}/{GF}")
    view = state.view(0)
    answers = [Command("answer", (o,), (), 0) for o in pending(state)[2]]
    read = [GAME.command_amounts(c, view) for c in answers]
    assert [a.parts for a in read if a] == [(("infantry", "Infantry", k),) for k in range(3)]
    assert {a.group for a in read if a} == {"move/infantry"}
    zh = GAME.command_amounts(answers[1], view, "zh_TW")
    assert zh is not None and zh.title == "步兵" and zh.parts == (("infantry", "步兵", 1),)
    row, = amount_rows([(str(c), a) for c, a in zip(answers, read, strict=True)])
    assert row.parts == ("Infantry",) and [v for v, _ in row.choices] == [(0,), (1,), (2,)]
    for answer in ("infantry.1", "cavalry.0", "ranged.0"):
        play(state, f"0: answer {answer}")
    assert pending(state)[2] == ("figure", "no_figure")
    view = state.view(0)
    assert [GAME.command_amounts(Command("answer", (o,), (), 0), view) for o in ("figure", "no_figure")] \
        == [None, None]


@pytest.mark.rule("DRG-COMBAT-4")
def test_an_approach_asks_how_many_of_one_type_come_from_one_region():
    for kind, view, legal in _decisions(range(12)):
        if kind != "attack_approach" or "figure" in str(legal[0].args[0]):
            continue
        source, unit, _ = str(legal[0].args[0]).split(".")
        en = [GAME.command_amounts(c, view, "en") for c in legal]
        zh = [GAME.command_amounts(c, view, "zh_TW") for c in legal]
        assert all(a is not None and a.group == f"from/{source}.{unit}" for a in en + zh)
        assert en[0].title.startswith("From ") and zh[0].title.startswith("來自")
        assert [a.parts[0][2] for a in en] == [int(str(c.args[0]).rpartition(".")[2]) for c in legal]
        assert {a.parts[0][1] for a in zh} == {{"infantry": "步兵", "cavalry": "騎兵", "ranged": "遠程"}[unit]}
        return
    pytest.fail("no approach in the seeded games")


@pytest.mark.rule("DRG-COMBAT-8")
def test_losses_are_one_row_with_a_spin_box_per_unit_type_that_varies():
    view = {"viewer": 0, "seating": ["elyse", "nagasha"], "boards": {}, "effects": [
        {"primitive": "combat_damage", "waiting": True, "seat": 0, "pause": {"kind": "allocate_damage",
         "options": ["lose/infantry.2", "lose/infantry.1+ranged.1", "lose/ranged.2"]}}]}
    answers = [Command("answer", (o,), (), 0) for o in view["effects"][0]["pause"]["options"]]
    read = [GAME.command_amounts(c, view) for c in answers]
    assert all(a is not None and a.group == read[0].group and a.title == "Lose" for a in read)
    assert [a.values() for a in read] == [{"infantry": 2, "cavalry": 0, "ranged": 0},
                                          {"infantry": 1, "cavalry": 0, "ranged": 1},
                                          {"infantry": 0, "cavalry": 0, "ranged": 2}]
    row, = amount_rows([(str(c), a) for c, a in zip(answers, read, strict=True)])
    assert row.parts == ("Infantry", "Ranged")            # no cavalry to lose: no spin box for it
    assert [v for v, _ in row.choices] == [(2, 0), (1, 1), (0, 2)]
    assert GAME.command_amounts(answers[0], view, "zh_TW").title == "失去"


def test_a_carry_counts_units_with_the_figure_but_a_tied_ai_move_is_no_number():
    def view(kind: str, options: list[str]) -> dict:
        return {"viewer": 1, "seating": ["elyse", "ferellon"], "boards": {}, "effects": [
            {"primitive": "effect", "waiting": True, "seat": 1, "pause": {"kind": kind, "options": options}}]}
    carry = view("effect_choice", ["figure", "figure+cavalry.1", "figure+infantry.1+cavalry.1"])
    read = [GAME.command_amounts(Command("answer", (o,), (), 1), carry)
            for o in carry["effects"][0]["pause"]["options"]]
    assert [a.values()["infantry"] + a.values()["cavalry"] for a in read] == [0, 1, 2]
    assert read[0].title == "With the figure" and len({a.group for a in read}) == 1
    tie = view("ai_tie", [f"move/{CROWN}/{GF}/infantry.2", f"move/{CROWN}/{GF}/infantry.1"])
    assert GAME.command_amounts(Command("answer", (f"move/{CROWN}/{GF}/infantry.2",), (), 1), tie) is None


def test_removed_pieces_name_their_owner_and_a_payment_names_whose_power():
    view = {"viewer": 0, "seating": ["elyse", "nagasha", "adrael", "ferellon"],
            "boards": {"elyse": {"role": "general"}, "nagasha": {"role": "dragon"},
                       "adrael": {"role": "general"}, "ferellon": {"role": "dragon"}},
            "effects": [{"waiting": True, "seat": 0, "pause": {"kind": "effect_choice", "options": []}}]}
    removed = GAME.command_amounts(Command("answer", ("neutral.1+adrael-ranged.1",), (), 0), view, "zh_TW")
    assert removed is not None and removed.values()["adrael-ranged"] == 1 and removed.values()["neutral"] == 1
    assert ("adrael-ranged", "阿德瑞爾的遠程", 1) in removed.parts
    single = GAME.command_amounts(Command("answer", ("adrael-infantry.2",), (), 0), view)
    assert single is not None and single.group == removed.group and single.values()["adrael-infantry"] == 2
    paid = GAME.command_amounts(Command("answer", ("cast/fer_v3/pay/own.1+ally.1",), (), 0), view)
    assert paid is not None and paid.values() == {"own": 1, "ally": 1} and paid.title.startswith("Cast ")
    assert GAME.command_amounts(Command("answer", ("deploy/infantry@silverwood",), (), 0), view) is None
