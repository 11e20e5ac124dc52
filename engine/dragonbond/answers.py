"""Answers to the pending decision: which spellings mean the same, and why an answer is refused.

`answer_key` is the game's `spelling_key`: answers that the rules cannot tell apart get one key, so
the core plays the listed spelling for any of them (and records it as listed):

- a fly (``fly/<r1>/<r2>...``): the rules care only where it ends and that it is a legal fly
  (DRG-MOVE-3/4/8/9; passing through a region is not arriving, DRG-MOVE-7), so `legal` lists one
  shortest path per destination and every legal path to that destination spells it;
- a cast (``cast/<card>/pay/own.<a>+ally.<b>``): a payment is the two shares, however written
  (``pay/ally.1+own.1``, ``pay/own.2+ally.0``).

`check_answer` refuses what no listed answer spells, with the reason of the rule it breaks: an
icon's execution goes through that icon's own rules (a fly through a closed border: DRG-MOVE-8, a
deploy outside the general's regions: DRG-UNIT-2 ...); anything else says what the decision asks
and lists its answers.
"""
from __future__ import annotations

from typing import Any

from engine.core import Command, Data, Refused
from engine.core.effects import waiting_choice

from .context import ANSWER_RULES, Ctx
from .vocabulary import ICONS

SHOWN = 6        # answers listed in a refusal; the rest are counted


def answer_rule(kind: str) -> str:
    """The rule a wrong answer to a pending decision of ``kind`` breaks."""
    if kind in ANSWER_RULES:
        return ANSWER_RULES[kind]
    if kind.startswith("icon_"):
        return "DRG-ACTION-3"
    return "DRG-AI-11"


def decision_rule(data: Data) -> str:
    """The rule a wrong answer to the pending decision breaks: its kind's, or for an effect's
    choice the rule of the card kind it comes from."""
    step = _paused(data)
    if step is None:
        return "DRG-PLAN-2"
    kind = step["pause"]["kind"]
    if kind == "effect_choice":
        from .rules.card_effects import CHOICE_RULES
        from .rules.planning import card_kind
        return CHOICE_RULES.get(card_kind(str(step["params"].get("source", ""))), answer_rule(kind))
    return answer_rule(kind)


def decided_for(data: Data) -> str | None:
    """The character the pending decision is made for (its owner, caster, target...), if any."""
    step = _paused(data)
    if step is None:
        return None
    params = step["params"]
    if step["primitive"] == "combat_damage":
        combat = data.get("combat") or {}
        if params.get("side") == "target":
            return (combat.get("target") or {}).get("who")
        return combat.get("attacker")
    for key in ("character", "owner", "holder", "target", "actor"):
        if params.get(key):
            return str(params[key])
    return None


def not_your_decision_rule(data: Data) -> str:
    """The rule a command from a seat that does not decide now breaks: a planning turn goes
    round the table (DRG-PLAN-2); a decision for an AI character is its proxy's (DRG-AI-10); any
    other choice while cards resolve is the card owner's (DRG-ACTION-5); a set-up pick, its own."""
    step = _paused(data)
    if step is None:
        return "DRG-PLAN-2"
    who = decided_for(data)
    if who in data["boards"] and data["boards"][who]["seat"] is None:
        return "DRG-AI-10"
    return "DRG-ACTION-5" if data["phase"] == "execution" else answer_rule(step["pause"]["kind"])


def _text(command: Command) -> str | None:
    """The one answer of ``command`` when it is a name (the only answers that have other spellings)."""
    if command.verb != "answer" or len(command.args) != 1 or command.options:
        return None
    answer = command.args[0]
    return answer if isinstance(answer, str) else None


def _paused(data: Data) -> Data | None:
    queue = data["effects"]
    return queue[0] if queue and "pause" in queue[0] else None


def answer_key(data: Data, command: Command) -> Any:
    """Equal for answers that mean the same now (see the module text); ``command`` itself when no
    other spelling is equal to it."""
    text = _text(command)
    if text is None:
        return command
    if text.startswith("fly/"):
        step = _paused(data)
        if step is None or step["primitive"] != "icon" or step["params"]["icon"].get("icon") != "fly":
            return command
        from .rules.actions import fly_path
        from .rules.movement import fly_destination
        params = step["params"]
        try:
            return ("fly", fly_destination(data, params["owner"], fly_path(text), params["icon"].get("n") or 1))
        except Refused:
            return command
    if text.startswith("cast/"):
        from .rules.vaala import parse_payment
        card, _, payment = text.removeprefix("cast/").partition("/")
        try:
            return ("cast", card, *parse_payment(payment))
        except Refused:
            return command
    return command


def listed_answer(data: Data, command: Command) -> Command:
    """The listed answer ``command`` spells (itself when it is listed or spells none)."""
    choice = waiting_choice(data["effects"])
    if choice is None or command.verb != "answer" or (len(command.args) == 1 and command.args[0] in choice[2]):
        return command
    key = answer_key(data, command)
    if key == command:
        return command
    same = [option for option in choice[2] if answer_key(data, Command("answer", (option,), (), command.seat)) == key]
    return Command("answer", (same[0],), (), command.seat) if same else command


def choices(options: tuple[Any, ...]) -> str:
    shown = ", ".join(str(option) for option in options[:SHOWN])
    more = len(options) - SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def check_answer(ctx: Ctx, command: Command) -> None:
    """Refuse, with the reason of the rule it breaks, a command that does not answer the pending
    decision with one of its listed answers (see the module text)."""
    choice = waiting_choice(ctx.data["effects"])
    if choice is None:
        return
    kind, _, options = choice
    if (command.verb == "answer" and not command.options and len(command.args) == 1
            and command.args[0] in options):
        return                                                 # a listed answer: nothing to explain
    from .labels import describe_prompt
    rule = decision_rule(ctx.data)
    asks = f"choose {describe_prompt(kind)}: answer with one of {choices(options)}"
    if command.verb != "answer":
        raise Refused(rule, f"the game waits on an answer first; {asks}")
    if command.options:
        raise Refused(rule, f"an answer takes no options ({', '.join(k for k, _ in command.options)}=); {asks}")
    if len(command.args) != 1:
        raise Refused(rule, f"an answer is one choice, not {len(command.args)}; {asks}")
    answer = command.args[0]
    if isinstance(answer, str):
        _explain(ctx, answer)                                  # raises the rules' own refusal, if any
    raise Refused(rule, f"{answer!r} is not a choice now; {asks}")


def _explain(ctx: Ctx, answer: str) -> None:
    """Run ``answer`` through the rules of the icon or effect that asks, which refuse it with their
    own rule and reason (the caller restores the state: the command is refused either way)."""
    from .rules import actions, regioncards
    step = _paused(ctx.data)
    if step is None:
        return
    params = step["params"]
    ctx.meta = step["meta"]
    try:
        if step["primitive"] == "icon" and answer.partition("/")[0] in (*ICONS, "draw", "cast"):
            actions.apply_icon(ctx, params["owner"], actions.as_icon(params["icon"]), answer)
        elif step["primitive"] == "region_icon" and answer.partition("/")[0] in ICONS:
            card = ctx.content.region_cards[params["card"]]
            regioncards.apply_icon(ctx, params["owner"], card.icons[params["index"]], card.region, answer)
        elif step["primitive"] == "effect":
            from .rules.card_effects import run_effect
            run_effect(ctx, **params, answer=answer)          # e.g. the ally's pieces: DRG-BONDED-3
    except Refused:
        raise
    except Exception:
        return
