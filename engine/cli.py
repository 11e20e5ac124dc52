"""The headless command line, ``python -m engine``: start, play, inspect and replay saved games.

Each subcommand loads what it needs, does one thing and writes the save only when all of it
succeeded. User mistakes print one ``error: …`` or ``refused …`` line and an exit code, never a
traceback.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from engine.bots import Bot, PlayoutError, make_bot, play_out, seat_bots
from engine.core import (
    HUMAN,
    Command,
    ConfigError,
    Game,
    Match,
    NotationError,
    Outcome,
    Refused,
    SaveError,
    State,
    TablekeeperError,
    UnknownGame,
    dump_yaml,
    games,
    get_game,
    load_match,
    read_document,
    save_match,
    state_from_document,
    state_to_document,
)
from engine.core.match import Step

EXIT_OK = 0
EXIT_FILE = 1
EXIT_REFUSED = 2
EXIT_ARGUMENTS = 3
EXIT_ENGINE_BUG = 4

EPILOG = """\
exit codes:
  0  done
  1  file problem: a save or state file is missing, damaged or cannot be written
     (one line names the file, and the line in it where there is one)
  2  a command was refused by the rules, or is not valid notation; the save is unchanged
  3  bad arguments: unknown game or bot kind, mode, player count, option, seat, or usage
  4  a bug, not your input: a game or bot broke the engine contract, or something failed
     unexpectedly (a bug report file is written beside the save and named on stderr)

save files:
  A save (.tksave, readable JSON) records the game, players, mode, seed, options, seat kinds
  (human or bot:KIND) and every command played; a game begun with `new --from-state` also keeps
  its starting state. Loading replays every command from the start and checks the recorded
  digest, so a save never holds a position the rules did not reach. A save is written
  atomically, and only after every command given succeeded. Bot seats move by themselves after
  `new` and `apply`, until a human seat decides.

commands:
  [SEAT:] VERB ARG... KEY=VALUE..., e.g. "0: place 4 b2"; seats count from 0. Quote each command;
  one without "SEAT:" goes to the only seat that decides.
"""


class _UsageError(Exception):
    """argparse found the arguments unusable; main() turns it into exit code 3."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.format_usage().rstrip()}\n{self.prog}: error: {message}")


# -- entry point -------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
    except _UsageError as error:
        print(error, file=sys.stderr)
        return EXIT_ARGUMENTS
    except SystemExit as done:  # --help and --version end parsing early
        return done.code if isinstance(done.code, int) else EXIT_OK
    try:
        return int(args.run(args))
    except Refused as refusal:
        print(f"refused {refusal}", file=sys.stderr)
        return EXIT_REFUSED
    except NotationError as error:
        print(f"refused: {error}", file=sys.stderr)
        return EXIT_REFUSED
    except (ConfigError, UnknownGame) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_ARGUMENTS
    except PlayoutError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_ENGINE_BUG
    except TablekeeperError as error:  # SaveError and anything else about files
        print(f"error: {error}", file=sys.stderr)
        return EXIT_FILE
    except BrokenPipeError:
        # The reader stopped early (`legal SAVE | head`); saves were already written by then.
        _silence_stdout()
        return EXIT_OK
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(f"error: cannot write {where}{error.strerror or error}", file=sys.stderr)
        return EXIT_FILE
    except Exception as error:
        print(f"error: {_report_bug(error, args, argv)}", file=sys.stderr)
        return EXIT_ENGINE_BUG


def _report_bug(error: Exception, args: argparse.Namespace, argv: list[str] | None) -> str:
    """Write a bug report beside the save (or the file to be written) and say where, in one line."""
    from engine.core.bug_report import write_bug_report
    save = getattr(args, "save", None) or getattr(args, "out", None)
    context: dict[str, Any] = {"command line": " ".join(["python -m engine", *(sys.argv[1:] if argv is None
                                                                               else argv)])}
    if save is not None and Path(save).is_file() and Path(save).stat().st_size <= 2_000_000:
        context["save file"] = f"{save}\n{Path(save).read_text(encoding='utf-8', errors='replace')}"
    summary = f"{type(error).__name__}: {str(error)[:200]}"
    try:
        path = write_bug_report(error, Path(save).parent if save is not None else None, context=context)
    except OSError:
        return f"unexpected failure ({summary}); no bug report could be written"
    return f"unexpected failure ({summary}); a bug report is in {path} — please send it to us"


def _build_parser() -> _Parser:
    parser = _Parser(prog="python -m engine", description="Tablekeeper without the window: start, "
                     "play, inspect and replay games with every rule enforced.",
                     epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="subcommand", required=True, metavar="COMMAND")

    def add(name: str, run: Callable[[argparse.Namespace], int], help_text: str) -> _Parser:
        sub = commands.add_parser(name, help=help_text, description=help_text, epilog=EPILOG,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.set_defaults(run=run)
        return sub

    add("games", _run_games, "list the registered games, their modes, player counts and options")

    new = add("new", _run_new, "start a game and write its save file")
    new.add_argument("game", nargs="?", metavar="GAME",
                     help="game id; optional with --from-state, where it must match the document")
    new.add_argument("--players", type=int, metavar="N",
                     help="number of players (required without --from-state)")
    _add_setup_arguments(new)
    new.add_argument("--seats", metavar="KINDS", help="seat kinds in seat order, e.g. human,bot:random "
                     "(missing seats are human)")
    new.add_argument("--from-state", type=Path, metavar="FILE",
                     help="start from a state document, YAML or JSON (as `show --all` writes it; game, "
                          "players, mode, seed and options come from it)")
    new.add_argument("--out", type=Path, required=True, metavar="SAVE", help="the save file to write")
    new.add_argument("--force", action="store_true", help="replace SAVE if it exists")

    legal = add("legal", _run_legal, "print the legal commands, one a line")
    legal.add_argument("save", type=Path, metavar="SAVE")
    legal.add_argument("--seat", type=int, metavar="K",
                       help="only this seat's (default: every deciding seat)")
    legal.add_argument("--space", metavar="X", help="only commands started by clicking space X")

    apply = add("apply", _run_apply, "apply commands in order, all or nothing, then save")
    apply.add_argument("save", type=Path, metavar="SAVE")
    apply.add_argument("commands", nargs="+", metavar="COMMAND",
                       help='one quoted command each, e.g. "place 4 b2"')
    apply.add_argument("--seat", type=int, metavar="K",
                       help="also print events only seat K may see (default: public events only)")

    show = add("show", _run_show, "print a seat's view, the public view, or the whole state")
    show.add_argument("save", type=Path, metavar="SAVE")
    whose = show.add_mutually_exclusive_group()
    whose.add_argument("--seat", type=int, metavar="K", help="what seat K may see")
    whose.add_argument("--all", action="store_true", help="the whole state as a state document, "
                       "loadable with new --from-state")
    show.add_argument("--format", choices=("text", "json", "yaml"), default="text",
                      help="text: a header and the data as YAML (default); json/yaml: the data only")

    play = add("play", _run_play, "let bots play whole games and report outcomes and speed")
    play.add_argument("game", metavar="GAME")
    play.add_argument("--players", type=int, required=True, metavar="N")
    play.add_argument("--bots", default="random", metavar="KIND",
                      help="bot kind for every seat, or a comma list per seat (default: random)")
    play.add_argument("--games", type=int, default=1, metavar="K", help="games to play (default: 1)")
    play.add_argument("--log", action="store_true", help="also print each game's commands and public events")
    play.add_argument("--think-ms", type=int, metavar="MS", help="how long a search bot thinks per decision "
                      "(default: its level's, search 500, search_hard 2000)")
    _add_setup_arguments(play, seed_help="seed of the first game; game i uses SEED+i (default: 1)")

    replay = add("replay", _run_replay, "replay a save from its start and print the result and digest")
    replay.add_argument("save", type=Path, metavar="SAVE")
    replay.add_argument("--log", action="store_true", help="also print each command and the events the "
                        "viewer may see (public by default)")
    replay.add_argument("--seat", type=int, metavar="K", help="with --log: what seat K may see (its own "
                        "secret commands and private events too)")

    undo = add("undo", _run_undo, "take back the last command, when the rules allow it")
    undo.add_argument("save", type=Path, metavar="SAVE")
    return parser


def _add_setup_arguments(parser: argparse.ArgumentParser, seed_help: str = "seed (default: random)") -> None:
    parser.add_argument("--mode", metavar="M", help="game mode (default: the first that fits the players)")
    parser.add_argument("--seed", type=int, metavar="S", help=seed_help)
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="a game option; repeat for several")


# -- subcommands -------------------------------------------------------------------------------
def _run_games(args: argparse.Namespace) -> int:
    found = games()
    if not found:
        print("no games registered")
    for game in found:
        print(_game_summary(game))
    return EXIT_OK


def _run_new(args: argparse.Namespace) -> int:
    if args.from_state is not None:
        match = _match_from_state_file(args)
    else:
        if args.game is None or args.players is None:
            raise ConfigError("new needs GAME and --players N (or --from-state FILE)")
        match = Match.new(args.game, args.players, mode=args.mode, seed=args.seed,
                          options=_parse_options(args.option), seats=args.seats)
    bots = _seat_bots(match)  # unknown bot kinds are refused before anything is written
    if args.out.exists() and not args.force:
        raise SaveError(str(args.out), "already exists (use --force to replace it)")
    report = _advance_bots(match, bots, None)
    _save(match, args.out)
    config = match.config
    print(f"new {config.game} game: {config.mode}, {config.players} players, seed {config.seed}, "
          f"seats {','.join(match.seats)}")
    for line in report:
        print(line)
    print(f"saved {args.out}; {_status(match.state)}")
    return EXIT_OK


def _run_legal(args: argparse.Namespace) -> int:
    match = load_match(args.save)
    state = match.state
    if args.seat is not None:
        _check_seat(match, args.seat)
    if state.is_terminal():
        print(f"no legal commands: {_status(state)}", file=sys.stderr)
    for legal in state.legal(args.seat, args.space):
        print(legal)
    return EXIT_OK


def _run_apply(args: argparse.Namespace) -> int:
    match = load_match(args.save)
    if args.seat is not None:
        _check_seat(match, args.seat)
    bots = _seat_bots(match)
    report = _advance_bots(match, bots, args.seat)  # a save written elsewhere may wait on a bot
    total = len(args.commands)
    for number, text in enumerate(args.commands, start=1):
        try:
            match.apply(Command.parse(text))
        except (Refused, NotationError) as error:
            prefix = f"refused {error}" if isinstance(error, Refused) else f"refused: {error}"
            print(f"{prefix}\n  in command {number} of {total} ({text!r}); nothing was applied, "
                  f"{args.save} is unchanged", file=sys.stderr)
            return EXIT_REFUSED
        report += _step_lines(match.game, match.history[-1], args.seat)
        report += _advance_bots(match, bots, args.seat)
    _save(match, args.save)
    # Printed only now: when a later command is refused, nothing was applied, so nothing is shown.
    print("\n".join([*report, _status(match.state)]))
    return EXIT_OK


def _run_show(args: argparse.Namespace) -> int:
    match = load_match(args.save)
    state = match.state
    if args.all:
        data: Any = state_to_document(state)
        seen_by = "the whole state, hidden information included"
    else:
        if args.seat is not None:
            _check_seat(match, args.seat)
        data = state.view(args.seat)
        seen_by = "public (no seat)" if args.seat is None else f"seat {args.seat}"
    if args.format == "json":
        print(json.dumps(data, indent=1, ensure_ascii=False))
    elif args.format == "yaml":
        print(dump_yaml(data), end="")
    else:
        print(_header(match))
        print(f"view: {seen_by}\n---")
        print(dump_yaml(data), end="")
    return EXIT_OK


def _run_play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()] or ["random"]
    if len(kinds) == 1:
        kinds *= args.players
    if len(kinds) != args.players:
        raise ConfigError(f"--bots names {len(kinds)} bot kinds for {args.players} players")
    for kind in kinds:
        make_bot(kind, game)  # an unknown kind fails before any game is played
    if args.games < 1:
        raise ConfigError("--games must be at least 1")
    if args.think_ms is not None and args.think_ms < 1:
        raise ConfigError("--think-ms must be at least 1")
    options = _parse_options(args.option)
    first_seed = 1 if args.seed is None else args.seed
    wins = [0] * args.players
    total_commands = 0
    started = time.perf_counter()
    for number in range(args.games):
        seed = first_seed + number
        match = Match.new(game.info.id, args.players, mode=args.mode, seed=seed, options=options,
                          seats=[f"bot:{k.removeprefix('bot:')}" for k in kinds])
        bots = seat_bots(match, {seat: make_bot(k, match.game) for seat, k in enumerate(kinds)}, args.think_ms)
        result = play_out(match, bots, rng_seed=seed)
        if result.outcome is None:  # every seat has a bot, so only a broken game stops early
            raise PlayoutError(f"{game.info.id} waits on seats {result.waiting_on} in a bot-only game")
        total_commands += result.commands
        if args.log:
            for step in match.history:
                print("\n".join(_step_lines(match.game, step, None)))
        for seat in result.outcome.winners:
            wins[seat] += 1
        print(f"seed {seed}: {_outcome_line(result.outcome)}; {_count(result.commands, 'command')}")
        for line in _breakdown_lines(result.outcome):
            print(f"  {line}")
    seconds = max(time.perf_counter() - started, 1e-9)
    print("wins: " + ", ".join(f"seat {seat} {count}" for seat, count in enumerate(wins)))
    print(f"{_count(args.games, 'game')}, {_count(total_commands, 'command')} in {seconds:.3f} s: "
          f"{args.games / seconds:.1f} games/s, {total_commands / seconds:.0f} commands/s")
    return EXIT_OK


def _run_replay(args: argparse.Namespace) -> int:
    match = load_match(args.save)  # replays every command and checks the saved digest
    if args.seat is not None:
        _check_seat(match, args.seat)
    config = match.config
    print(f"replayed {_count(len(match.history), 'command')} of {config.game} ({config.mode}, "
          f"{config.players} players, seed {config.seed})")
    if args.log:
        for step in match.history:
            print("\n".join(_step_lines(match.game, step, args.seat)))
    print(_status(match.state))
    print(f"digest {match.digest()}")
    return EXIT_OK


def _run_undo(args: argparse.Namespace) -> int:
    match = load_match(args.save)
    taken_back = match.undo()
    _save(match, args.save)
    print(f"took back {taken_back}; {_status(match.state)}")
    return EXIT_OK


# -- helpers -----------------------------------------------------------------------------------
def _save(match: Match, path: Path) -> None:
    try:
        save_match(match, path)
    except OSError as error:  # name the save, not the temporary file beside it
        raise SaveError(str(path), f"cannot write the file ({error.strerror or error})") from None


def _silence_stdout() -> None:
    """Point stdout at the null device so the interpreter's final flush finds no closed pipe."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout has no file descriptor (captured in tests)
        pass


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option takes KEY=VALUE, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def _match_from_state_file(args: argparse.Namespace) -> Match:
    """A match starting from a state document; its settings are the document's, not the flags'."""
    clashing = [flag for flag, value in (("--mode", args.mode), ("--seed", args.seed),
                                         ("--option", args.option)) if value]
    if clashing:
        raise ConfigError(f"{', '.join(clashing)} cannot be used with --from-state: "
                          "the state document fixes them")
    document, lines = read_document(args.from_state)
    state = state_from_document(document, str(args.from_state), lines)
    config = state.config
    if args.game is not None and args.game != config.game:
        raise ConfigError(f"{args.from_state} is a {config.game} state, not {args.game}")
    if args.players is not None and args.players != config.players:
        raise ConfigError(f"{args.from_state} has {config.players} players, not {args.players}")
    return Match(state, args.seats or [], start_document=document)


def _seat_bots(match: Match) -> dict[int, Bot]:
    return {seat: make_bot(kind, match.game) for seat, kind in enumerate(match.seats) if kind != HUMAN}


def _advance_bots(match: Match, bots: dict[int, Bot], seat: int | None) -> list[str]:
    """Let bot seats move until a human seat decides or the game ends; their moves as lines."""
    if not bots:
        return []
    # Seeded by the game and the move number, so the same save and commands give the same bot moves.
    seed = match.config.seed * 1_000_003 + len(match.history)
    first = len(match.history)
    play_out(match, seat_bots(match, bots), rng_seed=seed)
    lines: list[str] = []
    for step in match.history[first:]:
        note = f"  (bot:{bots[step.command.seat].name})"  # type: ignore[index]
        lines += _step_lines(match.game, step, seat, note)
    return lines


def _step_lines(game: Game, step: Step, seat: int | None, note: str = "") -> list[str]:
    """A command and the events ``seat`` may see (None: public ones only), one log line each;
    a command private to another seat shows only its verb."""
    return [f"{step.command_for(seat)}{note}", *(f"  {game.describe(e)}" for e in step.events
                                                 if e.visible_to(seat))]


def _check_seat(match: Match, seat: int) -> None:
    if not 0 <= seat < match.config.players:
        raise ConfigError(f"seat {seat} does not exist: seats are 0 to {match.config.players - 1}")


def _header(match: Match) -> str:
    config = match.config
    info = match.game.info
    return (f"game: {info.name.en} ({config.game}), mode {config.mode}, {config.players} players, "
            f"seed {config.seed}, {_count(len(match.history), 'command')} played\n"
            f"status: {_status(match.state)}")


def _status(state: State) -> str:
    outcome = state.outcome
    if outcome is not None:
        return f"game over: {_outcome_line(outcome)}"
    prompt = state.prompt
    if prompt is None:
        return "waiting on nobody"
    who = ("seat " if len(prompt.seats) == 1 else "seats ") + ", ".join(map(str, prompt.seats))
    context = ", ".join(f"{k}={v}" for k, v in prompt.context.items())
    return f"waiting on {who} ({prompt.kind}{': ' + context if context else ''})"


def _breakdown_lines(outcome: Outcome) -> list[str]:
    """The score breakdown as a small table: one row per category, one column per seat."""
    if not outcome.breakdown:
        return []
    seats = len(outcome.breakdown[0][1])
    width = max(len(name) for name, _ in outcome.breakdown)
    lines = [" " * width + "".join(f"{'seat ' + str(s):>9}" for s in range(seats))]
    lines += [f"{name:<{width}}" + "".join(f"{v:>9g}" for v in values) for name, values in outcome.breakdown]
    return lines


def _outcome_line(outcome: Outcome) -> str:
    winners = ("winners " + ",".join(map(str, outcome.winners))) if outcome.winners else "no winner"
    scores = "" if outcome.scores is None else "; scores " + " ".join(f"{s:g}" for s in outcome.scores)
    return f"{winners} ({outcome.reason}){scores}"


def _game_summary(game: Game) -> str:
    info = game.info
    lines = [f"{info.id}: {info.name.en}" + (f" / {info.name.zh_TW}" if info.name.zh_TW else "")]
    for mode in info.modes:
        players = (f"{mode.min_players}" if mode.min_players == mode.max_players
                   else f"{mode.min_players}-{mode.max_players}")
        kind = ", co-operative" if mode.cooperative else ""
        lines.append(f"  mode {mode.id}: {players} player{'' if mode.max_players == 1 else 's'}{kind}")
    for option in info.options:
        if option.kind == "choice":
            allowed = "one of " + ", ".join(option.choices)
        elif option.kind == "int" and (option.minimum is not None or option.maximum is not None):
            allowed = f"int {option.minimum if option.minimum is not None else ''}.." \
                      f"{option.maximum if option.maximum is not None else ''}"
        else:
            allowed = option.kind
        default = str(option.default).lower() if isinstance(option.default, bool) else option.default
        lines.append(f"  option {option.key}={default} ({allowed}): {option.name.en}")
    lines.append(f"  chance: {'yes' if info.has_chance else 'no'}, "
                 f"hidden information: {'yes' if info.hidden_information else 'no'}")
    return "\n".join(lines)
