"""Vindication's description: what the game list shows, importable without the rules.

The registry lists the game from `INFO`; `game` (the rules) takes its `info` from here.
"""
from __future__ import annotations

from engine.core.info import GameInfo, ModeSpec, OptionSpec, Text

# The seats' colours, as setup.SEAT_COLOURS names them in the state.
SEAT_COLOURS = ("teal", "amber", "plum", "slate")

INFO = GameInfo(
    id="vindication",
    name=Text("Vindication", "孤島贖生"),
    modes=(ModeSpec("standard", Text("Standard", "標準"), 2, 4),
           ModeSpec("solo", Text("Solo (score attack)", "單人（挑戰分數）"), 1, 1)),
    options=(
        OptionSpec("villages_hamlets", Text("Villages & Hamlets module", "村莊與小村擴充"), "bool", False,
                   help=Text("The Forgotten Isle, the port, villages and hamlets, runes and checks.",
                             "遺忘之島、登陸港、村莊與小村、符文與屬性檢定。")),
        OptionSpec("vh_setup", Text("Village boards", "村莊板設置"), "choice", "random",
                   choices=("random", "preconfigured"),
                   choice_names=(Text("Filled at random when discovered", "發現時隨機填入"),
                                 Text("Filled by the group at set-up", "開局由玩家配置"))),
        OptionSpec("choose_end_triggers", Text("Choose the end triggers", "自選結束觸發卡"), "bool", False,
                   help=Text("The first player picks the two starting end-trigger cards.",
                             "由起始玩家挑選開局的兩張結束觸發卡。")),
    ),
    rules_prefix="VIN",
    summary=Text("Castaways discover an island, gather companions and win back their honor.",
                 "被拋下船的罪人探索孤島、結識夥伴，贏回失去的榮耀。"),
    bots=("heuristic",),
    seat_names=tuple(Text(f"Player {i + 1} ({colour})", f"玩家 {i + 1}")
                     for i, colour in enumerate(SEAT_COLOURS)),
)
