"""Control of regions (DRG-CONTROL): computed from the board whenever needed, never stored."""
from __future__ import annotations

from engine.core import Data


def controller(data: Data, region: str) -> str | None:
    """DRG-CONTROL-1..4: the general with units there and no other party's or neutral unit; else None."""
    here = data["regions"][region]
    if here["neutral"]:
        return None
    present = [ch for ch, units in here["units"].items() if sum(units.values()) > 0]
    return present[0] if len(present) == 1 else None
