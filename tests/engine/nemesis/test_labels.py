"""Commands in words for the buttons of the generic screen, in both languages."""
from __future__ import annotations

from engine.core import Match


def test_every_legal_command_has_words_in_both_languages_naming_what_it_acts_on() -> None:
    match = Match.new("nemesis", 2, mode="standard", seed=5, seats=["human", "human"])
    game = match.game
    seat = match.state.deciders()[0]
    drafts = [game.describe_command(c, "en", match.state.view(seat)) for c in match.state.legal(seat)]
    assert all(label[0].isupper() for label in drafts)          # "Survivor", not "survivor"
    while match.state.prompt.kind == "draft":
        match.apply(match.state.legal()[0])
    seat = match.state.deciders()[0]
    view = match.state.view(seat)
    for command in match.state.legal(seat):
        english = game.describe_command(command, "en", view)
        chinese = game.describe_command(command, "zh_TW", view)
        assert english and chinese and english != str(command)
        assert "." not in english.split("—")[-1] or command.verb == "answer"   # no raw card ids
        assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese)
    moves = [game.describe_command(c, "en", view) for c in match.state.legal(seat) if c.verb == "move"]
    assert moves and all(label.startswith("Move to Room ") and "pay: " in label for label in moves)


def test_places_in_commands_read_as_the_names_the_seat_sees() -> None:
    """Commands name hidden cards by place (c1, i0, h0, o1); the button reads what is there for the
    seat whose view it is, a Contamination card only as Contamination."""
    from engine.core import Command
    from engine.nemesis.content import content
    from tests.engine.nemesis.scenario import give, place, started
    match = started(2, characters=["sentry", "janitor"])
    place(match, 0, "R008", ["search.0", "CONT01", "rest.4"])
    give(match, 0, "medkit")
    game, view = match.game, match.state.view(0)
    words = {text: (game.describe_command(Command.parse(text), "en", view),
                    game.describe_command(Command.parse(text), "zh_TW", view))
             for text in ("0: pass discard=c1,c2", "0: drop i0", "0: drop h0", "0: answer i0/to1")}
    assert words["0: pass discard=c1,c2"] == ("Pass — discard: Contamination, Rest", "跳過 — 棄牌：污染卡, 休息")
    assert words["0: drop i0"] == ("Drop Medkit", "丟棄醫療包")
    assert words["0: drop h0"] == ("Drop SMG", "丟棄衝鋒槍")
    assert words["0: answer i0/to1"] == ("Medkit, to Player 2", "醫療包，給玩家 2")
    first = match.state.data["players"][0]["objectives"][0]
    assert game.describe_command(Command.parse("0: answer o0"), "en", view) == content().objectives[first].name.en
    assert all("CONT" not in en + zh for en, zh in words.values())


def test_every_verb_has_a_heading_and_the_score_categories_read_in_both_languages() -> None:
    """Game.describe_verb and score_category_name in the glossary's words (issue 13: Chinese
    screens showed English)."""
    from engine.nemesis.commands import HANDLERS
    from engine.nemesis.game import GAME
    for verb in HANDLERS:
        assert GAME.describe_verb(verb, "en")[0]
        assert any("\u4e00" <= ch <= "\u9fff" for ch in GAME.describe_verb(verb, "zh_TW")[0]), verb
    assert [GAME.score_category_name(c, "zh_TW") for c in ("survived", "objective", "won")] == [
        "存活", "達成目標", "獲勝"]


def test_command_options_read_as_words_not_keys() -> None:
    """Targets, weapons, decks, treatments and Room actions by their printed names (issue 13: a
    button read "Melee attack — pay: …; target=I1" in both languages)."""
    from engine.core import Command
    from engine.nemesis.game import GAME
    view = {"intruders": {"I1": {"type": "adult", "room": "R001"}}}
    cases = {
        "0: melee pay=rest.4, target=I1": ("at Adult (I1)", "目標：成蟲（I1）"),
        "0: shoot pay=rest.4, target=eggs weapon=stun_pistol": ("at the Eggs; with Stun Pistol",
                                                                "目標：蟲卵; 使用電擊手槍"),
        "0: card search.1 deck=red": ("from the red deck", "從紅色物品牌庫"),
        "0: room treat_wounds option=dress pay=rest.4,": ("Treat Wounds — dress a Serious Wound",
                                                         "包紮一張重傷"),
        "0: room take_equipment option=taser pay=rest.4,": ("Take Equipment — Taser", "電擊槍"),
    }
    for text, (english, chinese) in cases.items():
        command = Command.parse(text)
        en, zh = GAME.describe_command(command, "en", view), GAME.describe_command(command, "zh_TW", view)
        assert english in en and chinese in zh, (en, zh)
        assert "=" not in en + zh and "_" not in en + zh, (en, zh)


def test_tokens_objects_and_payments_read_as_words() -> None:
    """A Contingency token by where it lies and its colour once seen, an Egg in a Room by name,
    and how a Room action is paid (issue 13: buttons read "at neutral.1", "R011, egg", "option=items")."""
    from engine.core import Command
    from engine.nemesis.content import content
    from engine.nemesis.game import GAME
    token = content().tokens.contingency_tokens[0]
    colour = next(k for k in content().tokens.contingency_colours if k.colour == token.colour)
    view = {"neutral": ["hidden", token.id], "players": [{"contingency": 2}], "rooms": {}}
    cases = {
        "0: room contingency target=neutral.1 pay=rest.4,": (f"the Neutral Pool's {colour.name.en} Contingency token",
                                                              f"中立池的{colour.name.zh}應急措施標記"),
        "0: room contingency target=neutral.0 pay=rest.4,": ("the Neutral Pool's face-down Contingency token",
                                                              "中立池的面朝下的應急措施標記"),
        "0: room exterminate option=items pay=rest.4,": ("paying with the Item Counter", "以房間物品記數支付"),
        "0: card search.1 target=R011/egg": ("Egg", "蟲卵"),
    }
    for text, (english, chinese) in cases.items():
        command = Command.parse(text)
        en, zh = GAME.describe_command(command, "en", view), GAME.describe_command(command, "zh_TW", view)
        assert english in en and chinese in zh, (en, zh)
        assert "=" not in en + zh and "neutral." not in en + zh and "egg" not in en, (en, zh)
