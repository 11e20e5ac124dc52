"""Legal commands in words a player understands, in English and Traditional Chinese.

`describe_command` turns ``answer CH1`` into "The Turncoat" and ``visit R08 choice=K`` into "Visit the
Inn (R08): knowledge companion", using the names in `content()` and the glossary terms of spec
section 2. A seat's VIEW, when given, names what lies on a space and which prompt an answer is
for; the view holds only what that seat may know, so a label never reveals a secret.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import Command, Data
from engine.core.language import language_key

from .content import content
from .log import ATTRIBUTE_NAMES, DECK_NAMES, SCORE_CATEGORIES, tile_name
from .places import settlement_of, settlements

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "activate_self": "Activate your character ({name})", "activate_self_plain": "Activate your character",
        "activate": "Activate {card}", "from_potential": "{text} (paid from potential)",
        "move": "Move to {to} ({steps} steps)", "move_one": "Move to {to} (1 step)",
        "surrounded": "{text}, surrounded: {step}", "relocate": "{text}, then cross to {to}",
        "fly": "Fly to {to}", "visit": "Visit {place}", "units": "{text} ×{n}",
        "control_first": "{text}, taking control first", "choice": "{text}: {choice}",
        "discipline": "{text} (1 conviction for 1 {kind})", "companion_of": "{kind} companion",
        "rest": "Rest: {step}", "end_turn": "End turn", "upgrade": "Upgrade to {kind}",
        "proficiency": "Buy a proficiency tile ({kind})", "discard_proficiency": "Discard a proficiency tile ({kind})",
        "recover": "Recover influence from {place}", "vindicate": "Vindicate", "use": "Use {card}",
        "control": "Control {place}", "build": "Build on the building site {area}",
        "dig": "Dig up the hidden ruins on {area}", "rune_ingenuity": "{rune}: a block from potential onto {card}",
        "rune_devotion": "{rune}: 2 conviction for an extra visit", "rune": "Use the {rune}",
        "place": "{tile} ({space})", "slot": "{settlement}, slot {n}",
        "your_character": "your character", "draw2": "Draw 2 quests", "draw3": "Draw 3 quests",
        "faceup": "Take the face-up card", "blind": "Draw blind", "empowered": "Empowered draw (1 conviction)",
        "stop": "Stop", "done": "Done", "decline": "Decline", "keep": "Keep the result", "roll": "Roll again",
        "take": "Take", "take_trigger": "Take the trigger token", "let_die": "Let it die",
        "save": "Save it (1 conviction)", "take_map": "Take a rune map", "donate": "Donate the {rune} (5 honor)",
        "nothing": "Nothing", "n_attr": "{n} {kind}", "pay": "Pay {what}",
        "with_conviction": "{kind} (with conviction)",
        "charges": "{n} charges", "charge": "1 charge", "order": "Top first: {cards}", "trigger_use": "Use {card}",
        "reroll": "Reroll with {card}", "prevent": "Prevent with {card}", "deck": "the {deck} deck",
        "villages_bag": "the villages bag", "sep": ", ",
    },
    "zh": {
        "activate_self": "啟用角色（{name}）", "activate_self_plain": "啟用角色",
        "activate": "啟用 {card}", "from_potential": "{text}（以潛能支付）",
        "move": "移動到 {to}（{steps} 步）", "move_one": "移動到 {to}（1 步）",
        "surrounded": "{text}，遭包夾：{step}", "relocate": "{text}，再轉移至 {to}",
        "fly": "飛往 {to}", "visit": "造訪{place}", "units": "{text} ×{n}",
        "control_first": "{text}，先控制地區", "choice": "{text}：{choice}",
        "discipline": "{text}（以 1 點信念代替 1 點{kind}）", "companion_of": "{kind}夥伴",
        "rest": "休息：{step}", "end_turn": "結束回合", "upgrade": "屬性升級為{kind}",
        "proficiency": "購買{kind}屬性專精板塊", "discard_proficiency": "棄置{kind}屬性專精板塊",
        "recover": "從{place}恢復影響力", "vindicate": "重返榮耀", "use": "使用 {card}",
        "control": "控制地區{place}", "build": "在建築工地 {area} 建造",
        "dig": "挖掘 {area} 的隱藏遺跡", "rune_ingenuity": "{rune}：從潛能放 1 個方塊到 {card}",
        "rune_devotion": "{rune}：花 2 點信念多造訪一次", "rune": "使用{rune}",
        "place": "{tile}（{space}）", "slot": "{settlement}第 {n} 格",
        "your_character": "你的角色", "draw2": "抽 2 張秘密任務", "draw3": "抽 3 張秘密任務",
        "faceup": "拿取翻開的卡牌", "blind": "盲抽", "empowered": "充能抽牌（1 點信念）",
        "stop": "停止", "done": "完成", "decline": "放棄", "keep": "保留結果", "roll": "再擲一次",
        "take": "拿取", "take_trigger": "拿取觸發指示物", "let_die": "任其陣亡",
        "save": "救下（1 點信念）", "take_map": "拿取一張符文地圖", "donate": "捐出{rune}（5 榮耀）",
        "nothing": "不獲得", "n_attr": "{n} 點{kind}", "pay": "支付 {what}", "with_conviction": "{kind}（以信念支付）",
        "charges": "{n} 點充能", "charge": "1 點充能", "order": "由上而下：{cards}", "trigger_use": "使用 {card}",
        "reroll": "以 {card} 重擲", "prevent": "以 {card} 阻止", "deck": "{deck}牌堆",
        "villages_bag": "村莊袋", "sep": "、",
    },
}
STEPS = {
    "en": {"pot_to_inf": "Augment potential → influence", "inf_to_conv": "Augment influence → conviction",
           "conv_to_inf": "Dilute conviction → influence", "inf_to_pot": "Dilute influence → potential"},
    "zh": {"pot_to_inf": "強化能力（潛能 → 影響力）", "inf_to_conv": "強化能力（影響力 → 信念）",
           "conv_to_inf": "弱化能力（信念 → 影響力）", "inf_to_pot": "弱化能力（影響力 → 潛能）"},
}
# What each prompt asks (`Vindication.describe_prompt`), a title above its answers.
PROMPTS = {
    "en": {"turn": "your turn", "augment": "augment", "blind_keep": "a card drawn blind to keep",
           "bonus_roll": "roll the attribute die again", "build_tile": "the region to build",
           "character": "your character", "charge_relic": "a relic to charge",
           "check_conversions": "making up the attribute check", "dilute": "dilute",
           "draw_mode": "how to draw", "elite": "the elite", "end_trigger": "an end-trigger card",
           "forced_recover": "where to recover influence from", "gain": "the attribute to gain",
           "influence_target": "where the influence goes", "initial_charge": "the new relic's charges",
           "leadership": "Rune of Leadership", "monster_die": "the monster die",
           "on_join": "an on-join ability", "peek_deck": "a deck to look at",
           "peek_order": "the order of the top cards", "pick_card": "the card to take",
           "place_on_companion": "the companion for the block", "preconfigure": "the village tiles",
           "proficiency_kind": "a proficiency tile", "quest_draw": "secret quests to draw",
           "quest_keep": "the secret quest to keep", "remove_block": "a block to remove",
           "return_block": "a block to take back", "reuse": "an ability to use again",
           "save_companion": "saving the companion", "temple": "Temple of Legends",
           "trigger": "an ability", "trigger_order": "the order of the abilities",
           "trigger_token": "the trigger token"},
    "zh": {"turn": "你的回合", "augment": "強化能力", "blind_keep": "保留一張盲抽的卡牌",
           "bonus_roll": "再擲一次屬性骰", "build_tile": "要建造的地區板塊",
           "character": "你的角色板塊", "charge_relic": "為聖物卡充能",
           "check_conversions": "補足屬性檢定", "dilute": "弱化能力",
           "draw_mode": "抽牌方式", "elite": "菁英", "end_trigger": "結束觸發卡",
           "forced_recover": "從哪裡恢復影響力", "gain": "要獲得的屬性",
           "influence_target": "影響力放到哪裡", "initial_charge": "新聖物卡的充能",
           "leadership": "領導符文", "monster_die": "怪物骰",
           "on_join": "加入時觸發的能力", "peek_deck": "要查看的牌堆",
           "peek_order": "牌堆頂卡牌的順序", "pick_card": "要拿取的卡牌",
           "place_on_companion": "放方塊的夥伴", "preconfigure": "村莊與小村的地區板塊",
           "proficiency_kind": "屬性專精板塊", "quest_draw": "要抽的秘密任務",
           "quest_keep": "要保留的秘密任務", "remove_block": "要移除的方塊",
           "return_block": "要取回的方塊", "reuse": "再次使用的能力",
           "save_companion": "救下夥伴", "temple": "傳說神殿",
           "trigger": "觸發能力", "trigger_order": "能力的結算順序",
           "trigger_token": "觸發指示物"},
}
MONSTER_DIE_PROMPTS = ("monster_die",)
PREVENT_PROMPTS = ("save_companion",)
TRIGGER_PROMPTS = ("trigger", "on_join", "trigger_order", "reuse")


def describe_command(command: Command | str, language: str = "en", view: Data | None = None) -> str:
    """``command`` in words; ``view`` (the deciding seat's) names tiles on spaces and the prompt."""
    cmd = Command.parse(command) if isinstance(command, str) else command
    lang = language_key(language)
    return _Labeller(lang, view).command(cmd)


class _Labeller:
    def __init__(self, lang: str, view: Data | None) -> None:
        self.lang = lang
        self.words = WORDS[lang]
        self.view = view or {}
        prompt = self.view.get("prompt") or {}
        self.prompt = prompt.get("kind", "") if isinstance(prompt, dict) else ""

    def w(self, key: str, **fields: Any) -> str:
        return self.words[key].format(**fields)

    def text(self, named: Any) -> str:
        return named.zh if self.lang == "zh" else named.en

    # -- names -----------------------------------------------------------------------------------
    def attr(self, kind: str) -> str:
        return ATTRIBUTE_NAMES[self.lang].get(kind, kind)

    def name(self, value: Any) -> str:
        """The player-facing name of any id an answer or argument may hold."""
        c = content()
        if isinstance(value, int):
            return str(value)
        value = str(value)
        if value in c.cards:
            return self.text(c.cards[value].name)
        characters = {ch.id: ch for ch in c.characters}
        if value in characters:
            return self.text(characters[value].name)
        if value in c.quests:
            return self.text(c.quests[value].name)
        if value in c.end_triggers:
            return self.text(c.end_triggers[value].text)
        if value in c.regions:
            return self.text(c.regions[value].name)
        runes = {r.id: r for r in c.module.runes}
        if value in runes:
            return self.text(runes[value].name)
        if value in DECK_NAMES[self.lang]:
            return self.w("deck", deck=DECK_NAMES[self.lang][value])
        if value in ATTRIBUTE_NAMES[self.lang]:
            return self.attr(value)
        if value in STEPS[self.lang]:
            return STEPS[self.lang][value]
        if value == "self":
            return self.w("your_character")
        if value == "villages_bag":
            return self.w("villages_bag")
        return self.place(value)

    def place(self, space: str) -> str:
        """A region space, village slot or Isle area, with the tile on it when the view shows one."""
        where = space
        home = settlement_of(space)
        if home in settlements():
            where = self.w("slot", settlement=self.text(settlements()[home].name), n=space.split("/", 1)[1])
        region = (self.view.get("regions") or {}).get(space)
        tile = region.get("tile") if isinstance(region, dict) else None
        if tile in content().regions:   # "the Inn", "the Fear Gauntlet", "Venfero's Secret"
            return self.w("place", tile=tile_name(tile, self.lang, article=True), space=where)
        return where

    def attributes(self, kinds: tuple[Any, ...]) -> str:
        """("S", "S", "K") → "2 strength, 1 knowledge"; "K@discipline" → "knowledge (with conviction)"."""
        if not kinds:
            return self.w("nothing")
        parts = []
        for kind, n in Counter(str(k) for k in kinds).items():
            base, _, how = kind.partition("@")
            text = (self.w("n_attr", n=n, kind=self.attr(base)) if base in ATTRIBUTE_NAMES[self.lang]
                    else self.name(base))
            parts.append(self.w("with_conviction", kind=text) if how == "discipline" else text)
        return self.words["sep"].join(parts)

    # -- commands --------------------------------------------------------------------------------
    def command(self, cmd: Command) -> str:
        verb, args = cmd.verb, cmd.args
        first = args[0] if args else None
        if verb == "answer":
            return self.answer(first)
        if verb == "activate":
            if first == "self":
                text = self.activate_self(cmd.seat)
            else:
                text = self.w("activate", card=self.name(first))
            return self.w("from_potential", text=text) if cmd.get("from_potential", 0) else text
        if verb in ("move", "fly"):
            return self.movement(cmd)
        if verb == "visit":
            return self.visit(cmd)
        if verb == "rest":
            step = self.name(first)
            return self.w("rest", step=step[:1].lower() + step[1:] if self.lang == "en" else step)
        if verb in ("upgrade", "proficiency", "discard_proficiency"):
            text = self.w(verb, kind=self.attr(str(first)))
            discipline = cmd.get("discipline")
            return self.w("discipline", text=text, kind=self.attr(str(discipline))) if discipline else text
        if verb == "recover":
            return self.w("recover", place=self.name(first))
        if verb == "use":
            return self.w("use", card=self.name(first))
        if verb == "control":
            return self.w("control", place=self.place(str(first)))
        if verb in ("build", "dig"):
            return self.w(verb, area=first)
        if verb == "rune":
            rune = self.name(first)
            if first == "ingenuity" and len(args) > 1:
                return self.w("rune_ingenuity", rune=rune, card=self.name(args[1]))
            return self.w("rune_devotion", rune=rune) if first == "devotion" else self.w("rune", rune=rune)
        if verb in ("end_turn", "vindicate"):
            return self.w(verb)
        return str(cmd)

    def activate_self(self, seat: int | None) -> str:
        players = self.view.get("players") or []
        player = next((p for p in players if p.get("seat") == seat), None) if seat is not None else None
        if player is None and self.view.get("turn"):
            player = next((p for p in players if p.get("seat") == self.view["turn"].get("seat")), None)
        if player and player.get("character"):
            return self.w("activate_self", name=self.name(player["character"]))
        return self.w("activate_self_plain")

    def movement(self, cmd: Command) -> str:
        first = cmd.args[0] if cmd.args else ""
        if cmd.verb == "fly":
            text = self.w("fly", to=first)
        else:
            path = first if isinstance(first, tuple) else (first,)
            steps = len(path) - 1
            text = self.w("move_one", to=path[-1]) if steps == 1 else self.w("move", to=path[-1], steps=steps)
        dilute = cmd.get("dilute")
        if cmd.get("extension", 0) and dilute not in (None, "none"):
            text = self.w("surrounded", text=text, step=self.name(dilute))
        relocate = cmd.get("relocate")
        if relocate not in (None, "none"):
            port = content().module.port_name
            text = self.w("relocate", text=text, to=self.text(port) if relocate == "port" else relocate)
        return text

    def visit(self, cmd: Command) -> str:
        space = str(cmd.args[0]) if cmd.args else ""
        text = self.w("visit", place=self.place(space))
        choice = cmd.get("choice")
        if choice is not None:
            region = (self.view.get("regions") or {}).get(space)
            tile = region.get("tile") if isinstance(region, dict) else None
            if tile == "inn" and choice in ATTRIBUTE_NAMES[self.lang]:
                chosen = self.w("companion_of", kind=self.attr(str(choice)))
            else:
                chosen = self.answer_word(str(choice))
            text = self.w("choice", text=text, choice=chosen)
        units = cmd.get("units", 0)
        if units:
            text = self.w("units", text=text, n=units)
        if cmd.get("control_first", 0):
            text = self.w("control_first", text=text)
        discipline = cmd.get("discipline")
        if discipline:
            text = self.w("discipline", text=text, kind=self.attr(str(discipline)))
        return text

    # -- answers ---------------------------------------------------------------------------------
    def answer(self, value: Any) -> str:
        if isinstance(value, tuple):
            if self.prompt == "peek_order":
                return self.w("order", cards=self.words["sep"].join(self.name(v) for v in value))
            text = self.attributes(value)
            return self.w("pay", what=text) if self.prompt == "check_conversions" and value else text
        if isinstance(value, int):
            if self.prompt in ("initial_charge", "charge_relic"):
                return self.w("charge") if value == 1 else self.w("charges", n=value)
            return str(value)
        return self.answer_word(str(value))

    def answer_word(self, value: str) -> str:
        if value == "take" and self.prompt == "trigger_token":
            return self.w("take_trigger")
        if value.startswith("donate_"):
            return self.w("donate", rune=self.name(value.removeprefix("donate_")))
        if value in ("draw2", "draw3", "faceup", "blind", "empowered", "stop", "done", "decline", "keep",
                     "roll", "take", "let_die", "save", "take_map"):
            return self.w(value)
        if value in content().cards:
            if self.prompt in MONSTER_DIE_PROMPTS:
                return self.w("reroll", card=self.name(value))
            if self.prompt in PREVENT_PROMPTS:
                return self.w("prevent", card=self.name(value))
            if self.prompt in TRIGGER_PROMPTS:
                return self.w("trigger_use", card=self.name(value))
        return self.name(value)


def describe_prompt(kind: str, language: str = "en") -> str:
    """A pending decision's title in ``language``; an unknown kind reads as its words."""
    return PROMPTS[language_key(language)].get(kind) or kind.replace("_", " ")


def score_category_name(category: str, language: str = "en") -> str | None:
    """The score table's rows: honor before scoring, each scoring category, the total; None for
    another category (the core's words)."""
    return SCORE_CATEGORIES[language_key(language)].get(category)


def seat_summaries(view: Data, language: str = "en") -> list[Data]:
    """Each player's board as plain data with names, from one seat's VIEW (hidden stays hidden:
    another player's quest is only ``"hidden"`` there, so ``quest`` is None for it)."""
    lang = language_key(language)
    c = content()
    labeller = _Labeller(lang, view)
    characters = {ch.id: ch for ch in c.characters}
    runes = {r.id: r for r in c.module.runes}
    summaries: list[Data] = []
    for p in view.get("players") or []:
        quest = p.get("quest")
        character = characters.get(p.get("character") or "")
        mount = c.mounts.get(p.get("mount", 1))
        summaries.append({
            "seat": p["seat"], "colour": p.get("colour", ""),
            "character": labeller.text(character.name) if character else "",
            "vindicated": bool(p.get("vindicated")), "honor": p.get("honor", 0),
            "power": [(zone, p.get(zone, 0)) for zone in ("potential", "influence", "conviction")],
            "attributes": [(kind, labeller.attr(kind), n, p["proficiencies"].get(kind, 0))
                           for kind, n in p["attrs"].items()],
            "mount": p.get("mount", 1), "mount_name": labeller.text(mount.name) if mount else "",
            "speed": mount.speed if mount else 0,
            "companions": [(labeller.name(x["id"]), x["blocks"]) for x in p.get("companions", [])],
            "relics": [(labeller.name(x["id"]), x["charges"]) for x in p.get("relics", [])],
            # the cards' ids, in the order above: a player board names its drag pieces by them
            "companion_ids": [x["id"] for x in p.get("companions", [])],
            "relic_ids": [x["id"] for x in p.get("relics", [])],
            "traits": [labeller.name(x) for x in p.get("traits", [])],
            "monsters": [labeller.name(x) for x in p.get("monsters", [])],
            "runes": [labeller.text(runes[r].name) if r in runes else str(r) for r in p.get("runes", [])],
            "rune_map": bool(p.get("rune_map")),
            "trigger_tokens": list(p.get("trigger_tokens", [])),
            "quest": labeller.name(quest) if quest in c.quests else None,
            "has_quest": bool(quest),
        })
    return summaries
