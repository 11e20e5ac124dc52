"""Names of the places a player can visit: main-board spaces (``R07``), village and hamlet slots
(``venfero_secret/3``) and Forgotten Isle areas (``A2``), all keys of ``data["regions"]``."""
from __future__ import annotations

from .content import Settlement, content


def slot_id(settlement: str, index: int) -> str:
    return f"{settlement}/{index}"


def settlement_of(place: str) -> str | None:
    return place.split("/")[0] if "/" in place else None


def settlements() -> dict[str, Settlement]:
    return {s.id: s for s in content().module.settlements}


def is_main_space(place: str) -> bool:
    return place in content().board.regions
