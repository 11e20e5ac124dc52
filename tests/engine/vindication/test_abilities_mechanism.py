"""Card abilities: the shared machinery (triggers, modifiers, the `use` verb), and the position
helpers the other ability test files import (`table`, `hold`, `force_dice`, `finish`)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from engine.core import Command, Rng
from engine.vindication.content import content
from engine.vindication.context import Ctx
from engine.vindication.effects import VIN
from engine.vindication.invariants import BLOCKS_PER_PLAYER
from engine.vindication.rules import abilities, regions
from engine.vindication.setup import fresh_turn
from tests.engine.vindication.scenario import Data, Scenario

TOKENS = {0: "T25", 1: "T28", 2: "T31", 3: "T34"}
ZONES = ("potential", "influence", "conviction")


# -- helpers for the ability tests ---------------------------------------------------------------------
def table(players: int = 2, seed: int = 1, *, regions: dict[str, Any] | None = None,
          tokens: dict[int, str] | None = None) -> Scenario:
    """Round 1, seat 0 to play, order 0..n-1, no end triggered; the island holds only ``regions``
    (space -> tile id or (tile id, controller)); tokens on T25, T28, T31, T34 unless given."""
    game = Scenario.start(players=players, seed=seed)

    def arrange(d: Data) -> None:
        d.update(order=list(range(players)), first=0, current=0, turn=fresh_turn(0), end_round=None, round=1)
        d["regions"] = {space: None for space in d["regions"]}
        d["bag"] = list(content().board_file.first_game_bag)
        for seat in range(players):
            d["players"][seat]["token"] = (tokens or {}).get(seat, TOKENS[seat])
        for space, laid in (regions or {}).items():
            tile_id, controller = (laid, None) if isinstance(laid, str) else laid
            d["regions"][space] = {"tile": tile_id, "controller": controller}
        for seat in range(players):
            rebalance(d, seat, ())

    game.edit(arrange)
    return game


def take_card(d: Data, card: str) -> None:
    """Take a card out of wherever it is (deck, face-up pile, a tableau)."""
    for pile in list(d["decks"].values()) + list(d["faceup"].values()):
        if card in pile:
            pile.remove(card)
    for p in d["players"]:
        p["companions"] = [c for c in p["companions"] if c["id"] != card]
        p["relics"] = [r for r in p["relics"] if r["id"] != card]
        for key in ("monsters", "traits"):
            if card in p[key]:
                p[key].remove(card)
    for deck in d["faceup"]:
        if not d["faceup"][deck] and d["decks"][deck]:
            d["faceup"][deck].append(d["decks"][deck].pop(0))


def stack(d: Data, deck: str, *, faceup: Iterable[str] | None = None, top: Iterable[str] = ()) -> None:
    """Lay a deck: ``faceup`` becomes the face-up pile (last = its top), ``top`` the deck's top
    cards (first = the very top); other cards of the deck keep their places below."""
    faceup, top = list(faceup or []), list(top)
    for card in faceup + top:
        take_card(d, card)
    if faceup:
        d["decks"][deck] = d["faceup"][deck] + d["decks"][deck]
        d["faceup"][deck] = faceup
    d["decks"][deck] += list(reversed(top))


def hold(d: Data, seat: int, *, companions: Iterable[Any] | None = None, relics: Iterable[Any] | None = None,
         traits: Iterable[str] | None = None, monsters: Iterable[str] | None = None, honor: int | None = None,
         potential: int | None = None, influence: int | None = None, conviction: int | None = None,
         **attrs: int) -> None:
    """Give seat a tableau (companion (id, blocks) / relic (id, charges), or bare ids) and power;
    blocks not placed go to (or come from) the first zone left unset, so 21 are kept."""
    p = d["players"][seat]
    if companions is not None:
        for c in p["companions"]:
            d["decks"][content().cards[c["id"]].deck].insert(0, c["id"])
        p["companions"] = []
        for item in companions:
            card, blocks = (item, 0) if isinstance(item, str) else item
            take_card(d, card)
            p["companions"].append({"id": card, "blocks": blocks})
    if relics is not None:
        for r in p["relics"]:
            d["decks"]["relic"].insert(0, r["id"])
        p["relics"] = []
        for item in relics:
            card, charges = (item, 0) if isinstance(item, str) else item
            take_card(d, card)
            p["relics"].append({"id": card, "charges": charges})
    for key, cards in (("traits", traits), ("monsters", monsters)):
        if cards is not None:
            for card in p[key]:
                d["decks"]["trait" if key == "traits" else "monster"].insert(0, card)
            p[key] = []
            for card in cards:
                take_card(d, card)
                p[key].append(card)
    given = {"potential": potential, "influence": influence, "conviction": conviction}
    for zone, value in given.items():
        if value is not None:
            p[zone] = value
    for kind, value in attrs.items():
        p["attrs"][kind] = value
    if honor is not None:
        p["honor"] = honor
    rebalance(d, seat, [z for z, v in given.items() if v is not None] + list(attrs))


def blocks_of(d: Data, seat: int) -> int:
    p = d["players"][seat]
    markers = sum(1 for r in d["regions"].values() if r and r["controller"] == seat)
    return (sum(p[z] for z in ZONES) + sum(p["attrs"].values()) + markers
            + sum(c["blocks"] for c in p["companions"]) + sum(r["charges"] for r in p["relics"]))


def rebalance(d: Data, seat: int, fixed: Iterable[str]) -> None:
    p = d["players"][seat]
    missing = BLOCKS_PER_PLAYER - blocks_of(d, seat)
    for zone in ZONES:
        if zone not in fixed and p[zone] + missing >= 0:
            p[zone] += missing
            return
    for kind in ("V", "W", "C", "I", "K", "S"):      # every zone set: an attribute not set takes them
        if kind not in fixed and p["attrs"][kind] + missing >= 0:
            p["attrs"][kind] += missing
            return
    raise AssertionError(f"seat {seat} cannot keep 21 blocks")


def turn(d: Data, **changes: Any) -> None:
    """Change the current turn's record, e.g. ``used={"move": 1, ...}``."""
    for key, value in changes.items():
        if isinstance(value, dict):
            d["turn"][key].update(value)
        else:
            d["turn"][key] = value


def force_dice(monkeypatch: pytest.MonkeyPatch, *, monster: Iterable[str] = (),
               attribute: Iterable[str] = ()) -> None:
    """The next monster-die and attribute-die results, in order (the dice are otherwise random)."""
    monsters, attributes = list(monster), list(attribute)

    def roll_monster(ctx: Ctx) -> str:
        face = monsters.pop(0)
        ctx.emit("die_rolled", die="monster", face=face, seat=ctx.actor)
        return face

    def roll_attribute(ctx: Ctx) -> str:
        face = attributes.pop(0)
        ctx.emit("die_rolled", die="attribute", face=face, seat=ctx.actor)
        return face

    monkeypatch.setattr(regions, "roll_monster_die", roll_monster)
    monkeypatch.setattr(regions, "roll_attribute_die", roll_attribute)


def finish(game: Scenario) -> Data:
    """Make the current turn the game's last (its move done) and end it: final scoring runs."""
    def last(d: Data) -> None:
        d["end_round"] = d["round"]
        d["current"] = len(d["order"]) - 1
        d["turn"] = fresh_turn(d["order"][-1])
        d["turn"]["used"]["move"] = 1
    game.edit(last)
    game.play("end_turn")
    assert game.data["phase"] == "over"
    return game.data


def mods(game: Scenario, kind: str) -> list[Data]:
    return [m for m in game.data["turn"]["mods"] if m["kind"] == kind]


# -- the machinery -------------------------------------------------------------------------------------
def test_every_base_primitive_has_a_handler():
    """Only the module's own primitives (attribute checks, the Temple, Discipline) are left to the
    module; everything cards and base regions use runs."""
    assert set(VIN.unhandled()) <= {"attr_check", "temple", "substitute_conviction_for_attr"}


@pytest.mark.rule("VIN-TURN-12", "VIN-DEC-74")
def test_one_event_queues_the_active_players_abilities_first_then_the_others_in_turn_order(monkeypatch):
    """No event of the base game reaches two players' cards (each card answers its own event), so
    the order is checked on `fire` itself: every seat answers; seat 2 of order 0-1-2-3 is active."""
    game = table(players=4)
    data = game.match.state.to_plain()["data"]
    data["current"], data["turn"] = 2, fresh_turn(2)
    monkeypatch.setattr(abilities, "triggered", lambda d, seat, event, args: [f"card{seat}"])
    abilities.fire(Ctx(data, Rng(1), 2), "control_gained")
    assert [item["meta"]["seat"] for item in data["effects"]] == [2, 3, 0, 1]
    assert [item["params"]["cards"][0] for item in data["effects"]] == ["card2", "card3", "card0", "card1"]


def test_a_players_own_event_reaches_only_that_players_cards():
    """`visit(monastery)` is "whenever you visit": another player's Abbey Novice stays quiet."""
    game = table(regions={"R08": "monastery"})
    game.edit(lambda d: (hold(d, 0, K=1, influence=3, potential=3), hold(d, 1, companions=["K09"])))
    game.play("visit R08 units=1")
    game.answer("pot_to_inf")
    assert game.prompt == "turn"
    assert "ability_used" not in game.kinds()


@pytest.mark.rule("VIN-TURN-8", "VIN-DEC-26", "VIN-DEC-35")
def test_use_is_a_free_action_of_the_owners_own_turn_only():
    game = table()
    game.edit(lambda d: hold(d, 1, relics=[("V07", 3)]))
    game.refused("1: use V07", "VIN-TURN-8")
    assert "use V07" not in game.legal()


@pytest.mark.rule("VIN-TURN-9")
def test_turn_modifiers_and_once_per_turn_uses_end_with_the_turn():
    game = table()
    game.edit(lambda d: hold(d, 0, relics=[("V01", 3)]))
    game.play("use V01")
    assert mods(game, "speed") and game.data["turn"]["used_abilities"] == ["V01"]
    game.play("move T25,T13", "end_turn")
    assert game.data["turn"]["mods"] == [] and game.data["turn"]["used_abilities"] == []


def test_the_use_verb_is_listed_exactly_when_it_would_apply():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S10", "S01"], relics=[("V07", 3), ("V03", 3), ("V02", 1)],
                             traits=["W06"], influence=5))
    assert game.legal("use") == ["use V07"]           # V03 waits for a skull, V02 lacks charges
    game.play("activate S10")
    game.answer_all()
    assert sorted(game.legal("use")) == ["use S10", "use V07"]
    for text in game.legal("use"):
        probe = game.match.state.copy()
        probe.apply(Command.parse(text).by(0))


@pytest.mark.rule("VIN-DEC-74")
def test_a_player_whose_several_abilities_answer_one_event_chooses_their_order():
    """No base event reaches two cards of one player, so the queue item `fire` makes is run
    directly: the holder picks which resolves first, the last one follows without a question."""
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S06"], traits=["W08"]))
    data = game.match.state.to_plain()["data"]
    ctx = Ctx(data, Rng(1), 0)
    before = data["players"][0]["honor"]
    ctx.push([{"trigger_next": {"cards": ["S06", "W08"], "event": "control_gained", "args": []}}], seat=0)
    pause = VIN.drain(ctx)
    assert (pause.kind, pause.options) == ("trigger_order", ("S06", "W08"))
    assert VIN.resume(ctx, "W08") is None
    assert data["players"][0]["honor"] == before + 2
    assert [e.data["card"] for e in ctx.events if e.kind == "ability_used"] == ["W08", "S06"]


@pytest.mark.rule("VIN-CARD-12")
def test_a_triggered_ability_that_could_hurt_is_offered_with_use_or_decline():
    """Every base trigger either only helps or asks its own question; an effect such as a mount
    rise is offered first (the offer item, run directly)."""
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S09"]))
    for answer, rank in (("decline", 1), ("S09", 2)):
        data = game.match.state.to_plain()["data"]
        ctx = Ctx(data, Rng(1), 0)
        ctx.push([{"ability_offer": {"card": "S09"}}], seat=0)
        pause = VIN.drain(ctx)
        assert (pause.kind, pause.options) == ("trigger", ("S09", "decline"))
        VIN.resume(ctx, answer)
        assert data["players"][0]["mount"] == rank


def test_a_once_per_turn_trigger_that_could_do_nothing_is_not_spent():
    """W02 after an activation that left no influence: nothing to gain, so W02 stays unused."""
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S01"], traits=["W02"], influence=3))
    game.play("activate S01")
    game.answer(["S", "S"])
    assert game.prompt == "turn" and "W02" not in game.data["turn"]["used_abilities"]
