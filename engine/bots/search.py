"""The search player: information-set Monte Carlo tree search, for every game.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search",
2012): one tree over the deciding seat's information set, searched through many
determinisations of it.

1. The real state is determinised once from the bot's seat (`determinise`: what the seat cannot
   see dealt again, canonically) and forgotten; everything after starts from that guess, so the
   search learns nothing its seat's view does not show.
2. Each iteration deals the unseen again from the guess, with a new generator for chance; walks
   down the tree by UCB among the commands legal in this determinisation, counting for each child
   how often it was *available* (another seat's commands differ between determinisations); adds
   one child (the playout policy's pick first, so a game's heuristic is tried first); plays out
   for `Game.search_depth` commands or to the end by `Game.search_playout` — or, where the game's
   ``search.py`` has ``search_turn(data)`` and ``search_turns(config)``, until that many turns have
   ended (`_TurnClock`, the depth then a cap); judges the position with `Game.search_values`.
   Each node adds the value of the seat whose command led to it.
3. When the budget is spent — time (``think_ms``) or a number of iterations, which makes the
   choice reproducible from the bot's seed — the most visited command at the root is played.

For a budget of a hundred-odd playouts a decision (Normal), a tree spreads them too thin; these
options narrow the search to improving on the game's heuristic (a rollout algorithm):
``candidates`` bounds the root to the playout policy's top few commands (a game's own policy,
`Game.search_playout`, only; in Nemesis, of different groups); ``tree_depth`` 1 grows no tree
below the root; ``paired`` then plays every candidate out
on the same determinisation with the same draws for chance and for the policy, round after round,
so the candidates are compared on the same luck (common random numbers) and a difference between
them is the commands', not the deal's; ``keep_margin`` keeps the policy's own pick unless another
candidate's mean value beats it by that much. An iteration budget is spent in whole paired rounds
(rounded down, one round at least), so every candidate has the same visits and the means decide.

What is particular to a game it says through the `Game` hooks ``search_values``,
``search_playout``, ``search_group`` and ``search_depth``, answered by the game's
``search.py`` (`engine.core.rules_game.GAME_HOOKS`); every default works for any game (random
playouts to the end, a finished game worth 1 to each winner).

Bot kinds (levels): ``heuristic`` is Easy; ``search`` is Normal (`NORMAL_MS` a decision);
``search_hard`` is Hard (`HARD_MS`). ``python -m engine play … --think-ms N`` sets any search's
budget.
"""
from __future__ import annotations

import importlib
import importlib.util
import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Command, Config, Data, Game, Rng, State, weighted_choice
from engine.core.rules_game import answers_itself

from .determinise import copy_data, determinise, determinised_rng

NORMAL_MS = 500       # the Normal level's time a decision
HARD_MS = 2000        # the Hard level's
EXPLORATION = 0.7     # UCB's exploration constant, for values in [0, 1]
WIDENING = 1.0        # progressive widening: a node visited n times has at most 1 + WIDENING × √n children
MAX_PLAYOUT = 2_000   # commands: a playout without a depth cut-off stops here, judged unfinished
# The rollout options (module docstring), for games with a playout policy of their own:
CANDIDATES: int | None = 4      # the root looks only at the playout policy's top few commands (None: all)
TREE_DEPTH: int | None = 1      # decisions the tree grows below the root, counting it (None: no limit)
KEEP_MARGIN = 0.02    # the policy's own pick is kept unless another root command's mean beats it by this
PAIRED = True         # with candidates and a tree of the root alone: every candidate played out in each
                      # determinisation, with the same chance and policy draws (common random numbers)


@dataclass(frozen=True, slots=True)
class SearchResult:
    """One decision's search: the command, and what the search learnt on the way."""

    choice: Command
    iterations: int
    commands: int                 # commands simulated, in the tree and in playouts
    seconds: float
    failures: int                 # iterations a determinisation could not be played in (see `think`)
    values: tuple[float, ...]     # each seat's mean value over the iterations: its chances, as estimated
    visits: tuple[tuple[Command, int, float], ...]   # each tried root command: visits, mean value


class _Node:
    """A command's place in the tree: whose command (``seat``), and its statistics."""

    __slots__ = ("seat", "visits", "total", "avail", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[Hashable, _Node] = {}

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class _Unplayable(Exception):
    """A determinisation in which the seat's own legal commands are none of the real ones."""


class _OutOfTime(Exception):
    """The time budget ran out in the middle of a paired round: the round is dropped."""


def _search_function(game: Game, name: str) -> Callable[..., Any] | None:
    """The function ``name`` of the game's ``search.py`` (beside its ``game.py``), or None."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:
        return None
    try:
        spec = importlib.util.find_spec(f"{package}.search")
    except ModuleNotFoundError:
        return None
    if spec is None:
        return None
    found = getattr(importlib.import_module(f"{package}.search"), name, None)
    return found if callable(found) else None


class _TurnClock:
    """Counts the turns that end in a playout, for a game that cuts playouts at turn ends
    (``search_turn(data)``: which turn it is; ``search_turns(config)``: how many turns end before
    the cut-off). A cut-off by commands alone judges candidates at unlike moments: a command that
    lengthens the seat's own turn (a free action) pushes the other seats' next turn past the
    horizon, and so looks better than ending the turn."""

    __slots__ = ("turn_of", "left", "now")

    def __init__(self, turn_of: Callable[[Data], Hashable], turns: int, data: Data) -> None:
        self.turn_of = turn_of
        self.left = turns
        self.now = turn_of(data)

    def tick(self, data: Data) -> None:
        now = self.turn_of(data)
        if now != self.now:
            self.now = now
            self.left -= 1

    def done(self) -> bool:
        return self.left <= 0


class _Search:
    """The tree and the budget of one decision."""

    def __init__(self, game: Game, config: Config, seat: int | None, base: Data, legal: Sequence[Command] | None,
                 rng: Rng, exploration: float, widening: float | None, deadline: float | None,
                 tree_depth: int | None = None) -> None:
        self.game = game
        self.players = config.players
        self.seat = seat              # whose information set (None: the onlooker's, `chances`)
        self.base = base
        # the seat's real legal commands, which bound the root (None: whatever the guess allows)
        self.root_legal = None if legal is None else dict.fromkeys(legal)
        self.rng = rng
        self.play_rng = rng           # the playout policy's generator (a round's own one, `paired_round`)
        self.exploration = exploration
        self.widening = widening
        self.deadline = deadline
        self.tree_depth = tree_depth
        self.prior: Command | None = None   # the playout policy's own pick at the root, where known
        self.depth = game.search_depth(config)
        self.grouping = answers_itself(game, "search_group")
        self.own_policy = answers_itself(game, "search_playout")
        self.own_values = answers_itself(game, "search_values")
        # a playout cut off by turns (the game's search_turn and search_turns), not by commands alone
        self.turn_of = _search_function(game, "search_turn")
        turns_of = _search_function(game, "search_turns")
        self.turns: int | None = turns_of(config) if self.turn_of is not None and turns_of is not None else None
        self.root = _Node(-1 if seat is None else seat)   # its own value is never read
        self.sums = [0.0] * self.players
        self.commands = 0

    # -- one iteration ------------------------------------------------------------------------
    def iterate(self) -> None:
        game = self.game
        data = determinise(game, self.base, self.seat, self.rng)
        chance = determinised_rng(self.rng)
        node, path = self.root, [self.root]
        fresh = False
        steps = 0
        tree_depth = self.tree_depth
        clock = self.clock(data)
        while not fresh and (tree_depth is None or steps < tree_depth):
            steps += 1
            turn = self.turn(data)
            if turn is None:
                break
            mover, legal = turn
            if node is self.root and self.root_legal is not None:
                legal = [c for c in legal if c in self.root_legal]
                if not legal:
                    raise _Unplayable
            command, node, fresh = self.step(node, mover, legal, data, path)
            game.apply(data, command, chance)
            self.commands += 1
            if clock is not None:
                clock.tick(data)
        limit = MAX_PLAYOUT if self.depth is None else self.depth
        deadline = self.deadline
        for _ in range(limit):
            if deadline is not None and time.perf_counter() > deadline:
                break
            if clock is not None and clock.done():
                break
            turn = self.turn(data)
            if turn is None:
                break
            game.apply(data, self.policy(data, *turn), chance)
            self.commands += 1
            if clock is not None:
                clock.tick(data)
        values = self.values(data)
        self.root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.total += values[n.seat]
        for seat, value in enumerate(values):
            self.sums[seat] += value

    def paired_round(self, commands: Sequence[Command]) -> None:
        """A flat round: one determinisation, each of the seat's ``commands`` in it played out with
        the same draws for chance and for the policy, so the commands are compared on the same
        luck. A command the guess does not allow, or a rule refusing the guess, drops the round."""
        game, seat = self.game, self.seat
        guess = determinise(game, self.base, seat, self.rng)
        chance_seed = self.rng.below(1 << 32) << 32 | self.rng.below(1 << 32)
        policy_seed = self.rng.below(1 << 32) << 32 | self.rng.below(1 << 32)
        limit = MAX_PLAYOUT if self.depth is None else self.depth
        deadline = self.deadline
        found = []
        try:
            for command in commands:
                data = copy_data(guess)
                turn = self.turn(data)
                if turn is None or turn[0] != seat or command not in turn[1]:
                    raise _Unplayable
                clock = self.clock(data)
                chance = Rng(chance_seed, stream=0xD1CE)
                self.play_rng = Rng(policy_seed, stream=0xB07)
                game.apply(data, command, chance)
                self.commands += 1
                if clock is not None:
                    clock.tick(data)
                for _ in range(limit):
                    if deadline is not None and time.perf_counter() > deadline:
                        raise _OutOfTime     # a round cut short would compare unlike playouts
                    if clock is not None and clock.done():
                        break
                    turn = self.turn(data)
                    if turn is None:
                        break
                    game.apply(data, self.policy(data, *turn), chance)
                    self.commands += 1
                    if clock is not None:
                        clock.tick(data)
                found.append(self.values(data))
        finally:
            self.play_rng = self.rng
        self.root.visits += len(commands)
        for command, values in zip(commands, found):
            nodes = [self.root]
            if self.grouping:
                key = game.search_group(command) or command
                nodes.append(nodes[-1].children.setdefault(key, _Node(self.root.seat)))
            nodes.append(nodes[-1].children.setdefault(command, _Node(self.root.seat)))
            for n in nodes[1:]:
                n.visits += 1
                n.avail += 1
                n.total += values[self.root.seat]
            for s, value in enumerate(values):
                self.sums[s] += value

    def clock(self, data: Data) -> _TurnClock | None:
        """A count of the turns that end from ``data`` on, where the game cuts playouts by turns."""
        if self.turn_of is None or self.turns is None:
            return None
        return _TurnClock(self.turn_of, self.turns, data)

    def turn(self, data: Data) -> tuple[int, list[Command]] | None:
        """The seat that decides in ``data`` and its legal commands (of several seats the game
        waits on, the first with a command, as `engine.bots.play_out` does); None at the end."""
        prompt = self.game.prompt(data)
        if prompt is None:
            return None
        for seat in prompt.seats:
            legal = self.game.legal_commands(data, seat)
            if legal:
                return seat, legal
        return None

    def step(self, node: _Node, mover: int, legal: list[Command], data: Data,
             path: list[_Node]) -> tuple[Command, _Node, bool]:
        """Choose ``mover``'s command at ``node`` (a group first where the game groups commands);
        returns it, the node it leads to (added to ``path``) and whether that node is new."""
        if not self.grouping:
            options: dict[Hashable, list[Command]] = {c: [c] for c in legal}
            key, child, fresh, hint = self.select(node, mover, options, data, None)
            path.append(child)
            return options[key][0], child, fresh
        groups: dict[Hashable, list[Command]] = {}
        for c in legal:
            groups.setdefault(self.game.search_group(c) or c, []).append(c)
        key, group, fresh, hint = self.select(node, mover, groups, data, None)
        path.append(group)
        commands: dict[Hashable, list[Command]] = {c: [c] for c in groups[key]}
        key, child, new, _ = self.select(group, mover, commands, data, hint)
        path.append(child)
        return commands[key][0], child, fresh or new

    def select(self, node: _Node, mover: int, options: dict[Hashable, list[Command]], data: Data,
               hint: Command | None) -> tuple[Hashable, _Node, bool, Command | None]:
        """UCB over ``options`` (key -> its commands) at ``node``, or a new child for an option not
        tried yet — ``hint`` when it is one, else the playout policy's pick among the untried.
        Progressive widening: a node visited n times tries at most 1 + widening × √n of the options
        it finds available, so a short search looks at the policy's favourites first and longer."""
        children = node.children
        untried = []
        for key in options:
            child = children.get(key)
            if child is None:
                untried.append(key)
            else:
                child.avail += 1
        widening = self.widening
        if untried and (widening is None or len(untried) == len(options)
                        or len(options) - len(untried) < 1 + int(widening * math.sqrt(node.visits))):
            if hint is not None and hint in untried:
                key = hint
            else:
                keys = {c: k for k in untried for c in options[k]}
                hint = self.policy(data, mover, list(keys)) if len(keys) > 1 else next(iter(keys))
                key = keys[hint]
            child = children[key] = _Node(mover)
            child.avail = 1
            return key, child, True, hint
        best_key: Hashable = None
        best_score = -math.inf
        c = self.exploration
        for key in options:
            child = children.get(key)
            if child is None:
                continue
            if child.visits == 0:
                return key, child, False, None
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_key, best_score = key, score
        return best_key, children[best_key], False, None

    # -- the game's parts, or the defaults --------------------------------------------------------
    def policy(self, data: Data, seat: int, legal: Sequence[Command]) -> Command:
        if self.own_policy:
            chosen = self.game.search_playout(data, seat, legal, self.play_rng)
            if chosen is not None:
                return chosen
        weights = [self.game.random_weight(c) for c in legal]
        return weighted_choice(self.play_rng, legal, weights)

    def values(self, data: Data) -> Sequence[float]:
        if self.own_values:
            found = self.game.search_values(data)
            if found is not None:
                if len(found) != self.players:
                    raise ValueError(f"search_values gave {len(found)} values for {self.players} seats")
                return found
        outcome = self.game.outcome(data)
        if outcome is None:
            return [0.5] * self.players
        return [1.0 if seat in outcome.winners else 0.0 for seat in range(self.players)]

    # -- the answer ---------------------------------------------------------------------------------
    def best(self) -> Command | None:
        """The most visited root command (within the most visited group); None before any visit."""
        node = self.root
        for _ in range(2 if self.grouping else 1):
            tried = [(child.visits, child.mean(), -i, key) for i, (key, child) in enumerate(node.children.items())
                     if child.visits]
            if not tried:
                return None
            key = max(tried, key=lambda t: t[:3])[3]
            node = node.children[key]
            if isinstance(key, Command):
                return key
        return None

    def root_commands(self) -> tuple[tuple[Command, int, float], ...]:
        found: list[tuple[Command, int, float]] = []
        for key, child in self.root.children.items():
            if isinstance(key, Command):
                found.append((key, child.visits, child.mean()))
            else:
                found += [(c, n.visits, n.mean()) for c, n in child.children.items() if isinstance(c, Command)]
        return tuple(found)


def think(game: Game, state: State, seat: int, legal: Sequence[Command], rng: Rng, *,
          think_ms: float | None = NORMAL_MS, iterations: int | None = None,
          exploration: float = EXPLORATION, widening: float | None = WIDENING,
          candidates: int | None = CANDIDATES, tree_depth: int | None = TREE_DEPTH,
          keep_margin: float = KEEP_MARGIN, paired: bool = PAIRED) -> SearchResult:
    """Search ``seat``'s decision in ``state`` among ``legal`` (its legal commands, each with its
    seat) for ``think_ms`` milliseconds or ``iterations`` iterations, whichever ends first
    (None: no such limit; one of them must be given); ``exploration`` is UCB's constant,
    ``widening`` that of progressive widening (None: every option at once, plain ISMCTS). Reads
    ``state`` only to determinise it from ``seat`` — drawn from ``rng``, so states that differ
    only in what the seat cannot see give the same search. An iteration the rules cannot play (a
    determinisation the game's own `resample_hidden` made inconsistent) is counted in
    ``failures`` and left out; if none can be played, its error is raised."""
    if think_ms is None and iterations is None:
        raise ValueError("a search needs a time budget (think_ms) or an iteration budget")
    if not legal:
        raise ValueError("the search bot needs at least one legal command")
    started = time.perf_counter()
    base = determinise(game, state.data, seat, rng)   # the real data, read once and dropped
    deadline = None if think_ms is None else started + think_ms / 1000
    search = _Search(game, state.config, seat, base, legal, rng, exploration, widening, deadline, tree_depth)
    if not search.own_policy:
        search.tree_depth = None       # random playouts: plain ISMCTS, its tree the only plan
    if candidates is not None and search.own_policy:
        # the policy's favourites, best first, from the seat's view of the guess (its own view);
        # a game without a policy of its own would only name random ones
        pool, top = list(legal), list[Command]()
        while pool and len(top) < candidates:
            pick = search.policy(base, seat, pool) if len(pool) > 1 else pool[0]
            top.append(pick)
            if search.grouping:      # one command of a group: the favourites do different things
                group = game.search_group(pick)
                pool = [c for c in pool if c != pick and (group is None or game.search_group(c) != group)]
            else:
                pool.remove(pick)
        search.root_legal = dict.fromkeys(top)
        search.prior = top[0]
    done = failures = 0
    error: Exception | None = None
    flat = list(search.root_legal or ()) if paired and tree_depth == 1 and search.prior is not None else None
    while done == 0 or ((iterations is None or done < iterations)
                        and (deadline is None or time.perf_counter() < deadline)):
        # a paired round counts each of its playouts, and is played whole or not at all: a last round
        # of the first few candidates would give each of them one more visit than the rest, and the
        # most visited is played — the policy's own pick, whatever the means (285 = 71 x 4 + 1)
        if flat is not None and iterations is not None and done and iterations - done < len(flat):
            break
        step = 1 if flat is None else len(flat)
        done += step
        try:
            if flat is None:
                search.iterate()
            else:
                search.paired_round(flat[:step])
        except _OutOfTime:
            done -= step
            break
        except Exception as failure:  # a rule refused a determinised state: that guess is dropped
            failures += step
            error = failure
            if failures == done and failures >= 20:
                break
    choice = search.best()
    if choice is None:
        if error is not None:
            raise error
        choice = search.policy(base, seat, list(legal))
    elif search.prior is not None and choice != search.prior and keep_margin > 0:
        stats = {c: (n, mean) for c, n, mean in search.root_commands()}
        if stats.get(search.prior, (0, 0.0))[0] and stats[choice][1] - stats[search.prior][1] < keep_margin:
            choice = search.prior
    played = done - failures
    return SearchResult(choice, done, search.commands, time.perf_counter() - started, failures,
                        tuple(s / played if played else 0.5 for s in search.sums), search.root_commands())


def chances(game: Game, state: State, rng: Rng, *, seat: int | None = None, think_ms: float | None = None,
            iterations: int | None = 200, exploration: float = EXPLORATION,
            widening: float | None = WIDENING) -> tuple[float, ...]:
    """Each seat's chance to win as the search estimates it: the root value per seat of an ISMCTS
    of ``state`` from ``seat``'s information set — by default the onlooker's (None), who knows only
    what every seat may see, so the estimate can be shown to anyone. Reads ``state`` only to
    determinise it (`determinise`), so states that differ only in what ``seat`` cannot see give the
    same estimate for the same ``rng`` and an iteration budget. A finished game: 1 for each winner,
    0 for the others. Budgets as in `think` (one must be given)."""
    if think_ms is None and iterations is None:
        raise ValueError("an estimate needs a time budget (think_ms) or an iteration budget")
    game_data = state.data
    outcome = game.outcome(game_data)
    if outcome is not None:
        return tuple(1.0 if s in outcome.winners else 0.0 for s in range(state.config.players))
    started = time.perf_counter()
    base = determinise(game, game_data, seat, rng)   # None: the onlooker
    deadline = None if think_ms is None else started + think_ms / 1000
    search = _Search(game, state.config, seat, base, None, rng, exploration, widening, deadline)
    done = failures = 0
    while done == 0 or ((iterations is None or done < iterations)
                        and (deadline is None or time.perf_counter() < deadline)):
        done += 1
        try:
            search.iterate()
        except Exception:  # a determinisation the rules cannot play is left out, as in `think`
            failures += 1
            if failures == done and failures >= 20:
                break
    played = done - failures
    return tuple(s / played if played else 0.5 for s in search.sums)


class SearchBot:
    """Plays the command an ISMCTS (`think`) finds best; Normal level by default.

    A `engine.bots.StateBot`: a runner hands it the state (`engine.bots.decide`), which it
    determinises from its seat at once; ``choose`` with a view alone cannot search."""

    name = "search"

    def __init__(self, game: Game | None = None, think_ms: float | None = NORMAL_MS,
                 iterations: int | None = None, exploration: float = EXPLORATION,
                 widening: float | None = WIDENING, candidates: int | None = CANDIDATES,
                 tree_depth: int | None = TREE_DEPTH, keep_margin: float = KEEP_MARGIN,
                 paired: bool = PAIRED) -> None:
        self.game = game
        self.think_ms = think_ms
        self.iterations = iterations
        self.exploration = exploration
        self.widening = widening
        self.candidates = candidates
        self.tree_depth = tree_depth
        self.keep_margin = keep_margin
        self.paired = paired
        self.last: SearchResult | None = None   # the last decision's search, for benchmarks and hints

    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
        raise TypeError(f"the {self.name} bot thinks about whole states: ask it with engine.bots.decide, or "
                        "put it behind engine.bots.seat_bots for a runner that passes views")

    def choose_from_state(self, state: State, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
        if len(legal) == 1:
            self.last = None
            return legal[0]
        game = self.game or state.game
        self.last = think(game, state, seat, legal, rng, think_ms=self.think_ms, iterations=self.iterations,
                          exploration=self.exploration, widening=self.widening, candidates=self.candidates,
                          tree_depth=self.tree_depth, keep_margin=self.keep_margin, paired=self.paired)
        return self.last.choice


def normal_search(game: Game | None = None) -> SearchBot:
    """The Normal level: `NORMAL_MS` a decision."""
    return SearchBot(game, NORMAL_MS)


def hard_search(game: Game | None = None) -> SearchBot:
    """The Hard level: `HARD_MS` a decision."""
    bot = SearchBot(game, HARD_MS)
    bot.name = "search_hard"
    return bot
