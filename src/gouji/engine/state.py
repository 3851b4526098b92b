"""What a game holds, declared once: every attribute of a :class:`gouji.engine.game.Game`, with its type.

A game's behaviour is split by subject: :class:`gouji.engine.round.RoundFlow` (how a
round flows) and :class:`gouji.engine.game.Game` (creation, the action loop, the
plugin API). Both read and change the same state, so it is declared here, in
the base class they share, and a type checker sees it from either side.
``Game._init_fields`` and ``RoundFlow._reset_round`` give it its values.
The declarations are annotations only: nothing here exists at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import random
    from collections import Counter
    from collections.abc import Callable, Mapping

    from gouji.engine.actions import Action
    from gouji.engine.burning import BurnPolicy
    from gouji.engine.cards import Card, Suit
    from gouji.engine.comparison import SetRules
    from gouji.engine.context import GameContext
    from gouji.engine.events import Event
    from gouji.engine.hold_three import HoldThreePolicy
    from gouji.engine.open_point import OpenPointPolicy
    from gouji.engine.opening import Cut, Deal
    from gouji.engine.phases import Phase
    from gouji.engine.plays import Play
    from gouji.engine.sets import CoverTables
    from gouji.engine.table import Table
    from gouji.engine.view_texts import ViewTexts
    from gouji.engine.views import ViewFacts
    from gouji.plugins.variant import Variant

__all__ = ["GameState"]


class GameState:
    """The declared state of a game (see the module's docstring)."""

    # -- what the game was made from ------------------------------------------
    variant: Variant
    seed: int
    context: GameContext
    #: The generator behind ``Game.rng``; shared with a clone until one of them draws.
    _rng: random.Random
    _rng_shared: bool
    #: Decisions made before the cut that the cut must know (``Game.add_cut_carry``).
    cut_carry: tuple[tuple[str, Any], ...]
    #: The six hands and the leader of a game started from a position, else None.
    position: tuple[tuple[tuple[Card, ...], ...], int] | None

    # -- the variant's rules and options, looked up once -------------------------
    _table: Table
    _rules: SetRules
    _order_after: dict[int, tuple[int, ...]]
    _burn: BurnPolicy
    _hold: HoldThreePolicy
    _hold_active: bool
    #: The hold-three policy does something after an action (``after_action`` overridden).
    _hold_after: bool
    _open_point: OpenPointPolicy
    _cover_sizes: Callable[[Play], tuple[int, ...]]
    #: The set rules' covers, cached (None: the rules are asked on every move).
    _covers: CoverTables | None
    #: The open-point policy reads who opened as the core does (``Game.opened``).
    _plain_open_point: bool
    _yield_allowed: bool
    _yield_opposite_only: bool
    _take_wind: bool
    _pass_rejoin_opposite: bool
    _pass_rejoin_when_left: int
    _gouji_min_players: int
    _last_set_rejoin: str
    _melee_after: int
    _melee_when_left: int
    _melee_pass: str
    _ask_forced: bool
    _forced_decline: bool
    _melee_ends_burn: bool
    _melee_last_word: bool
    _burn_decline_passes: str
    _melee_after_round: bool
    _dead_gouji_after: int
    _dead_gouji_burnable: bool
    #: Per decision of ``gouji.plugins.hookspecs.DECISIONS``: is the hook asked there?
    _forbidden_asked: tuple[bool, ...]
    _extra_asked: tuple[bool, ...]
    #: The callers of the hooks asked at every decision (``Variant.hook_caller``).
    _call_forbidden: Callable[[dict[str, Any]], Any]
    _call_extra: Callable[[dict[str, Any]], Any]
    _call_after: Callable[[dict[str, Any]], Any]
    _has_precut: bool
    _has_after_action: bool
    _guard_hooks: bool

    # -- the cards and the seats ------------------------------------------------
    #: ``hands[seat][rank]``: the suits of that rank the seat holds, a tuple replaced (never
    #: changed in place) when the hand changes, so that clones share it. Only the engine's
    #: own methods change hands (``transfer``, ``set_aside``, playing a set): they also forget
    #: the seat's counts in ``_count_cache`` and count the change in ``_hand_versions``.
    hands: list[list[tuple[Suit | None, ...]]]
    _count_cache: list[tuple[int, ...] | None]
    #: How many times each seat's hand has changed (with ``_count_cache``): a reader that kept
    #: what it wrote from a hand (a server's views) knows from it which hands to read again.
    _hand_versions: list[int]
    sizes: list[int]
    playing: list[bool]
    #: ``places[i]``: the seat in place i (0 = first out), None while undecided.
    places: list[int | None]
    outs: int
    melee: bool
    pile: list[Play]
    deck_size: int
    cut: Cut | None
    deal: Deal | None
    first_leader: int | None
    burners: dict[int, int]
    dead_gouji_rights: dict[int, int]
    kept_heads: set[int]
    #: Kept heads counted as in play (melee_when_left).
    heads_in_play: set[int]
    #: TRIB-5: the sets that opened (开点), per seat, in the order they stood.
    open_sets: dict[int, list[Play]]
    #: The game was declared void (``Game.void``).
    _void: bool
    #: How many times the facts above that change seldom have changed: ``places`` and
    #: ``outs``, ``playing``, ``melee``, ``burners``, ``kept_heads``, ``open_sets`` and
    #: ``_void``. Only the engine's own methods change them (the plugin surface's ``retire``,
    #: ``void``, ``keep_head`` … included), and each counts it (``_seldom_changed``): a reader
    #: that wrote something from them (a server's views, ``Game.opened``) reads them again only
    #: when the count moved.
    _seldom_changes: int
    #: ``Game.opened`` under the core's open-point rules, and the count it was read at.
    _opened_at: tuple[int, frozenset[int]]

    # -- what happened ------------------------------------------------------------
    phases: list[Phase]
    history: list[Action]
    events: list[Event]
    stats: Counter[str]

    # -- the round (``RoundFlow._reset_round``) ------------------------------------------
    top: Play | None
    owner: int | None
    anchor: int | None
    restricted: bool
    passed: set[int]
    yielded: set[int]
    melee_passes: set[int]
    queue: list[int]
    last_decliner: int | None
    last_word_given: bool
    yield_window: bool
    dead_gouji_seat: int | None
    #: END-3 (D§16 除有烧牌者外): the set on the table is a 够死级 that only burns may answer.
    dead_burns_only: bool
    #: END-3: in the round of 头科's or 二科's last set, the finished players' opposites.
    last_set_opposites: set[int]
    #: TRIB-5: the set on the table opens its owner if it stands.
    _top_opens: bool
    actor: int | None
    #: LEAD, RESPOND, PHASE or OVER (:mod:`gouji.engine.round`).
    kind: str
    _legal: list[Action] | None
    _legal_set: frozenset[Action] | None
    #: The plugins' forbidden plays and the rule ID of each (``gouji_forbidden_plays``).
    _forbidden: Mapping[Play, str]
    _cut_pending: bool
    _resume: tuple[str, int | None] | None
    _melee_due: bool
    _phase_started: bool
    #: Each plugin's private state (``Game.plugin_state``).
    _plugin_states: dict[str, dict[str, Any]]
    #: An action is being carried out now (``Game.force_decline`` records a decline outside one).
    _in_action: bool
    #: Each seat's view, kept up to date (``Game._seen_events``, ``Game._hand_tuple``): the events
    #: it sees, as ``(events looked at, events seen)``; its cards while its hand is unchanged;
    #: the public facts of the current state, each seat's view once made (``gouji.engine.views.facts``).
    _seen: list[tuple[int, tuple[Event, ...]]]
    _hand_view: list[tuple[Card, ...] | None]
    _common: ViewFacts | None
    #: The facts the last wire data was written from, and its lists (``gouji.engine.views.deltas``).
    _wire: tuple[Any, ...] | None
    #: Each seat's events as wire data (``Game.deltas``): ``[events looked at, the last of them,
    #: six lists, the log they were read from]``, appended to in place (a clone starts without them).
    _wire_seen: list[Any] | None
    #: The six seats' views as JSON text (``Game.delta_texts``; a clone starts without them).
    _texts: ViewTexts | None
