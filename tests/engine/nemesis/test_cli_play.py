"""`python -m engine play nemesis …` plays whole games and prints each character's fate (NEM-VICTORY-8:
route, alive or dead and why, kept objective and verdict) in every mode."""
from __future__ import annotations

import re

import pytest

from engine import cli

FATE = re.compile(r"seat (\d) ([A-Z][A-Za-z ]+): (no route|locked in the Isolation Room|in the Bunker|"
                  r"evacuated by CSS), (alive|dead: [^,;]+), objective (\S+) (met|not met)")


@pytest.mark.rule("NEM-VICTORY-8")
@pytest.mark.parametrize("argv,players", [(["--players", "4"], 4), (["--players", "1", "--mode", "solo"], 1),
                                          (["--players", "3", "--mode", "coop"], 3)])
def test_play_prints_every_characters_fate(capsys, argv, players):
    code = cli.main(["play", "nemesis", *argv, "--bots", "heuristic", "--seed", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    first = out.splitlines()[0]
    assert first.startswith("seed 1: ") and first.endswith(" commands")
    fates = FATE.findall(first)
    assert [int(f[0]) for f in fates] == list(range(players)), first
    for _, _, route, alive, objective, _ in fates:
        assert objective.startswith(("P", "K", "S")) or objective == "no"
        assert (route == "no route") <= alive.startswith("dead")
    assert re.search(rf"^\s+survived(\s+[01]){{{players}}}$", out, re.M)
    assert re.search(rf"^\s+objective(\s+[01]){{{players}}}$", out, re.M)
    assert "wins: seat 0 " in out
