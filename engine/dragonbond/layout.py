"""Valerna's drawing for the generic table (`Game.board_layout`, the contract of `engine.core.table`),
built from map.yaml through the content loader (`content().map`): nothing here reads a file.

Scale 1: coordinates are the file's scene units (1200 × 800, y downward). The twelve regions are
``polygon`` spaces whose ids are the region ids (map order), named in the chosen language. A
region's name is a label above its ``label_pos``; its pieces stand in rows around ``label_pos``
(the space's ``x``/``y``), inside the region's layout circle. A city site carries a small
"City site" mark near the bottom of that circle (``exits``: a text that answers for its region).
Each mountain border (``mountain_borders[].edge``) is a ``border``: a thick dark ridge over the
two regions, which is no space (nothing to click or hover).

Only texts differ between the two languages; the geometry is the same.
"""
from __future__ import annotations

from functools import cache

from engine.core import Config, Data, plain
from engine.core.language import is_chinese, language_key

from .content import content

LANGS = ("en", "zh")
SCALE = 1
LABEL_RISE = 0.5      # the name sits this share of the layout radius above label_pos
PIECES_RISE = 0.05    # the pieces' row, a little above label_pos (markers go below it)
SITE_DROP = 0.85      # the city-site mark, this share of the radius below label_pos
RIDGE_WIDTH = 8       # scene units

WORDS: dict[str, tuple[str, str]] = {
    "site": ("City site", "城市建地"),
    "site_name": ("{name} (city site)", "{name}（城市建地）"),
}


def _word(key: str, lang: str) -> str:
    return WORDS[key][LANGS.index(lang)]


def region_name(region: str, language: str = "en") -> str:
    """A region's name in ``language`` (the content's ``name.en`` / ``name.zh_TW``)."""
    name = content().map.regions[region].name
    return str(name.zh_TW or name.en) if is_chinese(language) else str(name.en)


def board_layout(config: Config | None = None, language: str = "en") -> Data:
    """The drawing of Valerna: its twelve regions, their names and city sites, and the mountain
    ridges (the same for every mode and player count)."""
    return plain.thaw(plain.freeze(_layout(language_key(language))))


@cache
def _layout(lang: str) -> Data:
    valerna = content().map
    spaces: list[Data] = []
    labels: list[Data] = []
    for region_id in valerna.order:
        region = valerna.regions[region_id]
        x, y = region.label_pos
        radius = region.layout_radius
        name = region_name(region_id, lang)
        space: Data = {"id": region_id, "shape": "polygon", "group": "region",
                       "name": _word("site_name", lang).format(name=name) if region.city_site else name,
                       "points": [[px, py] for px, py in region.polygon],
                       "x": x, "y": round(y - radius * PIECES_RISE, 1)}
        if region.city_site:
            space["exits"] = [{"text": _word("site", lang), "x": x, "y": round(y + radius * SITE_DROP, 1)}]
        spaces.append(space)
        labels.append({"text": name, "x": x, "y": round(y - radius * LABEL_RISE, 1)})
    borders = [{"points": [list(a), list(b)], "look": "dark", "width": RIDGE_WIDTH}
               for a, b in (border.edge for border in valerna.mountain_borders)]
    return {"scale": SCALE, "spaces": spaces, "labels": labels, "borders": borders}


__all__ = ["board_layout", "region_name"]
