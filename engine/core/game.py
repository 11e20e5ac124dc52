"""The game contract: a static description of a game (`GameInfo`, in `info`) plus the rules that
drive its state.

A game's state is plain data (dicts, lists, str, int, float, bool, None; string keys), so that
copying, saving, hashing and dumping to YAML work the same for every game. The rules are methods
of a stateless `Game` object that read and change that data. `engine.core.state.State` wraps the
data with the generator, checks who may act and rolls back refused commands, so a game only says
what its rules are.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .amounts import Amounts
from .commands import Command
from .errors import ConfigError
from .events import Event

# The static description lives in .info (importable without the rules); named here too.
from .info import LANGUAGES, GameInfo, ModeSpec, OptionSpec, Text  # noqa: F401
from .rng import Rng

Data = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Config:
    """Everything fixed when a game starts: the same config and commands replay the same game."""

    game: str
    players: int
    mode: str
    seed: int
    options: tuple[tuple[str, str | bool | int], ...] = ()

    def option(self, key: str) -> Any:
        return dict(self.options)[key]

    def to_plain(self) -> Data:
        return {"game": self.game, "players": self.players, "mode": self.mode, "seed": self.seed,
                "options": dict(self.options)}

    @classmethod
    def build(cls, info: GameInfo, players: int, mode: str | None = None, seed: int = 0,
              options: Mapping[str, Any] | None = None) -> Config:
        """Validate choices against the game's description and fill in defaults."""
        spec = info.mode(mode) if mode else info.default_mode(players)
        if not spec.min_players <= players <= spec.max_players:
            counts = (f"{spec.min_players} player" if spec.min_players == spec.max_players == 1 else
                      f"{spec.min_players}–{spec.max_players} players")
            raise ConfigError(f"{info.id} {spec.id} is for {counts}, not {players}")
        chosen = dict(options or {})
        values = {o.key: o.parse(chosen.pop(o.key)) if o.key in chosen else o.default for o in info.options}
        if chosen:
            info.option(next(iter(chosen)))  # raises, naming the unknown option
        if isinstance(seed, bool) or not isinstance(seed, int) or not -2**63 <= seed < 2**64:
            raise ConfigError(f"a seed is a whole number below 2**64, not {str(seed)[:24]}")
        return cls(info.id, players, spec.id, seed, tuple(sorted(values.items())))


@dataclass(frozen=True, slots=True, init=False)
class Prompt:
    """The decision the game waits on: which seats may answer, and of what kind.

    Usually one seat; several for a window that many may answer out of turn (an Interruption)
    or choices made privately at the same time (keeping one of two objectives).
    """

    kind: str
    seats: tuple[int, ...]
    context: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, seats: tuple[int, ...], context: Mapping[str, Any] | None = None) -> None:
        # The slots' own setters, as in `Event`: the prompt is asked several times per command.
        _set_prompt_kind(self, kind)
        _set_prompt_seats(self, seats)
        _set_prompt_context(self, {} if context is None else context)


_set_prompt_kind = Prompt.__dict__["kind"].__set__
_set_prompt_seats = Prompt.__dict__["seats"].__set__
_set_prompt_context = Prompt.__dict__["context"].__set__


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended. Co-operative games list every seat or none as winners."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None
    # Score categories in scoring order, each with one value per seat (e.g. "mastery": (5, 0)).
    breakdown: tuple[tuple[str, tuple[float, ...]], ...] = ()

    def to_plain(self) -> Data:
        plain: Data = {"winners": list(self.winners), "reason": self.reason,
                       "scores": None if self.scores is None else list(self.scores)}
        if self.breakdown:
            plain["breakdown"] = {name: list(values) for name, values in self.breakdown}
        return plain


class Game(ABC):
    """The rules of one game. Stateless: every method takes the state's plain data."""

    info: GameInfo
    # Rule IDs from the game's specification for refusals that the shared core makes.
    rule_not_your_decision: str = "CORE-TURN-1"
    rule_game_over: str = "CORE-END-1"
    rule_unknown_command: str = "CORE-COMMAND-1"
    # Commands any seat may send at any time (Nemesis claims); they must change no rule state.
    anytime_verbs: frozenset[str] = frozenset()
    # Prompt kinds whose options only the deciding seat sees (a secret quest to keep): the answer
    # is that seat's secret too (`is_private_command`).
    private_prompts: frozenset[str] = frozenset()
    # Top-level keys of a view that only say whose view it is (``"viewer": 2``): no secret.
    view_seat_keys: frozenset[str] = frozenset()

    @abstractmethod
    def setup(self, config: Config, rng: Rng) -> Data:
        """The starting state's data (set-up shuffles and draws use ``rng``)."""

    @abstractmethod
    def prompt(self, data: Data) -> Prompt | None:
        """The pending decision, or None once the game is over."""

    @abstractmethod
    def legal_commands(self, data: Data, seat: int) -> list[Command]:
        """Every command ``seat`` may send now, each with ``seat`` set."""

    @abstractmethod
    def apply(self, data: Data, command: Command, rng: Rng) -> list[Event]:
        """Change ``data`` by one command and say what happened, or raise `Refused`.

        The caller restores the data if this raises, so checks may be interleaved with changes.
        """

    @abstractmethod
    def outcome(self, data: Data) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def view(self, data: Data, seat: int | None) -> Data:
        """What ``seat`` may know (None: an onlooker, public facts only). Returns new plain data."""

    # -- optional parts, with defaults --------------------------------------------------------
    def not_your_decision_rule(self, data: Data) -> str:
        """The rule a command from a seat that does not decide now breaks (it may depend on the
        phase: a planning turn and a combat decision are different rules)."""
        return self.rule_not_your_decision

    def spelling_key(self, command: Command, data: Data) -> Any:
        """A value equal for exactly the commands that mean the same now (``pay=a,b`` and
        ``pay=b,a`` where the order of a payment does not matter). `State.apply` accepts a command
        whose key matches a legal command's and plays the legal one: the canonical spelling, as
        `legal` lists it. Return ``command`` itself when no other spelling is equal (the default)."""
        return command

    def seat_names(self, config: Config) -> tuple[Text, ...]:
        """What each seat is called; default: as the description names them (`GameInfo.seat_name`)."""
        return tuple(self.info.seat_name(i) for i in range(config.players))

    def command_spaces(self, command: Command) -> tuple[str, ...]:
        """The board spaces a player clicks to give this command, in click order."""
        return ()

    def board_layout(self, config: Config, language: str = "en") -> Data:
        """The static drawing of the board, as plain data (empty: the game has no drawing yet):
        the layout of the presentation contract (`engine.core.table`: spaces of any shape with
        names, labels and exit numbers). Texts are in ``language`` (one of `LANGUAGES`); only
        they may differ between languages.
        """
        return {}

    def table(self, view: Data, language: str = "en") -> Data:
        """What lies on the table now, from one seat's VIEW only, in ``language``: the contract of
        `engine.core.table` (marks on spaces with their pieces, player boards as zones of items,
        shared zones, tracks). Default: nothing on the table."""
        return {}

    def command_touches(self, command: Command, view: Data) -> tuple[str, ...]:
        """What a player touches to give ``command`` — space ids and the ``id``s of pieces and
        items of `table` — in the order a click-by-click player would (a room, then the cards
        that pay). The GUI matches touches in any order, so a card dropped on a room is the same
        gesture. Default: `command_spaces`."""
        return self.command_spaces(command)

    def dice_rolled(self, events: Sequence[Event], language: str = "en") -> list[Data]:
        """The dice rolled in these events (one command's, as a seat saw them), for the table:
        ``[{"title": the die, "face": what it shows, "seat": who rolled or None, "look": a
        `engine.core.table` look for the face (optional: ``danger`` for a critical hit, ``muted``
        for a die that does nothing)}, …]`` in ``language``. Default: none."""
        return []

    def result_rows(self, outcome: Outcome, view: Data, language: str = "en") -> list[tuple[str, list[str]]]:
        """The end screen's table in words: (row title, one text per seat), from the final
        ``view``, in ``language`` — a character's fate, a route out, an objective. Default: none
        (the screen shows ``outcome.breakdown``'s numbers, named by `score_category_name`)."""
        return []

    def result_columns(self, outcome: Outcome, view: Data, language: str = "en") -> list[tuple[str, bool]]:
        """The end screen's columns when they are not the seats: (title, won) for each — a game
        whose computer-run characters play beside the seats lists every character ("Ferellon
        (Player 1)", "Adrael (AI)"); `result_rows` then has one text per column, and the winners
        are named by these titles. Default: none (one column per seat)."""
        return []

    def progress_plot(self, start_view: Data, events: Sequence[Event], language: str = "en") -> Data:
        """A curve of the game for the end screen, from what one seat saw: its view at the start
        and the events shown to it since. ``{"title", "x_title", "y_title", "series": [{"seat":
        seat | None, "name": str (for a series of nobody; for a seat's, its name instead of the
        seat's), "line": int (optional, for a series of nobody: draw it like that seat's line),
        "values": [number, …]}, …]}`` in ``language``; {} when the game draws none."""
        return {}

    def describe_verb(self, verb: str, language: str = "en") -> tuple[str, str]:
        """(title, tip) of the group of button commands with this verb, in ``language``.
        Default: the verb in words, no tip."""
        return verb.replace("_", " ").capitalize(), ""

    def is_turn_end(self, command: Command) -> bool:
        """Whether ``command`` ends the player's turn (the End turn button and shortcut play it)."""
        return False

    def describe_table(self, view: Data, language: str = "en") -> str:
        """The table in words (simple HTML: headings, paragraphs, lists) from one seat's VIEW only,
        shown in place of a board the game does not draw yet; empty when it draws one."""
        return ""

    def is_private_command(self, command: Command, data: Data) -> bool:
        """Whether only the seat that gives ``command`` may see what it says (``data``: the state
        before it): logs, replays and status lines show the other seats only its verb. Default:
        answers to a prompt of `private_prompts`."""
        prompt = self.prompt(data)
        return prompt is not None and prompt.kind in self.private_prompts

    def data_schema(self, config: Config) -> Any:
        """The shape of this game's state data for ``config`` (an `engine.core.schema.Schema`),
        checked when a state document or save is loaded, before any rule reads the data; None
        when the game declares none (then only its invariants guard a loaded state)."""
        return None

    def invariants(self, data: Data) -> list[str]:
        """Broken state invariants from the spec, in words; empty when all hold."""
        return []

    def view_shows_more(self, view: Data, known: Data) -> bool:
        """Whether ``view`` (one seat's view) shows something that ``known`` (another seat's view
        of the same state, or the onlooker's) does not: in hot-seat play the screen is then handed
        over before ``view`` shows. Default: `plain.shows_more` over both views without
        `view_seat_keys`; when in doubt, True."""
        from .plain import shows_more
        skip = self.view_seat_keys
        return shows_more({k: v for k, v in view.items() if k not in skip},
                          {k: v for k, v in known.items() if k not in skip})

    def needs_own_view(self, view: Data) -> bool:
        """Whether the decision pending in ``view`` (its deciding seat's own view) needs that
        seat's secrets on screen: its hand to choose a card from, answers that name its hidden
        cards, a kind of decision whose very asking would tell what it holds. When it does not,
        several people sharing the screen see it in the public view (seat None), with the
        decider's legal commands worded from that view, and no hand-over is needed for it. A
        game answers False only when the public view words every answer and nothing about the
        answers depends on what the decider alone knows. Default: True."""
        return True

    def resample_hidden(self, data: Data, seat: int, rng: Rng) -> Data | None:
        """A state ``seat`` cannot tell apart from ``data``: what it cannot see, dealt again.

        Lets tests prove that views hide what they must, and lets search bots reason without
        peeking. None when the game has nothing hidden from that seat.
        """
        return None

    def describe(self, event: Event, language: str = "en") -> str:
        """One log line for an event."""
        details = ", ".join(f"{k}={v}" for k, v in event.data.items())
        return f"{event.kind}({details})"

    def event_rule(self, event: Event) -> str:
        """The ID of the spec rule an event comes from (``VIN-MOVE-1``); "" when none is known."""
        return ""

    def rule_title(self, rule_id: str, language: str = "en") -> str:
        """A short name of the rule area ``rule_id`` belongs to, in ``language`` (one of
        `LANGUAGES`); "" when the game names none."""
        return ""

    def describe_prompt(self, kind: str, language: str = "en") -> str:
        """What a `Prompt` of this ``kind`` asks, in ``language``, for a title above its answers.
        Default: the kind in words ("pick_card" → "pick card")."""
        return kind.replace("_", " ")

    def describe_outcome(self, outcome: Outcome, language: str = "en") -> str:
        """Why the game ended as it did (``outcome.reason``) in ``language``. Default: the reason
        as the game recorded it."""
        return outcome.reason

    def score_category_name(self, category: str, language: str = "en") -> str:
        """The name of one of ``Outcome.breakdown``'s categories in ``language``. Default: the
        key in words ("secret_quest" → "Secret quest")."""
        return category.replace("_", " ").capitalize()

    def describe_command(self, command: Command, language: str = "en", view: Data | None = None) -> str:
        """A legal command in words a player understands (a button's label); ``view`` is the
        deciding seat's view, for names of what lies where. Default: the notation."""
        return str(command)

    def command_amounts(self, command: Command, view: Data, language: str = "en") -> Amounts | None:
        """``command`` (an answer) as numbers — "this many of something" — or None (the default)
        when it says no number. Answers of one decision with the same ``Amounts.group`` are one
        question with other numbers: the screen asks it with a spin box per part whose number
        differs between them (how many infantry move; how many of each unit type to lose) and
        one button that plays the answer holding the chosen numbers, instead of a button per
        answer (`engine.core.amounts`). Answers of a group must differ in their numbers; titles
        are in ``language``, from the deciding seat's ``view`` only."""
        return None

    def is_panel_action(self, command: Command, view: Data) -> bool:
        """Whether a turn command is offered as a button beside the board (rather than only by
        touching what it names). Default: the commands that name nothing to touch."""
        return not self.command_touches(command, view)

    # -- gestures: what a click or a drag on the screen asks for, legal or not -----------------
    # The GUI plays such a command and lets the rules refuse it, so a greyed space or a refused
    # drop is explained by the engine's own refusal ("why not?"), never by a rule in the GUI.
    def click_command(self, view: Data, seat: int, space: str) -> Command | None:
        """The command a plain click on ``space`` most likely means (None: nothing to explain)."""
        return None

    def drag_command(self, view: Data, seat: int, source: str, target: str,
                     passed: Sequence[str] = ()) -> Command | None:
        """The command a drag of piece ``source`` dropped on ``target`` means (``passed``: the
        spaces a dragged token went over on the way); None when the drop means nothing. Piece
        names are the game's own (a zone, a card, a space id, "token")."""
        return None

    def command_gesture(self, command: Command, view: Data) -> tuple[str, str] | None:
        """The drag (source, target) that plays ``command``, if there is one."""
        return None

    def random_weight(self, command: Command) -> float:
        """How likely the random bot picks ``command`` relative to others (default 1). A game
        lowers it for commands that only take progress back, so random games still end."""
        return 1.0

    def legal_groups(self, data: Data, seat: int) -> list[Any] | None:
        """``seat``'s legal commands as consecutive `engine.core.sampling.Group`s (a size, one
        `random_weight` for all, the k-th member built alone), so a random player draws one without
        the whole list (`State.sample`). They must be exactly `legal_commands` in order. None (the
        default, and for any state a game leaves to it): the sampler lists and draws."""
        return None

    # -- what a search player asks of a game (engine/bots/search.py) ------------------------------
    # It plays on determinised states (`resample_hidden` from its own seat: a guess at what it
    # cannot see), so these hooks may read all of ``data``: nothing real is hidden in it.
    def search_values(self, data: Data) -> Sequence[float] | None:
        """Each seat's value of the position ``data``, in [0, 1]: about its chance to win (in a
        co-operative or solo game, to survive and meet its objective). Judges playouts cut off
        after `search_depth` commands, and finished games. None (the default): a finished game
        is worth 1 to each winner and 0 to the others, an unfinished one 0.5 to every seat."""
        return None

    def search_playout(self, data: Data, seat: int, legal: Sequence[Command], rng: Rng) -> Command | None:
        """The command ``seat`` plays in a search's playout, one of ``legal`` (a game may play
        its heuristic bot here); also the first move a search tries where it has not looked yet.
        None (the default): one at random, weighted by `random_weight`."""
        return None

    def search_group(self, command: Command) -> str | None:
        """A name shared by commands a search first chooses among as one (every spelling of one
        move with other payments, every pass with other discards): it picks a group, then a
        command in it, which keeps a long legal list from spreading its thinking thin. None
        (the default): the command is a group of its own."""
        return None

    def search_depth(self, config: Config) -> int | None:
        """How many commands a search's playout plays before `search_values` judges the position;
        None (the default): to the end of the game."""
        return None

    def is_undoable(self, command: Command, events: Sequence[Event]) -> bool:
        """Whether undo may take this command back. The core already refuses undo past any
        command that drew randomness or produced a private or revealing event."""
        return True
