"""Nemesis: Lockdown's description: what the game list shows, importable without the rules.

The registry lists the game from `INFO`; `game` (the rules) takes its `info` from here.
"""
from __future__ import annotations

from engine.core.info import GameInfo, ModeSpec, OptionSpec, Text

INFO = GameInfo(
    id="nemesis",
    name=Text("Nemesis: Lockdown", "復仇女神號：封鎖"),
    modes=(ModeSpec("standard", Text("Standard (semi-co-operative)", "標準（半合作）"), 2, 5),
           ModeSpec("solo", Text("Solo", "單人"), 1, 1),
           ModeSpec("coop", Text("Full co-operative", "完全合作"), 2, 5)),
    options=(
        OptionSpec("draft", Text("Character draft", "角色選擇"), "choice", "random",
                   choices=("random", "free"),
                   choice_names=(Text("Draw two, keep one", "抽兩張選一張"),
                                 Text("Pick any free character", "自由挑選角色"))),
        OptionSpec("reaction_prompt", Text("Reaction prompts", "反應詢問"), "choice", "only_when_playable",
                   choices=("only_when_playable", "always"),
                   choice_names=(Text("Only players who can react", "只詢問能反應的玩家"),
                                 Text("Everyone who could (hides who holds a reaction)",
                                      "詢問所有可能反應者（隱藏持牌者）"))),
        OptionSpec("fire_wound_once_per_round", Text("Fire wounds once per round", "火焰每輪只造成一次傷害"),
                   "bool", False,
                   help=Text("Fire wounds only on the turn a character passes: one Light Wound if their Room "
                             "then holds Fire, so at most one a round (NEM-DEC-21).",
                             "只有角色跳過的那個回合會被火焰所傷：若其房間當時有火焰，受到一次輕傷，"
                             "因此每輪最多一次（NEM-DEC-21）。")),
        OptionSpec("death_at_three_serious", Text("Death at the third Serious Wound", "第三張重傷即死亡"),
                   "bool", False,
                   help=Text("A character dies on collecting a third Serious Wound card, instead of on any "
                             "Wound suffered with three already (NEM-DEC-70).",
                             "角色取得第三張重傷牌時即死亡，而不是在已有三張時再受傷才死亡（NEM-DEC-70）。")),
    ),
    rules_prefix="NEM",
    hidden_information=True,
    summary=Text("Survive a locked-down research facility on Mars while the Night Stalkers hunt.",
                 "在封鎖的火星研究設施裡求生，躲避夜行異形的獵殺。"),
    bots=("heuristic",),
)
