"""Dragonbond on the headless command line (`python -m engine …`), run in-process like
tests/engine/test_cli.py: new, legal, apply, show, replay and play, with refusals naming their rule."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import cli
from engine.core import load_match
from engine.dragonbond.content import content


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]):
    def invoke(*argv: str | Path) -> tuple[int, str, str]:
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err

    return invoke


@pytest.fixture
def save(run, tmp_path: Path) -> Path:
    """Two humans (Elyse and Nagasha, in seat order), two AI characters, seed 1."""
    path = tmp_path / "dragonbond.tksave"
    code, out, err = run("new", "dragonbond", "--players", 2, "--seed", 1, "--option", "characters=in_order",
                         "--out", path)
    assert code == 0, err
    assert "waiting on seat" in out and "(plan_turn)" in out
    return path


def deciding_seat(path: Path) -> int:
    return load_match(path).state.deciders()[0]


def test_games_lists_dragonbond_with_its_modes_and_options(run):
    code, out, _ = run("games")
    assert code == 0
    assert "dragonbond: Dragonbond: Lords of Vaala / 龍族誓約：瓦拉領主" in out
    for n in range(1, 5):
        assert f"mode humans{n}: {n} player" in out
    assert "option ai_tie_break=proxy (one of proxy, random)" in out


def test_new_legal_apply_show_replay(run, save: Path):
    seat = deciding_seat(save)
    code, out, _ = run("legal", save)
    legal = out.splitlines()
    assert code == 0 and legal and all(line.startswith(f"{seat}: place ") for line in legal)
    place = legal[0]
    card = place.split()[-1]
    name = content().action_cards[card].name.en if card in content().action_cards else card

    code, out, err = run("apply", save, place)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"{seat}: place (hidden)"  # the card is face down: not even its id shows
    assert "places a card face down" in lines[1]
    assert name not in out and card not in out   # DRG-HIDDEN-10: the public log shows no face
    assert lines[-1].startswith("waiting on seat") and "(plan_turn)" in lines[-1]

    code, out, _ = run("show", save, "--seat", 1 - seat)
    assert code == 0 and f"view: seat {1 - seat}" in out and card not in out.split("---", 1)[1].split("stack:")[1]

    code, out, _ = run("replay", save, "--log")
    assert code == 0
    assert out.splitlines()[0] == "replayed 1 command of dragonbond (humans2, 2 players, seed 1)"
    assert out.splitlines()[-1] == f"digest {load_match(save).digest()}"


def test_the_owner_sees_its_own_placement_with_seat(run, save: Path):
    seat = deciding_seat(save)
    _, out, _ = run("legal", save)
    place = out.splitlines()[0]
    code, out, _ = run("apply", save, place, "--seat", seat)
    assert code == 0 and "You place " in out


@pytest.mark.rule("DRG-PLAN-2")
def test_a_command_out_of_turn_is_refused_with_its_rule(run, save: Path):
    seat = deciding_seat(save)
    before = save.read_bytes()
    code, _, err = run("apply", save, f"{1 - seat}: pass")
    assert code == 2 and err.startswith("refused DRG-PLAN-2: ")
    assert save.read_bytes() == before


def test_a_card_not_in_hand_is_refused_with_a_rule_and_a_reason(run, save: Path):
    seat = deciding_seat(save)
    before = save.read_bytes()
    code, _, err = run("apply", save, f"{seat}: place no_such_card")
    assert code == 2
    assert re.match(r"refused DRG-[A-Z]+-\d+: \S", err), err
    assert save.read_bytes() == before


def test_play_prints_a_whole_game_with_its_winners_and_reason(run):
    code, out, err = run("play", "dragonbond", "--players", 2, "--bots", "heuristic", "--seed", 1, "--log")
    assert code == 0, err
    lines = out.splitlines()
    assert any(line.startswith("0: ") for line in lines) and any(line.startswith("1: ") for line in lines)
    assert any("The game ends" in line for line in lines)
    result = next(line for line in lines if line.startswith("seed 1: "))
    assert "won: " in result and ("winners " in result or "no winner" in result)
    assert lines[-2].startswith("wins: seat 0 ")


def test_play_many_games_with_mixed_bots(run):
    code, out, err = run("play", "dragonbond", "--players", 3, "--bots", "heuristic,random,heuristic",
                         "--games", 2, "--seed", 5)
    assert code == 0, err
    assert out.count("seed ") == 2 and "2 games" in out
