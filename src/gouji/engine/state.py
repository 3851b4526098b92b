"""What a game holds, declared once: every attribute of a :class:`gouji.engine.game.Game`, with its type.

A game's behaviour is split by subject: :class:`gouji.engine.round.RoundFlow` (how a
round flows) and :class:`gouji.engine.game.Game` (creation, the action loop, the
plugin API). Both read and change the same state, so it is declared here, in
the base class they share, and a type checker sees it from either side.
``Game._init_fields`` and ``RoundFlow._reset_round`` give it its values.

Each annotation declares one attribute; a :func:`part` beside it says how the attribute
travels where the default (shared by a clone, pickled as it is) is wrong: how
:meth:`gouji.engine.game.Game.clone` copies it, what a pickle holds of it, what it is
once loaded, and what a pickle written before it existed gives it. :class:`GameState`
gathers them into :data:`PARTS` and leaves the class with no attribute of its own
(``declared``); the game's ``clone``, ``__getstate__`` and ``__setstate__`` are written
from that one declaration (:func:`state_methods`), so an attribute declared here cannot be
forgotten by any of them, and tests/engine/test_declared_state.py fails for an attribute a
game has that is not declared here.

The variant's core options that the engine reads as it plays are one frozen value,
:class:`CoreOptions`, built once per variant (``Variant.core_options``).
"""

from __future__ import annotations

import copy
import inspect
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from gouji.errors import GoujiError

if TYPE_CHECKING:
    import random

    from gouji.engine.actions import Action
    from gouji.engine.burning import BurnPolicy
    from gouji.engine.cards import Card, Suit
    from gouji.engine.comparison import SetRules
    from gouji.engine.context import GameContext
    from gouji.engine.events import Event
    from gouji.engine.hold_three import HoldThreePolicy
    from gouji.engine.open_point import OpenPointPolicy
    from gouji.engine.opening import Cut, Deal, Dealt
    from gouji.engine.phases import Phase
    from gouji.engine.plays import Play
    from gouji.engine.sets import CoverTables
    from gouji.engine.table import Table
    from gouji.engine.view_texts import ViewTexts
    from gouji.engine.views import ViewFacts
    from gouji.plugins.variant import Variant

__all__ = ["PARTS", "CoreOptions", "GameState", "Part", "no_mypyc_attr", "part", "state_methods"]


@attrs.frozen
class CoreOptions:
    """The core options the engine reads as it plays, looked up once per variant
    (``Variant.core_options``): each field is the option of its name."""

    yield_allowed: bool
    yield_answer_opposite_only: bool
    take_wind: bool
    pass_rejoin_opposite: bool
    pass_rejoin_when_left: int
    gouji_min_players: int
    last_set_rejoin: str
    melee_after_outs: int
    melee_when_left: int
    dead_gouji_after_out: int
    melee_pass: str
    ask_forced_declines: bool
    melee_ends_burn: bool
    melee_last_word: bool
    burn_decline_passes: str
    melee_after_round: bool
    dead_gouji_burnable: bool

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> CoreOptions:
        """The values of a variant's options."""
        return cls(**{field.name: options[field.name] for field in attrs.fields(cls)})

    def __getstate__(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in attrs.fields(type(self))}

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        # Pickled before one of the options existed: its value in CORE_BEFORE (as for a pickle
        # from before CoreOptions), not a value that lacks the attribute.
        for field in attrs.fields(type(self)):
            if field.name in state:
                value = state[field.name]
            elif field.name in CORE_BEFORE:
                value = CORE_BEFORE[field.name]
            else:
                raise GoujiError(f"the pickled core options lack {field.name!r}, which has no default")
            object.__setattr__(self, field.name, value)


#: Pickles written before :class:`CoreOptions` held each option as an attribute of its own
#: (``_take_wind`` …): its name there, and the value of an option the pickle is older than.
CORE_ATTRIBUTES: dict[str, str] = {
    "yield_allowed": "_yield_allowed", "yield_answer_opposite_only": "_yield_opposite_only",
    "take_wind": "_take_wind", "pass_rejoin_opposite": "_pass_rejoin_opposite",
    "pass_rejoin_when_left": "_pass_rejoin_when_left", "gouji_min_players": "_gouji_min_players",
    "last_set_rejoin": "_last_set_rejoin", "melee_after_outs": "_melee_after",
    "melee_when_left": "_melee_when_left", "dead_gouji_after_out": "_dead_gouji_after",
    "melee_pass": "_melee_pass", "ask_forced_declines": "_ask_forced", "melee_ends_burn": "_melee_ends_burn",
    "melee_last_word": "_melee_last_word", "burn_decline_passes": "_burn_decline_passes",
    "melee_after_round": "_melee_after_round", "dead_gouji_burnable": "_dead_gouji_burnable",
}
CORE_BEFORE: dict[str, Any] = {
    "ask_forced_declines": False,  # pickled before ask_forced_declines existed
    "gouji_min_players": 0,  # pickled before GOUJI-2's number of players
    "melee_last_word": False,  # pickled before the melee's rounds were closed
}


def core_from_attributes(state: dict[str, Any]) -> CoreOptions:
    """The core options of a pickle written before :class:`CoreOptions`, its attributes removed."""
    values = {}
    for name, attribute in CORE_ATTRIBUTES.items():
        values[name] = state.pop(attribute) if attribute in state or name not in CORE_BEFORE else CORE_BEFORE[name]
    return CoreOptions(**values)


@attrs.frozen
class Part:
    """How one declared attribute travels. Each text is a Python expression of ``{v}``,
    the attribute's value (``Counter``, ``copy`` and ``counted`` are in scope)."""

    name: str
    #: What a clone holds: the value shared when None.
    clone: str | None = None
    #: What a pickle holds: the value when ``"{v}"``; left out when None (rebuilt on load, by
    #: ``Game._reset_views`` or ``Game._bind_variant``).
    pickled: str | None = "{v}"
    #: What the attribute is once loaded: the pickled value when None.
    loaded: str | None = None
    #: What a pickle written before the attribute existed gives it (None: every pickle has it).
    missing: str | None = None


_T = TypeVar("_T")

def no_mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
    """What ``mypy_extensions.mypyc_attr`` (mypyc's options for a class it compiles) does at run
    time, for the modules compiled by ``GOUJI_COMPILE=1`` (hatch_build.py) where mypy_extensions,
    which comes with mypy, is not installed: nothing. The core does not depend on it."""
    return lambda cls: cls


def part(clone: str | None = None, pickled: str | None = "{v}", loaded: str | None = None,
         missing: str | None = None) -> Any:
    """Declare how the attribute annotated beside it travels (see :class:`Part`)."""
    return Part("", clone, pickled, loaded, missing)


def counted(counts: Counter[str]) -> Counter[str]:
    """A copy of a counter (``Counter(...)`` counts again in Python; the keys are counted)."""
    copied: Counter[str] = Counter()
    dict.update(copied, counts)
    return copied


def declared(cls: type[_T]) -> type[_T]:
    """Gather the class's annotations and parts into ``PARTS``; leave it no attribute of them."""
    parts = []
    for name in inspect.get_annotations(cls):
        given = cls.__dict__.get(name)
        if isinstance(given, Part):
            delattr(cls, name)
            parts.append(attrs.evolve(given, name=name))
        else:
            parts.append(Part(name))
    cls.__parts__ = tuple(parts)  # type: ignore[attr-defined]
    return cls


def state_methods(parts: tuple[Part, ...]) -> tuple[Callable[[Any, Any], None],
                                                    Callable[[Any], dict[str, Any]],
                                                    Callable[[dict[str, Any]], None]]:
    """Written from ``parts`` (as attrs writes a class's methods, for speed): ``copy_state(game,
    other)``, the state a clone starts from; ``pickled_state(game)``, the state a pickle holds;
    and ``load_state(state)``, which turns a pickle's state (of any earlier version: the parts'
    ``missing``) into the attributes of a loaded game, in place."""
    def value(expression: str, name: str, where: str) -> str:
        return expression.replace("{v}", f"{where}[{name!r}]")

    lines = ["def copy_state(game, other):", "    src = game.__dict__", "    state = other.__dict__",
             "    state.update(src)"]
    lines += [f"    state[{p.name!r}] = {value(p.clone, p.name, 'src')}" for p in parts if p.clone is not None]
    lines += ["def pickled_state(game):", "    state = dict(game.__dict__)"]
    lines += [f"    state.pop({p.name!r}, None)" for p in parts if p.pickled is None]
    lines += [f"    state[{p.name!r}] = {value(p.pickled, p.name, 'state')}" for p in parts
              if p.pickled not in (None, "{v}")]
    lines += ["    return state", "def load_state(state):"]
    lines += [f"    state.setdefault({p.name!r}, {p.missing})" for p in parts if p.missing is not None]
    lines += [f"    state[{p.name!r}] = {value(p.loaded, p.name, 'state')}" for p in parts if p.loaded is not None]
    lines += ["    return None"]
    scope: dict[str, Any] = {"Counter": Counter, "copy": copy, "counted": counted}
    exec(compile("\n".join(lines), f"<state methods of {len(parts)} parts>", "exec"), scope)
    return scope["copy_state"], scope["pickled_state"], scope["load_state"]


@declared
class GameState:
    """The declared state of a game (see the module's docstring)."""

    # -- what the game was made from ------------------------------------------
    variant: Variant
    seed: int
    context: GameContext
    #: The generator behind ``Game.rng``; shared with a clone until one of them draws.
    _rng: random.Random
    _rng_shared: bool = part(clone="True")
    #: Decisions made before the cut that the cut must know (``Game.add_cut_carry``).
    cut_carry: tuple[tuple[str, Any], ...]
    #: The six hands and the leader of a game started from a position, else None.
    position: tuple[tuple[tuple[Card, ...], ...], int] | None
    #: The cut, hands and first leader of a game dealt from given hands, else None.
    dealt: Dealt | None = part(missing="None")
    #: The seat whose view the log keeps (``Game.start``'s ``viewer``), else None: every event.
    _viewer: int | None = part(missing="None")

    # -- the variant's rules and options, looked up once -------------------------
    _table: Table = part(pickled=None)
    _rules: SetRules = part(pickled=None)
    _order_after: dict[int, tuple[int, ...]]
    _burn: BurnPolicy = part(pickled=None)
    #: The rule objects as the round asks them (``Variant.played_policies``): rebound on load,
    #: as ``_rules`` and ``_burn`` (a pickle from before holds them: replaced once loaded).
    _hold: HoldThreePolicy = part(pickled=None)
    _hold_active: bool = part(pickled=None)
    #: The hold-three policy does something after an action (``after_action`` overridden).
    _hold_after: bool
    _open_point: OpenPointPolicy = part(pickled=None)
    _cover_sizes: Callable[[Play], tuple[int, ...]] = part(pickled=None)
    #: The set rules' covers, cached (None: the rules are asked on every move).
    _covers: CoverTables | None = part(pickled=None)
    #: The open-point policy reads who opened as the core does (``Game.opened``).
    _plain_open_point: bool = part(pickled=None)
    #: The variant's core options (``Variant.core_options``; a pickle from before it held them
    #: one by one: ``CORE_ATTRIBUTES``).
    _core: CoreOptions
    _forced_decline: bool = part(missing="False")
    #: Per decision of ``gouji.plugins.hookspecs.DECISIONS``: is the hook asked there?
    _forbidden_asked: tuple[bool, ...]
    _extra_asked: tuple[bool, ...]
    #: The callers of the hooks asked at every decision (``Variant.hook_caller``).
    _call_forbidden: Callable[[dict[str, Any]], Any] = part(pickled=None)
    _call_extra: Callable[[dict[str, Any]], Any] = part(pickled=None)
    _call_after: Callable[[dict[str, Any]], Any] = part(pickled=None)
    _has_precut: bool
    _has_after_action: bool
    _guard_hooks: bool

    # -- the cards and the seats ------------------------------------------------
    #: ``hands[seat][rank]``: the suits of that rank the seat holds, a tuple replaced (never
    #: changed in place) when the hand changes, so that clones share it. Only the engine's
    #: own methods change hands (``transfer``, ``set_aside``, playing a set): they also forget
    #: the seat's counts in ``_count_cache`` and count the change in ``_hand_versions``.
    #: (A pickle from when the suits of a rank were lists: tuples once loaded.)
    hands: list[list[tuple[Suit | None, ...]]] = part(
        clone="[hand.copy() for hand in {v}]", loaded="[[tuple(suits) for suits in hand] for hand in {v}]")
    _count_cache: list[tuple[int, ...] | None] = part(clone="{v}.copy()", pickled="[None] * 6", loaded="[None] * 6")
    #: How many times each seat's hand has changed (with ``_count_cache``): a reader that kept
    #: what it wrote from a hand (a server's views) knows from it which hands to read again.
    _hand_versions: list[int] = part(clone="{v}.copy()", missing="[0] * 6")
    sizes: list[int] = part(clone="{v}.copy()")
    playing: list[bool] = part(clone="{v}.copy()")
    #: ``places[i]``: the seat in place i (0 = first out), None while undecided.
    places: list[int | None] = part(clone="{v}.copy()")
    outs: int
    melee: bool
    pile: list[Play] = part(clone="{v}.copy()")
    deck_size: int
    cut: Cut | None
    deal: Deal | None
    first_leader: int | None
    burners: dict[int, int] = part(clone="{v}.copy()")
    dead_gouji_rights: dict[int, int] = part(clone="{v}.copy()")
    kept_heads: set[int] = part(clone="{v}.copy()")
    #: Kept heads counted as in play (melee_when_left).
    heads_in_play: set[int] = part(clone="{v}.copy()")
    #: TRIB-5: the sets that opened (开点), per seat, in the order they stood.
    open_sets: dict[int, list[Play]] = part(clone="{seat: sets.copy() for seat, sets in {v}.items()}")
    #: The game was declared void (``Game.void``).
    _void: bool
    #: How many times the facts above that change seldom have changed: ``places`` and
    #: ``outs``, ``playing``, ``melee``, ``burners``, ``kept_heads``, ``open_sets`` and
    #: ``_void``. Only the engine's own methods change them (the plugin surface's ``retire``,
    #: ``void``, ``keep_head`` … included), and each counts it (``_seldom_changed``): a reader
    #: that wrote something from them (a server's views, ``Game.opened``) reads them again only
    #: when the count moved.
    _seldom_changes: int = part(missing="0")
    #: ``Game.opened`` under the core's open-point rules, and the count it was read at.
    _opened_at: tuple[int, frozenset[int]] = part(loaded="(-1, frozenset())")

    # -- what happened ------------------------------------------------------------
    phases: list[Phase] = part(clone="copy.deepcopy({v}) if {v} else []")
    history: list[Action] = part(clone="{v}.copy()")
    events: list[Event] = part(clone="{v}.copy()")
    #: The turns whose action only some seats saw (a phase's ``visible_to``): those seats.
    _unseen: dict[int, frozenset[int]] = part(clone="{v}.copy()", missing="{}")
    #: The seat that took each action of ``history`` (None: the referee's).
    _actors: list[int | None] = part(clone="{v}.copy()", missing="[]")
    #: The cards actions handed between hands: ``(giver, receiver, card, the seats that saw it
    #: or None: all)`` (``Game.seen_moves``); the visibility of the action being carried out.
    _moves: list[tuple[int, int, Card, frozenset[int] | None]] = part(clone="{v}.copy()", missing="[]")
    _acting: frozenset[int] | None = part(missing="None", loaded="None")
    #: Whether ``_unseen``, ``_actors`` and ``_moves`` hold every action since the deal: not in
    #: a game pickled before they were kept (it would show every seat every hidden choice).
    _seen_kept: bool = part(missing="False")
    stats: Counter[str] = part(clone="counted({v})")

    # -- the round (``RoundFlow._reset_round``) ------------------------------------------
    top: Play | None
    owner: int | None
    anchor: int | None
    restricted: bool
    passed: set[int] = part(clone="{v}.copy()")
    yielded: set[int] = part(clone="{v}.copy()")
    melee_passes: set[int] = part(clone="{v}.copy()")
    queue: list[int] = part(clone="{v}.copy()")
    last_decliner: int | None
    last_word_given: bool
    yield_window: bool
    dead_gouji_seat: int | None
    #: END-3 (D§16 除有烧牌者外): the set on the table is a 够死级 that only burns may answer.
    dead_burns_only: bool = part(missing="False")
    #: END-3: in the round of 头科's or 二科's last set, the finished players' opposites.
    last_set_opposites: set[int] = part(clone="{v}.copy()")
    #: TRIB-5: the set on the table opens its owner if it stands.
    _top_opens: bool
    actor: int | None
    #: LEAD, RESPOND, PHASE or OVER (:mod:`gouji.engine.round`).
    kind: str
    _legal: list[Action] | None = part(pickled="None")
    _legal_set: frozenset[Action] | None = part(pickled="None")
    #: The plugins' forbidden plays and the rule ID of each (``gouji_forbidden_plays``).
    _forbidden: Mapping[Play, str] = part(missing="{}")
    _cut_pending: bool
    _resume: tuple[str, int | None] | None
    _melee_due: bool
    _phase_started: bool
    #: Each plugin's private state (``Game.plugin_state``).
    _plugin_states: dict[str, dict[str, Any]] = part(
        clone="{name: dict(state) for name, state in {v}.items()}", missing="{}")
    #: An action is being carried out now (``Game.force_decline`` records a decline outside one).
    _in_action: bool = part(loaded="False")
    #: Each seat's view, kept up to date (``Game._seen_events``, ``Game._hand_tuple``): the events
    #: it sees, as ``(events looked at, events seen)``; its cards while its hand is unchanged;
    #: the public facts of the current state, each seat's view once made (``gouji.engine.views.facts``).
    _seen: list[tuple[int, tuple[Event, ...]]] = part(clone="{v}.copy()", pickled=None)
    _hand_view: list[tuple[Card, ...] | None] = part(clone="{v}.copy()", pickled=None)
    _common: ViewFacts | None = part(pickled=None)
    #: The facts the last wire data was written from, and its lists (``gouji.engine.views.deltas``).
    _wire: tuple[Any, ...] | None = part(pickled=None)
    #: Each seat's events as wire data (``Game.deltas``): ``[events looked at, the last of them,
    #: six lists, the log they were read from]``, appended to in place (a clone starts without them).
    _wire_seen: list[Any] | None = part(clone="None", pickled=None)
    #: The six seats' views as JSON text (``Game.delta_texts``; a clone starts without them).
    _texts: ViewTexts | None = part(clone="None", pickled=None)

    if TYPE_CHECKING:
        # What the round (gouji.engine.round) asks of the rest of the game, defined in
        # gouji.engine.game. (Here, not in RoundFlow: a Python class that mypyc compiles holds
        # definitions only.)
        def _cut_and_deal(self) -> None: ...
        def next_in_play(self, seat: int) -> int: ...
        def has_head(self, seat: int) -> bool: ...
        @property
        def is_over(self) -> bool: ...
        @property
        def finish_order(self) -> list[int]: ...


#: Every attribute of a game, in the order declared.
PARTS: tuple[Part, ...] = GameState.__parts__  # type: ignore[attr-defined]
