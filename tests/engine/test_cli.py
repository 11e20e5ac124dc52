"""The headless command line, run in-process on the toy game (plus one real `python -m engine`)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from engine import cli
from engine.bots import PlayoutError
from engine.core import load_match

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]):
    """Run the command line in-process: (exit code, stdout, stderr). Never a traceback."""

    def invoke(*argv: str | Path) -> tuple[int, str, str]:
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err

    return invoke


@pytest.fixture
def save(run, tmp_path: Path) -> Path:
    """A new two-player toy game, seed 7, waiting on seat 0."""
    path = tmp_path / "game.tksave"
    code, _, err = run("new", "toy", "--players", 2, "--seed", 7, "--out", path)
    assert code == 0, err
    return path


def legal_lines(run, save: Path, *flags: str) -> list[str]:
    code, out, _ = run("legal", save, *flags)
    assert code == 0
    return out.splitlines()


def replay_digest(run, save: Path) -> str:
    code, out, err = run("replay", save)
    assert code == 0, err
    return out.splitlines()[-1].removeprefix("digest ")


# -- listing and help --------------------------------------------------------------------------
def test_games_lists_the_toy_game_with_player_counts_and_options(run) -> None:
    code, out, _ = run("games")
    assert code == 0
    assert "toy: Toy Ridge / 玩具山脊" in out
    assert "mode versus: 2-4 players" in out
    assert "mode solo: 1 player, co-operative" in out
    assert "option challenges=true (bool)" in out
    assert "option target=12 (int 1..60)" in out


def test_help_documents_exit_codes_and_save_files(run) -> None:
    code, out, _ = run("--help")
    assert code == 0
    assert "exit codes:" in out and "save files:" in out
    for number in "01234":
        assert f"\n  {number}  " in out


def test_the_module_entry_point_runs() -> None:
    env = {**os.environ, "TABLEKEEPER_GAMES": "tests.toygame"}
    games = subprocess.run([sys.executable, "-m", "engine", "games"], check=False, cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60)
    assert games.returncode == 0, games.stderr
    assert any(line.startswith("toy: Toy Ridge") for line in games.stdout.splitlines())
    helped = subprocess.run([sys.executable, "-m", "engine", "--help"], check=False, cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and "exit codes:" in helped.stdout
    usage = subprocess.run([sys.executable, "-m", "engine", "nonsense"], check=False, cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60)
    assert usage.returncode == 3 and "invalid choice" in usage.stderr and "Traceback" not in usage.stderr


# -- the play-by-file flow ---------------------------------------------------------------------
def test_new_legal_apply_show_replay(run, save: Path) -> None:
    legal = legal_lines(run, save)
    assert "0: pass" in legal and all(line.startswith("0: ") for line in legal)
    place = next(line for line in legal if line.startswith("0: place"))
    assert legal_lines(run, save, "--space", place.split()[-1]) == [
        c for c in legal if c.startswith("0: place") and c.endswith(" " + place.split()[-1])]

    code, out, err = run("apply", save, place)
    assert code == 0, err
    value, space = place.split()[2:]
    assert out.splitlines()[:2] == [place, f"  Player 1 placed {value} on {space}."]
    assert "You drew" not in out  # private to seat 0; apply shows public events unless --seat
    assert out.splitlines()[-1] == "waiting on seat 1 (turn)"

    code, out, _ = run("show", save)
    assert code == 0
    assert out.startswith("game: Toy Ridge (toy), mode versus, 2 players, seed 7, 1 command played\n"
                          "status: waiting on seat 1 (turn)\nview: public (no seat)\n---\n")
    assert f"  {space}:\n    seat: 0\n    value: {value}\n" in out

    code, out, _ = run("replay", save)
    assert code == 0
    assert out.splitlines()[:2] == ["replayed 1 command of toy (versus, 2 players, seed 7)",
                                    "waiting on seat 1 (turn)"]
    assert replay_digest(run, save) == load_match(save).digest()


def test_a_command_without_a_seat_goes_to_the_deciding_seat(run, save: Path) -> None:
    code, out, _ = run("apply", save, "pass", "pass")
    assert code == 0
    assert out.splitlines()[0] == "0: pass" and "1: pass" in out.splitlines()
    assert [str(c) for c in load_match(save).commands] == ["0: pass", "1: pass"]


def test_apply_with_seat_also_prints_that_seats_private_events(run, save: Path) -> None:
    place = next(line for line in legal_lines(run, save) if line.startswith("0: place"))
    code, out, _ = run("apply", save, "--seat", 0, place)
    assert code == 0 and "  You drew a " in out


@pytest.mark.parametrize("bad, rule", [("0: place 9 a1", "refused TOY-PLACE-1: you hold no 9"),
                                       ("1: pass", "refused TOY-TURN-1: seat 1 is not the one")])
def test_a_refused_command_leaves_the_save_byte_for_byte(run, save: Path, bad: str, rule: str) -> None:
    before = save.read_bytes()
    code, out, err = run("apply", save, bad)
    assert code == 2
    assert err.startswith(rule)
    assert out == ""
    assert save.read_bytes() == before


def test_apply_is_all_or_nothing(run, save: Path) -> None:
    before = save.read_bytes()
    code, out, err = run("apply", save, "0: pass", "1: place 9 a1")
    assert code == 2
    assert err.startswith("refused TOY-PLACE-1")
    assert "in command 2 of 2" in err and "nothing was applied" in err
    assert out == ""  # the good first command is not reported as done
    assert save.read_bytes() == before
    assert load_match(save).commands == []


def test_bad_notation_is_refused_with_exit_2(run, save: Path) -> None:
    before = save.read_bytes()
    code, _, err = run("apply", save, "0: pass", "place 4 b2 colour=")
    assert code == 2 and err.startswith("refused: ")
    assert save.read_bytes() == before


def test_show_hides_other_hands_unless_all(run, save: Path) -> None:
    def shown(*flags: str) -> dict:
        code, out, _ = run("show", save, "--format", "json", *flags)
        assert code == 0
        return json.loads(out)

    own = shown("--seat", "0")
    assert isinstance(own["hands"][0], list) and own["hands"][1] == 2 and own["deck"] == 14
    other = shown("--seat", "1")
    assert other["hands"][0] == 2 and isinstance(other["hands"][1], list)
    public = shown()
    assert public["hands"] == [2, 2]
    whole = shown("--all")
    assert whole["format"] == "tablekeeper-state"
    assert [len(h) for h in whole["data"]["hands"]] == [2, 2] and len(whole["data"]["deck"]) == 14
    _, out, _ = run("show", save, "--seat", "0")  # the text form is a header, then the view as YAML
    header, _, body = out.partition("\n---\n")
    assert header.endswith("view: seat 0") and yaml.safe_load(body) == own


def test_whole_state_yaml_starts_a_new_game_with_the_same_digest(run, save: Path, tmp_path: Path) -> None:
    place = next(line for line in legal_lines(run, save) if line.startswith("0: place"))
    assert run("apply", save, place, "1: pass")[0] == 0
    code, state_yaml, _ = run("show", save, "--all", "--format", "yaml")
    assert code == 0
    state_file = tmp_path / "state.yaml"
    state_file.write_text(state_yaml, encoding="utf-8")
    copy = tmp_path / "copy.tksave"
    code, out, err = run("new", "toy", "--from-state", state_file, "--out", copy)
    assert code == 0, err
    assert replay_digest(run, copy) == replay_digest(run, save)
    # The copy plays on exactly like the original, also after its save is reloaded.
    for target in (save, copy):
        code, out, _ = run("apply", target, "0: pass")  # the second pass in a row ends the game
        assert code == 0 and out.splitlines()[-1].startswith("game over: ")
    assert replay_digest(run, copy) == replay_digest(run, save)


def test_from_state_settings_come_from_the_document(run, save: Path, tmp_path: Path) -> None:
    state_file = tmp_path / "state.yaml"
    state_file.write_text(run("show", save, "--all", "--format", "yaml")[1], encoding="utf-8")
    out_file = tmp_path / "x.tksave"
    for flags, message in ((["nemesis"], "is a toy state, not nemesis"),
                           (["--players", "3"], "has 2 players, not 3"),
                           (["--seed", "3"], "--seed cannot be used with --from-state")):
        code, _, err = run("new", *flags, "--from-state", state_file, "--out", out_file)
        assert code == 3 and message in err
    assert not out_file.exists()


def test_undo_takes_back_a_quiet_command_but_not_a_draw(run, save: Path) -> None:
    assert run("apply", save, "0: pass")[0] == 0
    code, out, _ = run("undo", save)
    assert code == 0 and out.startswith("took back 0: pass; waiting on seat 0 (turn)")
    assert load_match(save).commands == []
    place = next(line for line in legal_lines(run, save) if line.startswith("0: place"))
    assert run("apply", save, place)[0] == 0
    before = save.read_bytes()
    code, _, err = run("undo", save)
    assert code == 2 and err.startswith("refused CORE-UNDO-1")
    assert save.read_bytes() == before


def test_bot_seats_move_by_themselves_reproducibly(run, tmp_path: Path) -> None:
    saves = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.tksave"
        assert run("new", "toy", "--players", 2, "--seed", 4, "--seats", "human,bot:random",
                   "--out", path)[0] == 0
        code, out, _ = run("apply", path, "pass")
        assert code == 0
        lines = out.splitlines()
        assert lines[0] == "0: pass"
        assert any(line.startswith("1: ") and line.endswith("  (bot:random)") for line in lines)
        assert out.splitlines()[-1].startswith(("waiting on seat 0", "game over"))
        saves.append(path.read_bytes())
    assert saves[0] == saves[1]
    assert json.loads(saves[0])["commands"][1].startswith("1: ")


# -- bot-only games ----------------------------------------------------------------------------
def test_play_prints_outcomes_and_a_deterministic_summary(run) -> None:
    code, out, _ = run("play", "toy", "--players", 3, "--bots", "random", "--seed", 5, "--games", 3)
    assert code == 0
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["seed 5", "seed 6", "seed 7"]
    assert all("(highest ridge); scores " in line and line.endswith(" commands") for line in lines[:3])
    assert lines[3].startswith("wins: seat 0 ")
    assert lines[4].startswith("3 games, ") and "games/s" in lines[4] and lines[4].endswith("commands/s")
    again = run("play", "toy", "--players", 3, "--bots", "random,bot:random,random", "--seed", 5,
                "--games", 3)[1].splitlines()
    assert again[:4] == lines[:4]
    assert again[4].split(" in ")[0] == lines[4].split(" in ")[0]


def test_play_solo_and_bot_lists(run) -> None:
    code, out, _ = run("play", "toy", "--players", 1, "--games", 2)
    assert code == 0 and out.startswith("seed 1: ") and "target" in out
    code, _, err = run("play", "toy", "--players", 3, "--bots", "random,random")
    assert code == 3 and "2 bot kinds for 3 players" in err


def test_a_broken_game_during_bot_play_exits_4(run, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args, **kwargs):
        raise PlayoutError("toy offers seat 0 no legal command at prompt 'turn' (an engine bug)")

    monkeypatch.setattr(cli, "play_out", broken)
    code, _, err = run("play", "toy", "--players", 2)
    assert code == 4 and err == "error: toy offers seat 0 no legal command at prompt 'turn' (an engine bug)\n"


# -- errors: one line, a documented exit code, never a traceback ------------------------------
def test_missing_and_corrupt_saves_exit_1_naming_the_file(run, tmp_path: Path) -> None:
    missing = tmp_path / "missing.tksave"
    code, _, err = run("show", missing)
    assert code == 1 and err == f"error: {missing}: file not found\n"
    corrupt = tmp_path / "corrupt.tksave"
    corrupt.write_text('{\n "format": "tablekeeper-save",\n "commands": [,]\n}\n', encoding="utf-8")
    for subcommand in ("show", "legal", "replay", "undo"):
        code, _, err = run(subcommand, corrupt)
        assert code == 1 and err.startswith(f"error: {corrupt}, line 3: damaged JSON")
    before = corrupt.read_bytes()
    assert run("apply", corrupt, "pass")[0] == 1 and corrupt.read_bytes() == before


def test_broken_state_yaml_exits_1_naming_file_and_line(run, tmp_path: Path) -> None:
    broken = tmp_path / "state.yaml"
    broken.write_text("format: tablekeeper-state\ngame: [toy\n", encoding="utf-8")
    code, _, err = run("new", "--from-state", broken, "--out", tmp_path / "x.tksave")
    assert code == 1 and err.startswith(f"error: {broken}, line ") and err.count("\n") == 1


@pytest.mark.parametrize("argv, message", [
    (["new", "chess", "--players", "2"], "error: no game 'chess' (games: "),
    (["new", "toy", "--players", "2", "--option", "colour=red"], "error: toy has no option 'colour'"),
    (["new", "toy", "--players", "2", "--option", "target=0"], "error: option target must be between"),
    (["new", "toy", "--players", "2", "--option", "target"], "error: --option takes KEY=VALUE"),
    (["new", "toy", "--players", "9"], "error: toy is for 1\u20134 players, not 9"),
    (["new", "toy", "--players", "2", "--mode", "chaos"], "error: toy has no mode 'chaos'"),
    (["new", "toy", "--players", "2", "--seats", "human,bot:genius"], "error: no bot kind 'bot:genius'"),
    (["new", "toy", "--players", "2", "--seats", "robot"], "error: seat kind 'robot'"),
    (["new", "--players", "2"], "error: new needs GAME and --players N"),
    (["play", "chess", "--players", "2"], "error: no game 'chess'"),
    (["play", "toy", "--players", "2", "--bots", "genius"], "error: no bot kind 'genius'"),
    (["new", "toy", "--players", "two"], "usage: python -m engine new"),
    (["frobnicate"], "usage: python -m engine"),
])
def test_bad_arguments_exit_3(run, tmp_path: Path, argv: list[str], message: str) -> None:
    out_file = tmp_path / "x.tksave"
    if argv[0] == "new":
        argv = [*argv, "--out", str(out_file)]
    code, out, err = run(*argv)
    assert code == 3
    assert err.startswith(message)
    assert out == "" and not out_file.exists()


def test_seat_out_of_range_exits_3(run, save: Path) -> None:
    for seat, argv in ((2, ["show", save]), (5, ["legal", save]), (3, ["apply", save, "pass"])):
        code, _, err = run(*argv, "--seat", seat)
        assert code == 3 and err == f"error: seat {seat} does not exist: seats are 0 to 1\n"


def test_new_neither_overwrites_nor_writes_into_a_missing_folder(run, save: Path, tmp_path: Path) -> None:
    before = save.read_bytes()
    code, _, err = run("new", "toy", "--players", 3, "--out", save)
    assert code == 1 and "already exists (use --force" in err and save.read_bytes() == before
    assert run("new", "toy", "--players", 3, "--out", save, "--force")[0] == 0
    assert load_match(save).config.players == 3
    nowhere = tmp_path / "no" / "such" / "folder.tksave"
    code, out, err = run("new", "toy", "--players", 2, "--out", nowhere)
    assert code == 1 and err.startswith(f"error: {nowhere}: cannot write the file") and out == ""


# -- hostile input and the last resort ---------------------------------------------------------
@pytest.mark.parametrize("text", ["0: pass " + "9" * 5000, "0: pass 1", "0: pass x=1", "9" * 50 + ": pass"])
def test_junk_and_huge_numbers_are_refused_without_a_traceback(run, save: Path, text: str) -> None:
    before = save.read_bytes()
    code, out, err = run("apply", save, text)
    assert code == 2 and err.startswith("refused") and out == ""
    assert save.read_bytes() == before


def test_an_unexpected_failure_is_one_line_and_a_bug_report_beside_the_save(run, save: Path,
                                                                           monkeypatch) -> None:
    from engine.core import Match

    def broken(self, command):
        raise ZeroDivisionError("the rules divided by zero")
    monkeypatch.setattr(Match, "apply", broken)
    code, out, err = run("apply", save, "0: pass")
    assert code == 4 and len(err.strip().splitlines()) == 1
    assert "unexpected failure (ZeroDivisionError: the rules divided by zero)" in err
    reports = list(save.parent.glob("tablekeeper-bug-*.txt"))
    assert len(reports) == 1 and str(reports[0]) in err
    report = reports[0].read_text()
    assert "ZeroDivisionError" in report and "Traceback" in report and "0: pass" in report
    assert '"format": "tablekeeper-save"' in report     # the save itself, to replay the failure


def test_replay_log_shows_others_only_the_verb_of_a_private_command(run, tmp_path: Path) -> None:
    """Vindication's kept quest is a secret: the public log and other seats see `answer (hidden)`."""
    path = tmp_path / "v.tksave"
    assert run("new", "vindication", "--players", 2, "--seed", 5, "--out", path)[0] == 0
    for _ in range(8):
        _, out, _ = run("legal", path)
        if out.splitlines()[0].split(": ", 1)[1].startswith("answer Q"):
            break
        run("apply", path, out.splitlines()[0])
    quest_answer = out.splitlines()[0]
    assert ": answer Q" in quest_answer
    seat = int(quest_answer.split(":")[0])
    assert run("apply", path, quest_answer)[0] == 0
    quest = quest_answer.split()[-1]
    code, public, _ = run("replay", path, "--log")
    assert code == 0 and f"{seat}: answer (hidden)" in public and quest not in public
    _, other, _ = run("replay", path, "--log", "--seat", 1 - seat)
    assert f"{seat}: answer (hidden)" in other and quest not in other
    _, own, _ = run("replay", path, "--log", "--seat", seat)
    assert quest_answer in own
