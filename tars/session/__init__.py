"""A conversation with tars: the Session, its Turn, and the loop and model choice behind them."""

from __future__ import annotations

from tars.session.session import Session
from tars.session.turn import Turn

__all__ = ["Session", "Turn"]
