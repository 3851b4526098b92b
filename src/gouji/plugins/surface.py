"""The plugin surface: what a plugin may read of a game, and how it may change one.

Hooks, phases and policies receive the live game. They see it as a
:class:`PluginGame`: the narrow, documented part of :class:`gouji.engine.game.Game`
that house rules build on. Everything else a game holds (how hands are stored,
the queue of seats to answer, the seat deciding now, counters) is the engine's
own and may change between releases; a plugin written against
:class:`PluginGame` keeps working when it does.

Two rules:

* **Read** through the members below. What a query returns is a fresh copy
  (``hand``, ``cards_of``, ``answering`` …); collections the game keeps
  (``events``, ``history``, ``open_sets``) are typed read-only (``Sequence``,
  ``Mapping``): never change them in place.
* **Change** only through the methods below (``transfer``, ``retire``,
  ``reorder_answering`` …). Each checks its arguments and raises a
  :class:`~gouji.errors.GoujiError` for a bad one, leaving the game unchanged.
  A plugin keeps state of its own in :meth:`PluginGame.plugin_state`, never in
  attributes it sets on the game.

:class:`gouji.engine.game.Game` satisfies this protocol; the type checker holds the
built-in rulebooks (``gouji.rules``) to it, and ``tests/plugins/test_plugin_surface.py``
checks that they touch nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

# What PluginGame.decision answers, importable from here.
from gouji.engine.round import LEAD, OVER, PHASE, RESPOND

if TYPE_CHECKING:
    import random

    from gouji.engine.actions import Action
    from gouji.engine.cards import Card
    from gouji.engine.context import GameContext
    from gouji.engine.events import Event
    from gouji.engine.game import Observation
    from gouji.engine.opening import Cut, Deal
    from gouji.engine.phases import Phase
    from gouji.engine.plays import Play
    from gouji.plugins.variant import Variant

__all__ = ["LEAD", "OVER", "PHASE", "RESPOND", "PluginGame"]


class PluginGame(Protocol):
    """A game as plugins see it (:mod:`gouji.plugins.surface`): read with the properties and
    queries, change with the change methods. :class:`gouji.engine.game.Game` is one."""

    # -- what the game is --------------------------------------------------------------
    @property
    def variant(self) -> Variant:
        """The variant being played: its ``options``, ``table`` and set rules."""

    @property
    def context(self) -> GameContext:
        """Where this game stands in its series (what the previous game carried over)."""

    @property
    def rng(self) -> random.Random:
        """The game's seeded random source: a plugin that draws lots draws from it, so
        records replay (never from the global ``random``)."""

    @property
    def cut(self) -> Cut | None:
        """The cut (开牌), or ``None`` before it (pre-cut phases)."""

    @property
    def deal(self) -> Deal | None:
        """The deal (摸牌): every card in the order drawn, or ``None`` before it."""

    @property
    def position(self) -> tuple[tuple[tuple[Card, ...], ...], int] | None:
        """The six hands and the leader of a game started from a given position, else ``None``."""

    @property
    def first_leader(self) -> int | None:
        """The seat that leads once the pre-play phases end (:meth:`set_first_leader`)."""

    # -- what happened -------------------------------------------------------------------
    @property
    def history(self) -> Sequence[Action]:
        """Every action taken so far, in order (read only)."""

    @property
    def events(self) -> Sequence[Event]:
        """The log so far, in order (read only; add with :meth:`log`)."""

    @property
    def is_over(self) -> bool:
        """True once every place is decided."""

    @property
    def is_void(self) -> bool:
        """Was the game declared void (作废, :meth:`void`)?"""

    @property
    def finish_order(self) -> list[int]:
        """Seats in place order, first out first (complete once the game is over)."""

    @property
    def outs(self) -> int:
        """How many seats have gone out from the top (头科, 二科 …) so far."""

    @property
    def melee(self) -> bool:
        """END-5: has the melee (四户乱缠) begun?"""

    @property
    def opened(self) -> frozenset[int]:
        """TRIB-5: the seats that have opened (开点) so far."""

    @property
    def open_sets(self) -> Mapping[int, Sequence[Play]]:
        """TRIB-5: the sets that opened, per seat, in the order they stood (read only)."""

    def seat_in_place(self, place: int) -> int | None:
        """The seat that holds place ``place`` (0 = 头科 … 5 = 大落), ``None`` while it is free."""

    # -- the decision now ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to decide now, or ``None`` once the game is over."""

    @property
    def decision(self) -> str:
        """What is being decided now: ``LEAD`` (a lead), ``RESPOND`` (an answer to the
        set on the table), ``PHASE`` (a phase's choice) or ``OVER``."""

    @property
    def table(self) -> Play | None:
        """The set to beat, or ``None`` when nobody has played in this round yet."""

    @property
    def table_owner(self) -> int | None:
        """The seat whose set is :attr:`table`."""

    @property
    def table_anchor(self) -> int | None:
        """The seat whose set :attr:`table` counts as for who answers it (END-3: a player's
        last set may count as another's, ``gouji_last_set_owner``); ``None`` with no set."""

    @property
    def gouji_restricted(self) -> bool:
        """GOUJI-2: only the anchor's opposite answers the set on the table; anyone else who
        covers it burns (BURN-1)."""

    def answering(self) -> tuple[int, ...]:
        """The seats still to answer the set on the table, in the order they will be asked;
        the first is :attr:`current_player`. Empty when nobody answers (a lead, a phase)."""

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now."""

    # -- seats and cards -------------------------------------------------------------------
    def in_play(self, seat: int) -> bool:
        """Is ``seat`` still playing (not out, not retired)?"""

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds (a retired seat keeps its cards)."""

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now, as a bot is shown it (the organiser's matches play bots)."""

    def rank_count(self, seat: int, rank: int) -> int:
        """How many cards of ``rank`` (``gouji.engine.cards.THREE`` … ``BIG_JOKER``) ``seat`` holds."""

    def rank_counts(self, seat: int) -> tuple[int, ...]:
        """``seat``'s cards per rank, indexed by rank (``THREE`` … ``BIG_JOKER``; indexes below
        3 are 0): an immutable tuple, cheap to ask on every decision."""

    def cards_of(self, seat: int, rank: int) -> list[Card]:
        """The cards of ``rank`` that ``seat`` holds, smallest suit first (a fresh list)."""

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, biggest first (a fresh list)."""

    def hand_counts(self, seat: int) -> dict[int, int]:
        """``{rank: how many}`` of ``seat``'s hand (a fresh dict)."""

    def next_in_play(self, seat: int) -> int:
        """The next seat after ``seat`` in turn order that still plays."""

    def is_burner(self, seat: int) -> bool:
        """BURN-1: has ``seat`` burned, so that its sets must carry jokers until its last?"""

    def has_head(self, seat: int) -> bool:
        """Has ``seat`` an opposite (有头), in play or kept as a head (:meth:`keep_head`)?"""

    def is_headless(self, seat: int) -> bool:
        """END-2: is ``seat`` in play with no opposite (无头)?"""

    def is_kept_head(self, seat: int) -> bool:
        """Does ``seat``, out of play, still count as its opposite's head (:meth:`keep_head`)?"""

    def dead_gouji_left(self, seat: int) -> int:
        """How many gouji sets nobody may answer (够死级) ``seat`` may still play."""

    # -- changes ---------------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Carry out a legal action, or a referee's action (see :meth:`gouji.Game.apply`)."""

    def log(self, kind: str, seat: int | None, rule: str, play: Play | None = None, detail: str = "",
            visible_to: Iterable[int] | None = None) -> None:
        """Add an event to the log; ``visible_to`` limits which seats see it."""

    def transfer(self, giver: int, receiver: int, card: Card) -> None:
        """Move one card between hands (tribute, buying 3s)."""

    def set_aside(self, seat: int, card: Card, rule: str = "", reason: str = "") -> None:
        """Take a card out of a hand and out of play, onto the pile (会3, OPEN-4)."""

    def retire(self, seat: int, place: int | None = None, rule: str = "", reason: str = "",
               kind: str = "retired") -> None:
        """Take a seat out of play with its cards, into ``place`` (default: the lowest free)."""

    def move_retired(self, seat: int, place: int, rule: str = "", reason: str = "") -> None:
        """Move a retired seat to another free place (one that went out by playing its cards
        keeps its place: refused)."""

    def void(self, rule: str = "", reason: str = "") -> None:
        """End the game at once without a result (该局作废)."""

    def keep_head(self, seat: int, in_play: bool = True) -> None:
        """Let ``seat``, out of play, still count as its opposite's head."""

    def release_head(self, seat: int) -> None:
        """Undo :meth:`keep_head`: the opposite becomes headless."""

    def grant_dead_gouji(self, seat: int, count: int) -> None:
        """Give ``seat`` the right to play ``count`` gouji sets nobody may answer (够死级)."""

    def set_first_leader(self, seat: int) -> None:
        """Name who leads once the pre-play phases end."""

    def add_cut_carry(self, key: str, value: Any) -> None:
        """Tell the cut what a pre-cut phase decided (``gouji_precut_phases``)."""

    def add_phase(self, phase: Phase) -> None:
        """Hand a decision to some seat now; the game resumes where it stood afterwards."""

    def pass_lead(self, rule: str = "", reason: str = "") -> None:
        """The player to lead loses the lead to the next player in play (REF-3)."""

    def force_decline(self) -> None:
        """The player to answer declines without choosing (a close with the last word, else a pass)."""

    def reorder_answering(self, order: Sequence[int]) -> None:
        """Ask the seats still to answer the set on the table in ``order`` instead: the same
        seats as :meth:`answering`, each once (T's 同伙同意: teammates burn first). The first
        of ``order`` decides next. Anything else is refused with a
        :class:`~gouji.errors.GoujiError` and changes nothing."""

    def add_stat(self, name: str, amount: int = 1) -> None:
        """Add ``amount`` to the game's counter ``name`` (``simulate`` sums them, e.g. ``failed_burns``)."""

    def plugin_state(self, name: str) -> dict[str, Any]:
        """The private state of plugin ``name`` in this game: a dict the plugin reads and
        changes as it likes, created empty on first use. Cloning the game copies the
        dict (shallowly: keep its values immutable), and a refused action restores it."""
