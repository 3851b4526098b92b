"""Phases: decisions a plugin adds between the deal and the first lead.

Tribute, revolution, buying 3s: each is a :class:`Phase` that the game runs
inside its single action loop, so every choice is an action that
``legal_actions()`` lists and ``apply()`` checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.plugins.surface import PluginGame


class Phase(Protocol):
    """A step of decisions before play.

    A phase must be deterministic and hold only plain data (the game copies
    it with :func:`copy.deepcopy` when it is cloned). ``start`` and
    ``visible_to`` are optional.
    """

    #: Shown in the log and in errors, for example ``"tribute"``.
    name: str
    # Optional, like start and visible_to: ``rule``, the ID of the rule the log line of each
    # choice cites (``"OPEN-5"``); without it the line cites none. An action of the phase may
    # name its own ``rule`` (a return of tribute, TRIB-2), which the line cites instead.

    def actor(self, game: PluginGame) -> int | None:
        """The seat to decide now (0-5, an ``int`` and not a ``bool``), or ``None`` when the phase is
        finished; anything else is a :class:`~gouji.errors.PluginError` naming the phase."""

    def legal_actions(self, game: PluginGame) -> Sequence[Action]:
        """The actor's choices; never empty while ``actor`` is not ``None``."""

    def apply(self, game: PluginGame, action: Action) -> None:
        """Carry out a legal action; may move cards with ``game.transfer``."""

    # The optional methods: a Protocol cannot mark a member optional, so the
    # type checker does not see them (a phase without them still is a Phase);
    # the docs, built at run time, do. The game looks them up with getattr.
    if not TYPE_CHECKING:

        def start(self, game: PluginGame) -> None:
            """Optional: work that needs no decision, done once when the phase begins
            (会4 always on sets every 4 aside here). A phase without decisions has
            ``actor`` answer ``None`` from the start."""

        def visible_to(self, game: PluginGame, action: Action) -> Iterable[int] | None:
            """Optional: the seats that see this choice in their observations (a card
            handed back face down); ``None`` or no such method: every seat."""
