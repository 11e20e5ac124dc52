"""Dragonbond's description: what the game list shows, importable without the rules.

The registry lists the game from `INFO`; `game` (the rules) takes its `info` from here.
"""
from __future__ import annotations

from engine.core.info import GameInfo, ModeSpec, OptionSpec, Text


def _modes() -> tuple[ModeSpec, ...]:
    names = {1: ("One human, three AI players", "一位玩家，三個自動玩家"),
             2: ("Two humans, two AI players", "兩位玩家，兩個自動玩家"),
             3: ("Three humans, one AI player", "三位玩家，一個自動玩家"),
             4: ("Four humans", "四位玩家")}
    return tuple(ModeSpec(f"humans{n}", Text(*names[n]), n, n) for n in range(1, 5))


INFO = GameInfo(
    id="dragonbond",
    name=Text("Dragonbond: Lords of Vaala", "龍族誓約：瓦拉領主"),
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
        OptionSpec("ai_tie_break", Text("AI ties", "自動玩家平手"), "choice", "proxy",
                   choices=("proxy", "random"),
                   choice_names=(Text("The proxy player decides", "由代理玩家決定"),
                                 Text("Broken at random", "隨機決定")),
                   help=Text("Who breaks a tie or makes a choice the AI rules leave open (DRG-AI-14).",
                             "自動玩家規則未決定的平手或選擇由誰決定（DRG-AI-14）。")),
    ),
    rules_prefix="DRG",
    hidden_information=True,
    summary=Text("Generals and dragons race for power in Valerna: plan your cards face down on the "
                 "command stack, then fly, march and fight across the map.",
                 "將軍與巨龍在瓦萊納爭奪權力：把卡牌面朝下放上行動指令牌堆，再於地圖上飛行、行軍與作戰。"),
    bots=("heuristic",),
)
