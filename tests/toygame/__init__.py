"""Toy Ridge: a tiny test-only game that exercises every part of the game contract.

Seats take turns placing numbered cards from a hidden hand on a 3×3 ridge and draw a new card
from a shuffled deck (chance, private events). A card placed next to an opponent's card opens a
challenge window for that opponent, who answers out of turn (a pending prompt); a challenge rolls
a die. Anyone may make a claim at any time. Versus 2–4, or solo against a target score.
Highest total on the ridge wins once it is full or everyone passed in a row.
"""
from __future__ import annotations

from engine.core import (
    Command,
    Config,
    Data,
    Event,
    Game,
    GameInfo,
    ModeSpec,
    OptionSpec,
    Outcome,
    Prompt,
    Refused,
    Rng,
    Text,
    command,
    event,
    register,
)
from engine.core.schema import Bool, Const, Int, ListOf, MapOf, Nullable, Record, Schema, Str, Tuple

ROWS, COLS = "abc", "123"
SPACES = tuple(r + c for r in ROWS for c in COLS)
ADJACENT = {
    s: tuple(o for o in SPACES
             if abs(ROWS.index(o[0]) - ROWS.index(s[0])) + abs(COLS.index(o[1]) - COLS.index(s[1])) == 1)
    for s in SPACES
}
DECK = tuple(v for v in range(1, 7) for _ in range(3))
HAND_SIZE = 2
CLAIMS = ("high", "low")


class ToyRidge(Game):
    info = GameInfo(
        id="toy",
        name=Text("Toy Ridge", "玩具山脊"),
        modes=(ModeSpec("versus", Text("Versus", "對戰"), 2, 4),
               ModeSpec("solo", Text("Solo", "單人"), 1, 1, cooperative=True)),
        options=(OptionSpec("challenges", Text("Challenges", "挑戰"), "bool", True),
                 OptionSpec("target", Text("Solo target", "單人目標"), "int", 12, minimum=1, maximum=60)),
        rules_prefix="TOY",
        summary=Text("A test game for the shared core.", "測試用的小遊戲。"),
    )
    rule_not_your_decision = "TOY-TURN-1"
    rule_game_over = "TOY-END-1"
    rule_unknown_command = "TOY-COMMAND-1"
    anytime_verbs = frozenset({"claim"})

    # -- set-up and flow -----------------------------------------------------------------------
    def setup(self, config: Config, rng: Rng) -> Data:
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(config.players)]
        return {"players": config.players, "challenges": config.option("challenges"),
                "target": config.option("target"), "deck": deck, "hands": hands, "discard": [],
                "board": {s: None for s in SPACES}, "turn": 0, "passes": 0, "pending": None,
                "claimed": [], "claims": [], "over": False}

    def prompt(self, data: Data) -> Prompt | None:
        if data["over"]:
            return None
        pending = data["pending"]
        if pending:
            return Prompt("challenge", (pending["seat"],), {"space": pending["space"], "placer": pending["placer"]})
        return Prompt("turn", (data["turn"],))

    def legal_commands(self, data: Data, seat: int) -> list[Command]:
        found: list[Command] = []
        prompt = self.prompt(data)
        if prompt and seat in prompt.seats:
            if prompt.kind == "challenge":
                found += [command("challenge", seat=seat), command("allow", seat=seat)]
            else:
                empty = [s for s in SPACES if data["board"][s] is None]
                for value in sorted(set(data["hands"][seat])):
                    found += [command("place", value, space, seat=seat) for space in empty]
                found.append(command("pass", seat=seat))
        if prompt and seat not in data["claimed"]:
            found += [command("claim", c, seat=seat) for c in CLAIMS]
        return found

    def command_spaces(self, cmd: Command) -> tuple[str, ...]:
        return (str(cmd.args[1]),) if cmd.verb == "place" and len(cmd.args) == 2 else ()

    def apply(self, data: Data, cmd: Command, rng: Rng) -> list[Event]:
        handler = getattr(self, f"_do_{cmd.verb}", None)
        if handler is None:
            raise Refused(self.rule_unknown_command, f"Toy Ridge has no {cmd.verb!r} command")
        prompt = self.prompt(data)
        if cmd.verb != "claim":
            wanted = {"challenge": ("challenge", "allow"), "turn": ("place", "pass")}[prompt.kind]
            if cmd.verb not in wanted:
                raise Refused("TOY-TURN-2", f"now is the time to {' or '.join(wanted)}, not {cmd.verb}")
        return handler(data, cmd, rng)

    # -- commands ------------------------------------------------------------------------------
    def _do_place(self, data: Data, cmd: Command, rng: Rng) -> list[Event]:
        if len(cmd.args) != 2 or not isinstance(cmd.args[0], int) or not isinstance(cmd.args[1], str):
            raise Refused("TOY-PLACE-3", "write place VALUE SPACE, e.g. place 4 b2")
        value, space = cmd.args
        seat = cmd.seat
        hand = data["hands"][seat]
        if value not in hand:
            raise Refused("TOY-PLACE-1", f"you hold no {value}")
        if space not in data["board"]:
            raise Refused("TOY-PLACE-3", f"{space} is not a space of the ridge")
        if data["board"][space] is not None:
            raise Refused("TOY-PLACE-2", f"{space} is taken")
        hand.remove(value)
        data["board"][space] = {"seat": seat, "value": value}
        events = [event("placed", seat=seat, value=value, space=space)]
        if data["deck"]:
            drawn = data["deck"].pop()
            hand.append(drawn)
            events += [event("drew", audience=[seat], seat=seat, value=drawn),
                       event("drew_card", seat=seat, left=len(data["deck"]))]
        data["passes"] = 0
        rival = next((data["board"][s]["seat"] for s in ADJACENT[space]
                      if data["board"][s] and data["board"][s]["seat"] != seat), None)
        if data["challenges"] and rival is not None:
            data["pending"] = {"seat": rival, "space": space, "placer": seat}
            events.append(event("challenge_open", seat=rival, space=space))
        else:
            events += self._next_turn(data)
        return events

    def _do_pass(self, data: Data, cmd: Command, rng: Rng) -> list[Event]:
        data["passes"] += 1
        return [event("passed", seat=cmd.seat), *self._next_turn(data)]

    def _do_challenge(self, data: Data, cmd: Command, rng: Rng) -> list[Event]:
        pending = data["pending"]
        roll = rng.roll(6)
        events = [event("die_rolled", seat=cmd.seat, face=roll)]
        if roll >= 4:
            card = data["board"][pending["space"]]
            data["discard"].append(card["value"])
            data["board"][pending["space"]] = None
            events.append(event("card_removed", space=pending["space"], value=card["value"]))
        data["pending"] = None
        return events + self._next_turn(data)

    def _do_allow(self, data: Data, cmd: Command, rng: Rng) -> list[Event]:
        data["pending"] = None
        return [event("allowed", seat=cmd.seat), *self._next_turn(data)]

    def _do_claim(self, data: Data, cmd: Command, rng: Rng) -> list[Event]:
        if cmd.args not in ((c,) for c in CLAIMS):
            raise Refused("TOY-CLAIM-1", "claim high or claim low")
        if cmd.seat in data["claimed"]:
            raise Refused("TOY-CLAIM-2", "one claim per turn")
        data["claimed"].append(cmd.seat)
        data["claims"].append([cmd.seat, cmd.args[0]])
        return [event("claimed", seat=cmd.seat, claim=cmd.args[0])]

    def _next_turn(self, data: Data) -> list[Event]:
        data["claimed"] = []
        full = all(data["board"][s] is not None for s in SPACES)
        if full or data["passes"] >= data["players"] or not any(data["hands"]):
            data["over"] = True
            return [event("game_over", scores=self._scores(data))]
        data["turn"] = (data["turn"] + 1) % data["players"]
        return [event("turn", seat=data["turn"])]

    # -- results, views, checks ----------------------------------------------------------------
    def _scores(self, data: Data) -> list[int]:
        scores = [0] * data["players"]
        for card in data["board"].values():
            if card:
                scores[card["seat"]] += card["value"]
        return scores

    def outcome(self, data: Data) -> Outcome | None:
        if not data["over"]:
            return None
        scores = self._scores(data)
        if data["players"] == 1:
            won = scores[0] >= data["target"]
            return Outcome((0,) if won else (), "target reached" if won else "target missed", tuple(scores))
        best = max(scores)
        return Outcome(tuple(i for i, s in enumerate(scores) if s == best), "highest ridge", tuple(scores))

    def view(self, data: Data, seat: int | None) -> Data:
        shown = {k: v for k, v in data.items() if k not in ("deck", "hands")}
        shown["deck"] = len(data["deck"])
        shown["hands"] = [list(h) if i == seat else len(h) for i, h in enumerate(data["hands"])]
        shown["board"] = {s: dict(c) if c else None for s, c in data["board"].items()}
        return shown

    def resample_hidden(self, data: Data, seat: int, rng: Rng) -> Data | None:
        others = [i for i in range(data["players"]) if i != seat]
        pool = list(data["deck"]) + [v for i in others for v in data["hands"][i]]
        if not pool:
            return None
        rng.shuffle(pool)
        dealt = {**data, "hands": [list(h) for h in data["hands"]]}
        for i in others:
            n = len(data["hands"][i])
            dealt["hands"][i], pool = pool[:n], pool[n:]
        dealt["deck"] = pool
        return dealt

    def data_schema(self, config: Config) -> Schema:
        seat = Int(0, config.players - 1)
        card = Int(1, 6)
        return Record({
            "players": Const(config.players), "challenges": Const(config.option("challenges")),
            "target": Const(config.option("target")), "deck": ListOf(card, max_len=len(DECK)),
            "hands": ListOf(ListOf(card, max_len=HAND_SIZE), min_len=config.players, max_len=config.players),
            "discard": ListOf(card, max_len=len(DECK)),
            "board": MapOf(Str(SPACES), Nullable(Record({"seat": seat, "value": card})), complete=True),
            "turn": seat, "passes": Int(0, config.players),
            "pending": Nullable(Record({"seat": seat, "space": Str(SPACES), "placer": seat})),
            "claimed": ListOf(seat, unique=True), "claims": ListOf(Tuple(seat, Str(CLAIMS))), "over": Bool(),
        })

    def invariants(self, data: Data) -> list[str]:
        cards = (data["deck"] + data["discard"] + [v for h in data["hands"] for v in h]
                 + [c["value"] for c in data["board"].values() if c])
        problems = []
        if sorted(cards) != sorted(DECK):
            problems.append("TOY-SETUP-1: cards are not conserved")
        if any(len(h) > HAND_SIZE for h in data["hands"]):
            problems.append("TOY-PLACE-4: a hand holds more than two cards")
        return problems

    def describe(self, e: Event, language: str = "en") -> str:
        d = e.data
        lines = {
            "placed": f"Player {d.get('seat', 0) + 1} placed {d.get('value')} on {d.get('space')}.",
            "drew": f"You drew a {d.get('value')}.",
            "drew_card": f"Player {d.get('seat', 0) + 1} drew a card ({d.get('left')} left).",
            "die_rolled": f"Player {d.get('seat', 0) + 1} challenged and rolled {d.get('face')}.",
            "game_over": f"Game over; scores {d.get('scores')}.",
        }
        return lines.get(e.kind, super().describe(e, language))


GAME = register(ToyRidge())
