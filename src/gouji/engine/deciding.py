"""How a driver below the bots asks a bot for its action: one call, the bots' own.

Every driver asks a bot through :func:`gouji.bots.basic.decide`, which gives a searching bot
its determinizer. A driver in a lower wing (a district match, :mod:`gouji.rules.district.match`)
may not import the bots; it asks :func:`ask`, which calls the ``decide`` that
:mod:`gouji.bots.basic` registers when it is imported (any bot object of gouji's comes with it).
Before any bot module is imported, a bot is asked its plain ``choose``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.game import Game

_decide: Callable[[Any, Game], Action] | None = None


def register_decide(decide: Callable[[Any, Game], Action]) -> None:
    """The call through which :func:`ask` asks bots (``gouji.bots.basic.decide``)."""
    global _decide
    _decide = decide


def ask(bot: Any, game: Game) -> Action:
    """The action ``bot`` takes for the game's current player, asked as every driver asks it."""
    if _decide is not None:
        return _decide(bot, game)
    seat = game.current_player
    if seat is None:
        raise GoujiError("the game is over: no seat is to decide")
    action: Action = bot.choose(game.observation(seat), game.variant)
    return action
