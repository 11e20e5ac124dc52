"""Dragonbond: Lords of Vaala on the shared game contract. Seats are the humans (1–4); every
character no human plays is an AI run by the engine (DRG-SETUP-2, DRG-AI-1)."""
from __future__ import annotations

from typing import Any

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
    Rng,
    Text,
)
from engine.core.effects import answer_commands, waiting_choice

from . import commands
from .context import ANSWER_RULES, Ctx
from .invariants import check_invariants
from .rules import planning
from .setup import setup, take_character
from .steps import DRG
from .views import seat_view

PRIVATE_PROMPTS: frozenset[str] = frozenset()


def pending_choice(data: Data) -> tuple[str, int, tuple[Any, ...]] | None:
    """(prompt kind, deciding seat, options) of the choice the steps wait on, if any."""
    return waiting_choice(data["effects"])


def _answer_rule(kind: str) -> str:
    """The rule a wrong answer to a pending choice breaks."""
    if kind in ANSWER_RULES:
        return ANSWER_RULES[kind]
    if kind.startswith("icon_"):
        return "DRG-ACTION-3"
    return "DRG-AI-11"


def _modes() -> tuple[ModeSpec, ...]:
    names = {1: ("One human, three AI players", "一位玩家，三個自動玩家"),
             2: ("Two humans, two AI players", "兩位玩家，兩個自動玩家"),
             3: ("Three humans, one AI player", "三位玩家，一個自動玩家"),
             4: ("Four humans", "四位玩家")}
    return tuple(ModeSpec(f"humans{n}", Text(*names[n]), n, n) for n in range(1, 5))


class Dragonbond(Game):
    info = GameInfo(
        id="dragonbond",
        name=Text("Dragonbond: Lords of Vaala", "龍誓：瓦拉領主"),
        modes=_modes(),
        options=(
            OptionSpec("characters", Text("Characters", "角色"), "choice", "pick",
                       choices=("pick", "in_order", "random"),
                       choice_names=(Text("Each human picks", "每位玩家自選"),
                                     Text("Humans take the seats in order", "玩家依座位順序取得角色"),
                                     Text("Dealt at random", "隨機分配"))),
            OptionSpec("seating", Text("Seating", "座位"), "choice", "default",
                       choices=("default", "alternate", "random"),
                       choice_names=(Text("Elyse, Nagasha, Adrael, Ferellon", "艾莉絲、娜迦莎、阿德瑞爾、費瑞倫"),
                                     Text("Elyse, Ferellon, Adrael, Nagasha", "艾莉絲、費瑞倫、阿德瑞爾、娜迦莎"),
                                     Text("At random", "隨機"))),
            OptionSpec("first_player", Text("First player", "起始玩家"), "choice", "random",
                       choices=("random", "choose"),
                       choice_names=(Text("A human at random", "隨機一位玩家"),
                                     Text("The players choose", "由玩家選擇"))),
        ),
        rules_prefix="DRG",
        hidden_information=True,
        summary=Text("Generals and dragons race for power in Valerna. Early version: planning, the "
                     "command stack and the humans' action card icons (move, fly, deploy, collect).",
                     "將軍與巨龍爭奪瓦勒納的權力。早期版本：規劃、指令堆疊與玩家行動卡圖示（移動、飛行、部署、收集）。"),
    )
    rule_not_your_decision = "DRG-PLAN-2"
    rule_game_over = "DRG-ROUND-3"
    rule_unknown_command = "DRG-PLAN-3"

    def setup(self, config: Config, rng: Rng) -> Data:
        data = setup(config, rng)
        ctx = Ctx(data, rng, 0)
        ctx.push("begin")
        if data["options"]["first_player"] == "choose":
            ctx.push("choose_first_player", seat=0)
        ctx.push("deal")
        way = data["options"]["characters"]
        if way == "pick":
            for seat in reversed(range(config.players)):   # each push goes first: push the last first
                ctx.push("choose_character", seat=seat)
        else:
            picks = list(data["seating"])
            if way == "random":
                rng.shuffle(picks)
            for seat in range(config.players):
                take_character(data, seat, picks[seat])
        DRG.drain(ctx)
        return data

    def prompt(self, data: Data) -> Prompt | None:
        if data["phase"] == "over":
            return None
        choice = pending_choice(data)
        if choice:
            return Prompt(choice[0], (choice[1],))
        character = planning.current(data)
        if character is None or data["boards"][character]["seat"] is None:
            return None
        return Prompt("plan_turn", (data["boards"][character]["seat"],))

    def legal_commands(self, data: Data, seat: int) -> list[Command]:
        if data["phase"] == "over":
            return []
        if pending_choice(data):
            return answer_commands(data["effects"], seat)
        prompt = self.prompt(data)
        if prompt is None or seat not in prompt.seats:
            return []
        return commands.turn_commands(data, seat)

    def apply(self, data: Data, command: Command, rng: Rng) -> list[Event]:
        ctx = Ctx(data, rng, command.seat or 0)
        DRG.answer_or_run(ctx, command, commands.HANDLERS, game="Dragonbond",
                          answer_rule=_answer_rule,
                          unknown_rule=self.rule_unknown_command)
        return ctx.events

    def outcome(self, data: Data) -> Outcome | None:
        if data["phase"] != "over":
            return None
        end = data["end"]
        humans = data["humans"]
        winners = tuple(seat for seat, ch in enumerate(humans) if ch in end["winners"])   # DRG-GOAL-7
        power = tuple(float(end["power"][ch]) for ch in humans)
        won = tuple(1.0 if seat in winners else 0.0 for seat in range(len(humans)))
        names = ", ".join(end["winners"])
        return Outcome(winners, f"{end['why']}; won: {names}", power, (("power", power), ("won", won)))

    def view(self, data: Data, seat: int | None) -> Data:
        return seat_view(data, seat)

    def invariants(self, data: Data) -> list[str]:
        return check_invariants(data)

    def seat_names(self, config: Config) -> tuple[Text, ...]:
        return tuple(Text(f"Player {i + 1}", f"玩家 {i + 1}") for i in range(config.players))


GAME = Dragonbond()
