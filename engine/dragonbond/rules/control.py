"""Control of regions (DRG-CONTROL): computed from the board whenever needed, never stored."""
from __future__ import annotations

from engine.core import Data


def controller(data: Data, region: str) -> str | None:
    """DRG-CONTROL-1..4: the general with units there and no other party's or neutral unit; else None."""
    here = data["regions"][region]
    if here["neutral"]:
        return None
    found = None
    for ch, units in here["units"].items():
        if sum(units.values()) > 0:
            if found is not None:
                return None                                  # two parties: nobody controls it
            found = ch
    return found
