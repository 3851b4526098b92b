"""A game in progress: its creation, its state, and the single action loop.

A :class:`Game` is created only by :meth:`gouji.plugins.variant.Variant.new_game` and
advanced only by :meth:`Game.apply`. ``legal_actions()`` is the one place
that decides legality; ``apply()`` refuses anything else with an
:class:`~gouji.errors.IllegalActionError` naming the rule, and leaves the
game as it was. How a round flows — who answers a set, passes, the last
word, closing, going out, the melee — is in :mod:`gouji.engine.round`; this module
also holds the methods through which plugins change a game (``transfer``,
``retire``, ``set_aside`` …).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

import attrs

from gouji.engine.actions import CLOSE, PASS, Action, parse_action
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, THREE, Card, Suit
from gouji.engine.context import GameContext
from gouji.engine.events import DECLINES, PLACE_NAMES, Event
from gouji.engine.hold_three import HoldThreePolicy
from gouji.engine.open_point import OpenPointPolicy
from gouji.engine.opening import Dealt, cut_detail, deal_hands
from gouji.engine.phases import Phase
from gouji.engine.plays import Play
from gouji.engine.round import LEAD, OVER, PHASE, RESPOND, RoundFlow, check_seat, suit_key
from gouji.engine.scoring import Score
from gouji.engine.sets import cover_tables
from gouji.engine.state import PARTS, core_from_attributes, state_methods
from gouji.errors import GameOverError, GoujiError, IllegalActionError, OutOfTurnError, PluginError, StaleTurnError
from gouji.plugins.hook_results import short
from gouji.plugins.hookspecs import DECISIONS

if TYPE_CHECKING:
    from gouji.plugins.variant import Variant

__all__ = ["LEAD", "OVER", "PHASE", "RESPOND", "Game", "Observation"]

#: A clone's, a pickle's and a loaded game's state, written from the declared parts.
_copy_state, _pickled_state, _load_state = state_methods(PARTS)


@attrs.frozen
class Observation:
    """What one seat may know (ROUND-6): its own hand, the table, public history,
    and other hands' sizes only where the variant lets them be seen."""

    seat: int
    hand: tuple[Card, ...]
    current_player: int | None
    table: Play | None
    table_owner: int | None
    passed: frozenset[int]
    #: ROUND-6: each seat's cards in play where the variant shows them (``None``: hidden; the
    #: seat's own always shown). A seat out of play counts 0: cards it still holds (大落 without
    #: a 3, a failed burner, the last seat when the game ends) are set aside, though its own
    #: ``hand`` still lists them.
    hand_sizes: tuple[int | None, ...]
    finish_order: tuple[int, ...]
    history: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    #: TRIB-5: the seats that have opened (开点) so far.
    opened: frozenset[int] = frozenset()
    #: The game was declared void (作废): over, with no finish order.
    is_void: bool = False
    #: The game's :attr:`Game.turn` when this was seen: a server sends it with the view and
    #: passes it back to ``apply(action, seat=, turn=)`` with the seat's answer.
    turn: int = 0
    #: What is decided now: ``"lead"``, ``"respond"``, ``"phase"`` or ``"over"``.
    decision: str = ""
    #: The name of the phase being decided (``"tribute"`` …) while ``decision`` is ``"phase"``.
    phase: str = ""
    #: The seats still in play (not out, not retired).
    in_play: frozenset[int] = frozenset()
    #: BURN-1: the seats that have burned and owe a joker in every set until their last.
    burners: frozenset[int] = frozenset()
    #: BURN-4: the seats out of play that still count as their opposite's head (要头).
    kept_heads: frozenset[int] = frozenset()
    #: END-5: the melee (乱缠) has begun.
    melee: bool = False
    #: GOUJI-2: only the anchor's opposite answers the set on the table; others burn.
    gouji_restricted: bool = False

    def to_dict(self, since: int = 0) -> dict[str, Any]:
        """The observation as JSON-ready data, for a server to send to this seat's client.

        ``since=N`` leaves out the first ``N`` events of the history, which the client
        holds already; :meth:`from_dict` rebuilds the observation (:mod:`gouji.records.wire`).
        """
        from gouji.records.wire import observation_to_dict

        return observation_to_dict(self, since)

    @classmethod
    def from_dict(cls, data: dict[str, Any], earlier: Observation | None = None) -> Observation:
        """The observation :meth:`to_dict` wrote; data sent with ``since=N`` joins the first
        ``N`` events of ``earlier``. Raise :class:`~gouji.errors.ObservationError` for bad data."""
        from gouji.records.wire import observation_from_dict

        return observation_from_dict(data, earlier)


#: The referee's actions one game takes (each is checked and copied the game once).
MAX_REFEREE_ACTIONS = 200


#: ROUND-6 (报牌): "a player with 10 or fewer cards tells the count" (P§16, D§14).
ANNOUNCED_AT_MOST = 10


def count_shown(visibility: str, cards: int) -> bool:
    """Do the other seats see a hand of ``cards`` cards counted (ROUND-6), under the option
    ``count_visibility`` (``"ten_or_fewer"``, ``"always"`` or ``"never"``)?"""
    return visibility == "always" or (visibility == "ten_or_fewer" and cards <= ANNOUNCED_AT_MOST)


def shown_counts(visibility: str, counts: Sequence[int]) -> list[int | None]:
    """The hand sizes ``counts`` as the other seats see them (:func:`count_shown`): ``None``
    where hidden."""
    if visibility == "always":
        return list(counts)
    if visibility == "ten_or_fewer":
        return [n if n <= ANNOUNCED_AT_MOST else None for n in counts]
    return [None] * len(counts)


def _is_referee(action: object) -> bool:
    """Is ``action`` a referee's (its class sets ``referee = True``)? Read from the class:
    an instance cannot claim it, and an odd object's attributes are never asked."""
    try:
        return isinstance(action, Action) and getattr(type(action), "referee", False) is True
    except Exception:
        return False


def _own_action(action: object) -> Action | None:
    """``action`` rebuilt from its text by :func:`gouji.parse_action`, if it reads back as an
    action of its very type (so a type gouji's parsers make); ``None`` for anything else."""
    if not isinstance(action, Action):
        return None
    kind = type(action)
    try:
        text = kind.to_text(action)
        if type(text) is not str:
            return None
        rebuilt = parse_action(text)
        # The text must say what the object holds (an offence of None reads back as "None").
        same = type(rebuilt) is kind and bool(rebuilt == action)
    except Exception:
        return None
    return rebuilt if same else None


def _is_legal(action: object, legal: frozenset[Action]) -> bool:
    """Is ``action`` one of ``legal``? False for anything unhashable or whose comparison fails."""
    if not isinstance(action, Action):
        return False
    try:
        return action in legal
    except Exception:
        return False


class Game(RoundFlow):
    """One game of a variant. Read its state; change it only with :meth:`apply`."""

    # -- creation ------------------------------------------------------------
    @classmethod
    def start(cls, variant: Variant, seed: int, context: GameContext, dealt: Dealt | None = None,
              viewer: int | None = None) -> Game:
        """Cut, deal and run the plugins' pre-play phases (use ``Variant.new_game``): the cut
        and the hands of ``dealt`` where given; ``viewer``: the seat whose view the log keeps."""
        game = cls.__new__(cls)
        game._init_fields(variant, seed, context)
        game.dealt = dealt
        game._viewer = viewer
        game._open()
        return game

    @classmethod
    def start_position(cls, variant: Variant, hands: Sequence[Sequence[Card]], leader: int) -> Game:
        """A game from a given position: six hands and the seat to lead (use ``Variant.new_position``)."""
        game = cls.__new__(cls)
        game._init_fields(variant, 0, GameContext.first())
        game.position = (tuple(tuple(h) for h in hands), leader)
        for seat, cards in enumerate(hands):
            held: list[list[Suit | None]] = [[] for _ in range(BIG_JOKER + 1)]
            for card in cards:
                held[card.rank].append(card.suit)
            game.hands[seat] = [tuple(sorted(suits, key=suit_key)) for suits in held]
            game._hand_changed(seat)
            game.sizes[seat] = len(cards)
            game.playing[seat] = bool(cards)
        game.deck_size = sum(game.sizes)
        # Seats given no cards went out before the position: the top places, in seat order.
        for seat in range(6):
            if not game.playing[seat]:
                game.places[game.outs] = seat
                game.outs += 1
        game.melee = game.outs >= game._core.melee_after_outs
        game._seldom_changed()
        game.first_leader = leader
        game._log("lead-right", leader, "OPEN-3", detail="given position")
        if not game._finish_if_decided():
            game._reset_round(leader)
            game._settle()
        return game

    def _init_fields(self, variant: Variant, seed: int, context: GameContext) -> None:
        self.variant = variant
        self.seed = seed
        self.context = context
        self._bind_variant(variant)
        self._order_after = {s: self._table.order_after(s) for s in range(6)}
        self._core = variant.core_options
        self._forced_decline = False  # the decision now is a forced decline, asked (ask_forced_declines)
        self._has_precut = variant.has_hook_implementations("gouji_precut_phases")
        self._has_after_action = variant.has_hook_implementations("gouji_after_action")
        self._guard_hooks = variant.has_third_party_game_hooks()
        self.rng = random.Random(seed)
        # Each rank's suits are a tuple, replaced when the hand changes: a clone copies the six
        # outer lists and shares the tuples (copy-on-write).
        self.hands = [[()] * (BIG_JOKER + 1) for _ in range(6)]
        self._count_cache = [None] * 6  # each seat's counts per rank while its hand is unchanged
        self._hand_versions = [0] * 6
        self.sizes = [0] * 6
        self.playing = [True] * 6
        self.places = [None] * 6
        self.outs = 0
        self.melee = False
        self.pile = []
        self.phases = []
        self.history = []
        self.events = []
        self.stats = Counter()
        self.burners = {}
        self.dead_gouji_rights = {}
        self.kept_heads = set()
        self.open_sets = {}  # TRIB-5: the sets that opened, per seat, in the order they stood
        self._void = False
        self._seldom_changes = 0
        self._opened_at = (-1, frozenset())
        self.heads_in_play = set()  # kept heads counted as in play (melee_when_left)
        self.cut = None
        self.deal = None
        self.first_leader = None
        self.position = None
        self.dealt = None
        self._viewer = None
        self._unseen = {}
        self._actors = []
        self._moves = []
        self._acting = None
        self._seen_kept = True
        self.deck_size = 0
        #: Decisions made before the cut that the cut must know (:meth:`add_cut_carry`).
        self.cut_carry = ()
        self._cut_pending = False
        self._resume = None
        self._melee_due = False
        self._phase_started = False
        self._plugin_states = {}  # plugin_state(): each plugin's own dict
        self._in_action = False  # an action is being carried out (force_decline records it)
        self._forbidden = {}  # the plugins' forbidden plays of the decision now (_compute_legal)
        self._reset_views()
        self._reset_round(None)

    def _reset_views(self) -> None:
        """Forget what the views keep (``_seen_events``, ``_hand_tuple``): built again on demand."""
        self._seen = [(0, ())] * 6
        self._hand_view = [None] * 6
        self._common = None
        self._wire = None
        self._wire_seen = None
        self._texts = None

    def _bind_variant(self, variant: Variant) -> None:
        """What a game derives from its variant's plugins rather than keeps (the parts that
        ``gouji.engine.state`` declares not pickled): set up for a new game and again for one unpickled."""
        self._table = variant.table
        # The rule objects as the round asks them: the hooks' answers, a plugin's own wrapped so
        # that its answers are taken alike in both builds (gouji.plugins.policy_answers).
        self._rules, self._burn, self._hold, self._open_point = variant.played_policies
        self._hold_active = self._hold.active
        # An open-point policy that keeps the core's reading of who opened (any set that stood
        # counts, one is enough, no rule opens a seat): ``opened`` is the seats with such a set.
        point = type(variant.open_point_policy)
        self._plain_open_point = all(getattr(point, name, None) is getattr(OpenPointPolicy, name)
                                     for name in ("counts", "sets_needed", "opened_by_rule", "opened"))
        hold = variant.hold_three_policy
        # The core policy's after_action does nothing: a policy that keeps it is not called.
        self._hold_after = hold.active and (
            getattr(type(hold), "after_action", None) is not HoldThreePolicy.after_action)
        # A set rules object may let sets of other sizes cover (T's 大虎二杀一).
        self._cover_sizes = getattr(self._rules, "cover_sizes", _same_size)
        self._covers = cover_tables(variant.set_rules, self._cover_sizes)
        # At which decisions (lead, answer, answer to a restricted gouji set) the per-decision
        # hooks must be called: a plugin may declare where it can answer (``asked_at``).
        self._forbidden_asked = tuple(variant.hook_asked_at("gouji_forbidden_plays", d) for d in DECISIONS)
        self._extra_asked = tuple(variant.hook_asked_at("gouji_extra_actions", d) for d in DECISIONS)
        self._call_forbidden = variant.hook_caller("gouji_forbidden_plays")
        self._call_extra = variant.hook_caller("gouji_extra_actions")
        self._call_after = variant.hook_caller("gouji_after_action")

    def _open(self) -> None:
        if self._has_precut:
            groups = self.variant.call_hook("gouji_precut_phases", options=self.variant.options, game=self,
                                            context=self.context)
            self.phases = [p for group in groups for p in group or ()]
        if self.phases:
            # Decisions before the cut (D: 预点, who is 大落): no cards are dealt yet.
            self._cut_pending = True
        else:
            self._cut_and_deal()
        self._settle()

    @property
    def cut_context(self) -> GameContext:
        """The context the cut and the hooks after it see: the game's context, with the
        carry that pre-cut phases added (:meth:`add_cut_carry`)."""
        if not self.cut_carry:
            return self.context
        return attrs.evolve(self.context, carry=self.context.carry + self.cut_carry)

    def _cut_and_deal(self) -> None:
        context = self.cut_context
        given = self.dealt
        if given is None:
            pile = self.variant.call_hook("gouji_deck", options=self.variant.options)
            self.deck_size = len(pile)
            self.rng.shuffle(pile)
            cut = self.variant.call_hook(
                "gouji_cut", options=self.variant.options, rng=self.rng, pile=tuple(pile), context=context
            )
        else:  # the cut and the hands given (Variant.new_game(deal=...)): no card is shuffled
            cut = given.cut
            self.deck_size = sum(map(len, given.hands))
        self.cut = cut
        self._log("cut", cut.cutter, "OPEN-1", detail=cut_detail(cut))
        if given is None:
            self.deal = self.variant.call_hook("gouji_deal", options=self.variant.options, pile=tuple(pile),
                                               first_drawer=cut.first_drawer)
            dealt = [card for _, card in self.deal.draws]
            # The very cards of the pile (by identity, counted in C) are the pile; cards equal
            # but built apart are compared by equality.
            if Counter(map(id, dealt)) != Counter(map(id, pile)) and Counter(dealt) != Counter(pile):
                raise PluginError("the gouji_deal hook must deal every card of the pile exactly once")
        else:
            self.deal = deal_hands(self._table, given.hands, cut.first_drawer)
        dealt_suits: list[list[list[Suit | None]]] = [[list(suits) for suits in hand] for hand in self.hands]
        for seat, card in self.deal.draws:
            dealt_suits[seat][card.rank].append(card.suit)
            self.sizes[seat] += 1
        for seat, held in enumerate(dealt_suits):
            # Suits are IntEnums: sorted() is the order of suit_key, in C; jokers have no suit.
            self.hands[seat] = (
                [tuple(sorted(held[rank])) for rank in range(SMALL_JOKER)]  # type: ignore[type-var]
                + [tuple(sorted(held[rank], key=suit_key)) for rank in range(SMALL_JOKER, BIG_JOKER + 1)])
            self._hand_changed(seat)
        self._log("deal", cut.first_drawer, "OPEN-2", detail=f"{self.sizes} cards")
        leader = self.variant.call_hook(
            "gouji_first_leader", options=self.variant.options, deal=self.deal, context=context
        ) if given is None else given.leader
        self.first_leader = leader
        self._log("lead-right", leader, "OPEN-3")
        tribute = self.variant.call_hook("gouji_tribute", options=self.variant.options, game=self,
                                         context=context)
        extra = self.variant.call_hook("gouji_pregame_phases", options=self.variant.options, game=self,
                                       context=context)
        buying = self._hold.buy_phase(self) if self._hold_active else None
        self.phases = ([tribute] if tribute else []) + ([buying] if buying else []) + [
            p for group in extra for p in group or ()]
        self._reset_round(leader)

    # -- public state ------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to decide now, or ``None`` once the game is over."""
        return None if self.kind == OVER else self.actor

    @property
    def is_over(self) -> bool:
        """True once every place is decided; then :meth:`score` may be asked."""
        return self.kind == OVER

    @property
    def finish_order(self) -> list[int]:
        """Seats in place order, first out first. Complete once the game is over;
        during play, the places decided from the top (a failed burner's low place
        shows only at the end)."""
        if self._void:
            return []
        if self.kind == OVER:
            return [s for s in self.places if s is not None]
        return [s for s in self.places[: self.outs] if s is not None]  # the first `outs` are decided

    @property
    def is_void(self) -> bool:
        """Was the game declared void (作废, :meth:`void`)? It is over, with no finish
        order and no result."""
        return self._void

    @property
    def opened(self) -> frozenset[int]:
        """TRIB-5: the seats that have opened (开点) so far, by the variant's
        ``gouji_open_point_policy``; the sets that did it are in ``open_sets``."""
        policy = self._open_point
        if not policy.active:
            return frozenset()
        if self._plain_open_point:
            # The core's counts, sets_needed and opened_by_rule: a seat opened once a set of his
            # stood. Read again only when the open sets changed (they count as a seldom change).
            kept = self._opened_at
            if kept[0] != self._seldom_changes:
                kept = self._opened_at = (
                    self._seldom_changes, frozenset([seat for seat, sets in self.open_sets.items() if sets]))
            return kept[1]
        return policy.opened(self)

    @property
    def table(self) -> Play | None:
        """The set to beat, or ``None`` when the current player leads."""
        return self.top

    @property
    def table_owner(self) -> int | None:
        """The seat whose set is :attr:`table`, or ``None`` when the current player leads."""
        return self.owner

    def hand(self, seat: int) -> list[Card]:
        """The cards seat ``seat`` holds, biggest first."""
        check_seat(seat)
        cards: list[Card] = []
        held = self.hands[seat]
        for rank in range(BIG_JOKER, THREE - 1, -1):
            if held[rank]:
                of = _CARDS[rank]
                cards += [of[suit] for suit in held[rank]]
        return cards

    def hand_counts(self, seat: int) -> dict[int, int]:
        """``{rank: how many}`` of a seat's hand."""
        check_seat(seat)
        return {r: len(s) for r, s in enumerate(self.hands[seat]) if s}

    def next_in_play(self, seat: int) -> int:
        """The next seat after ``seat`` in turn order that still plays."""
        for s in self._order_after[seat]:
            if self.playing[s]:
                return s
        return seat

    def is_burner(self, seat: int) -> bool:
        """BURN-1: has ``seat`` burned, so that its sets must carry jokers until its last?"""
        return seat in self.burners

    def is_headless(self, seat: int) -> bool:
        """END-2: a player whose opposite is out of play (无头)."""
        return self.playing[seat] and not self.has_head(seat)

    def has_head(self, seat: int) -> bool:
        """Has ``seat`` an opposite (有头)? He has while the opposite plays, or while the
        opposite is kept as a head by :meth:`keep_head` and 头科 and 二科 are not both out."""
        opposite = (seat + 3) % 6
        return self.playing[opposite] or (opposite in self.kept_heads and self.outs < 2)

    def keep_head(self, seat: int, in_play: bool = True) -> None:
        """Let ``seat``, out of play, still count as its opposite's head until 头科 and 二科
        are out (BURN-4, T 二.3.(5): a failed burner's opposite is still "有头"). Nobody
        answers the opposite's gouji sets but burners, and he answers others' only by burning.

        ``in_play``: he also counts among the players still in play for ``melee_when_left``
        (T 二.3.(10)); C's 要头 does not (a revolution and 头科 start 四户乱缠)."""
        check_seat(seat)
        self.kept_heads.add(seat)
        self._seldom_changed()
        if in_play:
            self.heads_in_play.add(seat)

    def release_head(self, seat: int) -> None:
        """Stop counting ``seat`` as its opposite's head (undo :meth:`keep_head`): from now
        on the opposite is headless (END-2) — D§23, once his dead-gouji rights are spent."""
        check_seat(seat)
        self.kept_heads.discard(seat)
        self._seldom_changed()
        self.heads_in_play.discard(seat)
        self._legal = self._legal_set = None

    # -- the plugin surface (gouji.plugins.surface.PluginGame): small, checked reads and changes ----
    @property
    def decision(self) -> str:
        """What is being decided now: ``LEAD``, ``RESPOND``, ``PHASE`` or ``OVER``."""
        return self.kind

    @property
    def table_anchor(self) -> int | None:
        """The seat whose set :attr:`table` counts as for who answers it (END-3); ``None``
        with no set on the table."""
        return self.anchor

    @property
    def gouji_restricted(self) -> bool:
        """GOUJI-2: only the anchor's opposite answers the set on the table; others burn."""
        return self.restricted

    def answering(self) -> tuple[int, ...]:
        """The seats still to answer the set on the table, in order; the first decides now."""
        return tuple(self.queue) if self.kind == RESPOND else ()

    def reorder_answering(self, order: Sequence[int]) -> None:
        """Ask the seats still to answer the set on the table in ``order`` (the same seats as
        :meth:`answering`, each once); the first decides next. A refusal changes nothing."""
        if self.kind != RESPOND:
            raise GoujiError("no set is being answered: there is no order to change")
        if not isinstance(order, Sequence) or isinstance(order, str):
            raise GoujiError(f"an order of seats is a sequence of seats 0-5, not {short(order)}")
        wanted = list(order)
        for seat in wanted:
            check_seat(seat)
        if len(wanted) != len(self.queue) or set(wanted) != set(self.queue):
            raise GoujiError(f"the seats still to answer are {sorted(self.queue)}, each once; "
                             f"not {wanted}")
        self.queue[:] = wanted
        self.actor = wanted[0]
        self._legal = self._legal_set = None

    def in_play(self, seat: int) -> bool:
        """Is ``seat`` still playing (not out, not retired)?"""
        if type(seat) is not int or not 0 <= seat < 6:  # check_seat's call only for odd seats
            check_seat(seat)
        return self.playing[seat]

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds (a retired seat keeps its cards)."""
        if type(seat) is not int or not 0 <= seat < 6:  # check_seat's call only for odd seats
            check_seat(seat)
        return self.sizes[seat]

    def rank_count(self, seat: int, rank: int) -> int:
        """How many cards of ``rank`` ``seat`` holds."""
        if type(seat) is not int or not 0 <= seat < 6:  # check_seat's call only for odd seats
            check_seat(seat)
        return len(self.hands[seat][_rank(rank)])

    def rank_counts(self, seat: int) -> tuple[int, ...]:
        """``seat``'s cards per rank, indexed by rank (``counts[THREE]`` … ``counts[BIG_JOKER]``;
        indexes below 3 are 0): the engine's own tuple, kept until the hand changes, so a
        policy asked on every decision reads the whole hand at the cost of one call."""
        if type(seat) is not int or not 0 <= seat < 6:  # check_seat's call only for odd seats
            check_seat(seat)
        counts = self._count_cache[seat]
        return self._counts(seat) if counts is None else counts

    def cards_of(self, seat: int, rank: int) -> list[Card]:
        """The cards of ``rank`` that ``seat`` holds, smallest suit first."""
        check_seat(seat)
        return [Card(rank, suit) for suit in self.hands[seat][_rank(rank)]]

    def is_kept_head(self, seat: int) -> bool:
        """Does ``seat``, out of play, still count as its opposite's head (:meth:`keep_head`)?"""
        check_seat(seat)
        return seat in self.kept_heads

    def dead_gouji_left(self, seat: int) -> int:
        """How many gouji sets nobody may answer (够死级) ``seat`` may still play."""
        check_seat(seat)
        return self.dead_gouji_rights.get(seat, 0)

    def seat_in_place(self, place: int) -> int | None:
        """The seat in place ``place`` (0 = 头科 … 5 = 大落), ``None`` while it is free."""
        if not isinstance(place, int) or not 0 <= place < 6:
            raise GoujiError(f"a place is 0-5, not {place!r}")
        return self.places[place]

    def add_stat(self, name: str, amount: int = 1) -> None:
        """Add ``amount`` to the game's counter ``name`` (what ``simulate`` sums)."""
        # A plugin's mistake is named here, not as a TypeError in a later sum of the stats.
        if not isinstance(name, str) or isinstance(amount, bool) or not isinstance(amount, int):
            raise GoujiError(f"add_stat takes a counter's name and a whole number, not {name!r:.40}, {amount!r:.40}")
        self.stats[name] += amount

    def plugin_state(self, name: str) -> dict[str, Any]:
        """Plugin ``name``'s private state in this game: a dict, empty at first. Clones copy
        it shallowly (keep its values immutable); a refused action restores it."""
        state = self._plugin_states.get(name)
        if state is None:
            state = self._plugin_states[name] = {}
        return state

    def score(self) -> Score:
        """The score of the finished game, with the plugins' adjustments."""
        if not self.is_over:
            raise GoujiError("the game is not over yet")
        if self._void:
            return Score((), (0,) * 6, (0, 0), False, rule="OPEN-5")
        options = self.variant.options
        base: Score = self.variant.call_hook("gouji_score", options=options, finish_order=tuple(self.finish_order),
                                      game=self)
        adjustments = self.variant.call_hook("gouji_score_adjustments", options=options, game=self, score=base)
        return base.with_adjustments([a for group in adjustments for a in group or ()])

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (ROUND-6 decides what others' hand sizes show)."""
        check_seat(seat)
        return _views.observation(self, seat)

    def deltas(self, since: Sequence[int]) -> list[dict[str, Any]]:
        """The six seats' observations as JSON-ready data, at once: entry ``seat`` is what
        ``observation(seat).to_dict(since[seat])`` writes (``since[seat]``: the events that seat
        holds already). What the six share is written once per state, each hand once per change,
        each event once: the lists and dicts are shared between seats and calls, so read them,
        do not change them. A seat's events now: ``since[seat] + len(entry["history"])``."""
        return _views.deltas(self, since)

    def delta_texts(self, since: Sequence[int]) -> tuple[list[str], list[int]]:
        """The six seats' :meth:`deltas` as JSON text, what a server sends: text ``seat`` reads
        back (``json.loads``) as entry ``seat`` of ``deltas(since)``, written as ``json.dumps``
        writes it (every character past ASCII escaped); and the events each seat then holds.
        Each event, hand and the state's shared part is written once (``gouji.engine.views``)."""
        return _views.delta_texts(self, since)

    # Views are kept up to date, not rebuilt: a seat's events as it sees them
    # (Event.seen_as) grow with the log, a hand's cards are built again only when
    # it changes (_hand_changed), the legal actions once per decision.
    def _seen_events(self, seat: int) -> tuple[Event, ...]:
        """The events ``seat`` sees, as it sees them. The events logged since the last call
        are looked at once for all six seats (most are public: the same for all)."""
        scanned, seen = self._seen[seat]
        events = self.events
        if scanned == len(events):
            return seen
        self._see_new_events()
        return self._seen[seat][1]

    def _see_new_events(self) -> None:
        events = self.events
        now = len(events)
        views = self._seen
        first = views[0][0]
        if first <= now and all(scanned == first for scanned, _ in views):
            # Every seat has looked at the same events (the usual case): the new public events,
            # the same for all, are gathered once; a decline is its seat's own, the public word
            # (Event.seen_as) everyone else's.
            public: list[Event] = []
            own: list[list[Event]] | None = None
            for index in range(first, now):
                event = events[index]
                if event.visible_to is not None:
                    break  # seen by some seats only: looked at seat by seat below
                if event.seat is not None and event.kind in DECLINES:
                    if own is None:
                        own = [public.copy() for _ in range(6)]
                    heard = event.as_public()
                    for seat, heard_by in enumerate(own):
                        heard_by.append(event if seat == event.seat else heard)
                elif own is None:
                    public.append(event)
                else:
                    for heard_by in own:
                        heard_by.append(event)
            else:
                if own is None:
                    new = tuple(public)
                    self._seen = [(now, seen + new) for _, seen in views]
                else:
                    self._seen = [(now, seen + tuple(heard_by))
                                  for (_, seen), heard_by in zip(views, own, strict=True)]
                return
        start = min(scanned for scanned, _ in views)
        if any(scanned > now for scanned, _ in views):  # the log was cut back (a refusal restored the game)
            views = [(0, ())] * 6
            start = 0
        added: list[list[Event]] = [[] for _ in range(6)]
        for index in range(start, now):
            event = events[index]
            if event.visible_to is None and (event.seat is None or event.kind not in DECLINES):
                for seat in range(6):
                    if views[seat][0] <= index:
                        added[seat].append(event)
                continue
            for seat in range(6):
                if views[seat][0] <= index:
                    view = event.seen_as(seat)
                    if view is not None:
                        added[seat].append(view)
        self._seen = [(now, seen + tuple(new) if new else seen) for (_, seen), new in zip(views, added, strict=True)]

    def _hand_tuple(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards, biggest first, as one shared tuple while the hand is unchanged."""
        cards = self._hand_view[seat]
        if cards is None:
            cards = self._hand_view[seat] = tuple(self.hand(seat))
        return cards

    # -- the action loop ---------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now; empty once the game is over."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    @property
    def turn(self) -> int:
        """How many actions the game has taken so far (players' and the referee's): the turn
        an action is sent for (``apply(action, turn=game.turn)``)."""
        return len(self.history)

    def apply(self, action: Action, seat: int | None = None, turn: int | None = None) -> None:
        """Carry out a legal action of the current player.

        Raise :class:`~gouji.errors.IllegalActionError` (naming the rule)
        for anything not in :meth:`legal_actions`; the game is then unchanged.
        ``seat``: the seat the action comes from (a server passes the seat of
        the request); an action of any other seat than the current player's
        is refused with :class:`~gouji.errors.OutOfTurnError` (ROUND-1), and
        so is a referee's action, which comes from no seat.
        A referee's action (a class with ``referee = True``, such as the
        district's recorded breach) is no player's choice: it is accepted at
        any time when a plugin carries it out.
        ``turn``: the :attr:`turn` the action was decided for (a server passes the
        ``turn`` of the observation it answers); any other value is refused with
        :class:`~gouji.errors.StaleTurnError` (an ``OutOfTurnError``), so a late
        duplicate or an answer to an old view is never taken as a new decision.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < 6):
            raise OutOfTurnError(seat, self.actor, f"a seat is 0-5, not {short(seat)}")
        if turn is not None and (type(turn) is not int or turn != len(self.history)):
            raise StaleTurnError(turn, len(self.history), seat, self.current_player)
        if self.kind == OVER:
            raise GameOverError()
        if seat is not None and _is_referee(action):
            raise OutOfTurnError(seat, self.actor, f"{short(action)} is the referee's, not an action of seat {seat}")
        if seat is not None and seat != self.actor:
            raise OutOfTurnError(seat, self.actor)
        if self._legal is None:
            self._legal = self._compute_legal()
        # Legal actions are interned (PlaySet.of, PASS …): the one chosen is nearly always
        # the very object in the list, found without hashing the whole list.
        if not any(map(is_, self._legal, repeat(action))):
            # Anything else is rebuilt from its text by gouji's own types: legality never
            # rests on the caller's __eq__ or __hash__, and only gouji's objects are kept.
            own = _own_action(action)
            if own is None or not self._in_legal_set(own):
                if own is not None and _is_referee(own):
                    self._apply_referee(own)
                    return
                raise self._refusal(action if own is None else own)
            action = own
        # Third-party hooks run while the action is carried out; if one fails,
        # the game must be as it was, so keep a copy to restore.
        snapshot = self.clone() if self._guard_hooks else None
        self._in_action = True
        try:
            self.history.append(action)
            self._actors.append(self.actor)
            if self.kind == PHASE:
                phase = self.phases[0]
                # A phase may keep a choice between some seats (a card handed back face down).
                private = getattr(phase, "visible_to", None)
                visible = private(self, action) if private is not None else None
                seat = self.actor
                if visible is not None:
                    visible = frozenset(visible)
                    self._unseen[len(self.history) - 1] = visible
                    self._acting = visible
                phase.apply(self, action)
                self._acting = None
                # The detail keeps the record text (read back by gouji.rl); Event.text() says it in words.
                # The rule: the action's own where it names one (a tribute's return, TRIB-2), else the phase's.
                rule = getattr(action, "rule", "") or getattr(phase, "rule", "")
                self._log("phase", seat, rule if isinstance(rule, str) else "",
                          detail=f"{phase.name}: {action.to_text()}", visible_to=visible)
            else:
                seat = self.actor
                assert seat is not None, "a lead or an answer has a seat to decide"
                self._apply_play_action(seat, action)
                if self._hold_after and self.kind != OVER and seat is not None:
                    self._hold.after_action(self, seat, action)
                if self._has_after_action and self.kind != OVER:
                    self._call_after({"game": self, "seat": seat, "action": action})
            self._settle()
        except BaseException:
            if snapshot is not None:
                self.__dict__.update(snapshot.__dict__)
            raise
        finally:
            self._in_action = False
            self._acting = None

    def seen_actions(self, seat: int) -> list[tuple[int | None, Action | None]]:
        """The actions taken so far (``history``) as ``seat`` saw them: ``(the seat that
        took it, the action)``, the action ``None`` where it did not see it (a phase's choice
        kept between other seats: a card handed back face down, D§15's order of sets), the
        seat ``None`` for a referee's. Who decides is public; what is decided, mostly.
        A determinization replays these (:mod:`gouji.bots.determinize`)."""
        check_seat(seat)
        self._check_seen_kept()
        unseen = self._unseen
        actors = self._actors
        return [(actor, None if turn in unseen and seat not in unseen[turn] else action)
                for turn, (actor, action) in enumerate(zip(actors, self.history, strict=False))]

    def seen_moves(self, seat: int) -> list[tuple[int, int, Card]]:
        """The cards handed between hands by the actions so far (:meth:`transfer`: tribute,
        buying 3s, rulings) that ``seat`` saw, as ``(giver, receiver, card)`` in order: those of
        the actions it saw, and every card it gave or got."""
        check_seat(seat)
        self._check_seen_kept()
        return [(giver, receiver, card) for giver, receiver, card, seen_by in self._moves
                if seen_by is None or seat in seen_by or seat in (giver, receiver)]

    def _check_seen_kept(self) -> None:
        if not self._seen_kept:
            # Without the account every hidden choice would read as seen: refuse, never guess.
            raise GoujiError("this game was pickled by a gouji that kept no account of what each seat saw "
                             "of the actions: replay its record (gouji.replay) to ask what a seat saw")

    def _in_legal_set(self, action: object) -> bool:
        if self._legal_set is None:
            self._legal_set = frozenset(self._legal or ())
        return _is_legal(action, self._legal_set)

    def _refusal(self, action: object) -> IllegalActionError:
        """The error for an action not among the legal ones. Any object at all may come from
        outside (a server's client, a bot): building the message must never fail."""
        if isinstance(action, str):
            return IllegalActionError(f"{short(action)} is text, not an action: pass an Action, "
                                      f"such as gouji.parse_action({short(action)})", "ROUND-1")
        if not isinstance(action, Action):
            return IllegalActionError(f"{short(action)} is not an action", "ROUND-1")
        try:
            message, rule = self._why_illegal(action)
        except Exception:
            return IllegalActionError(f"{short(action)} is not a legal action now", "ROUND-1")
        return IllegalActionError(message, rule)

    def _apply_referee(self, action: Action) -> None:
        """A referee's action (its class sets ``referee = True``: a recorded breach, a
        clock event) is taken at any time before the game ends, outside the turn order,
        when a plugin carries it out (``gouji_apply_action``, with ``seat`` the current
        player). It goes into the history, so records replay; a refusal changes nothing."""
        if sum(1 for a in self.history if getattr(a, "referee", False) is True) >= MAX_REFEREE_ACTIONS:
            raise IllegalActionError(f"a game takes at most {MAX_REFEREE_ACTIONS} referee actions", "ROUND-1")
        snapshot = self.clone()
        self._in_action = True
        try:
            handled = self.variant.call_hook("gouji_apply_action", game=self, seat=self.actor, action=action)
            if not handled:
                raise IllegalActionError(f"no rule of variant {self.variant.name!r} takes {action}", "ROUND-1")
            self.history.append(action)
            self._actors.append(None)
            self._settle()
        except BaseException:
            self.__dict__.update(snapshot.__dict__)
            raise
        finally:
            self._in_action = False

    def clone(self) -> Game:
        """An independent copy: applying actions to it leaves this game alone."""
        other = type(self).__new__(type(self))
        _copy_state(self, other)  # each declared attribute as its part says (gouji.engine.state)
        # The generator's state (625 numbers) is copied only when one of the two games next
        # draws from it (rng): mid-play nothing does, and a clone is a dozen list copies
        # (the clone's ``_rng_shared`` is True by its part).
        self._rng_shared = True
        return other

    @property
    def rng(self) -> random.Random:
        """The game's random generator (the shuffle, plugins' draws): the same seed gives
        the same draws."""
        if self._rng_shared:
            own = random.Random.__new__(random.Random)
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self._rng_shared = value, False

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # What a game holds beyond the containers clone() copies is immutable (events,
        # sets, actions, the variant), so the fast copy is a deep copy.
        other = self.clone()
        memo[id(self)] = other
        return other

    def __getstate__(self) -> dict[str, Any]:
        return _pickled_state(self)  # what the declared parts pickle (gouji.engine.state)

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        if "rng" in state:  # pickled before Game.rng became a property
            state["_rng"], state["_rng_shared"] = state.pop("rng"), False
        if "_core" not in state:  # pickled before the core options were one value
            state["_core"] = core_from_attributes(state)
        _load_state(state)  # the declared parts' migrations and what they are once loaded
        self.__dict__.update(state)
        self._reset_views()
        self._bind_variant(self.variant)

    def transfer(self, giver: int, receiver: int, card: Card) -> None:
        """Move one card between hands (tribute and buying 3s use this)."""
        # Seats checked as every change method does (a numpy integer played as a seat in Python
        # and was refused as no int by the compiled round, GOUJI_COMPILE=1).
        check_seat(giver)
        check_seat(receiver)
        if not isinstance(card, Card):
            raise GoujiError(f"transfer moves a Card, not {short(card)}")
        suits = self.hands[giver][card.rank]
        if card.suit not in suits:
            raise GoujiError(f"seat {giver} does not hold {card}")
        self.hands[giver][card.rank] = _less(suits, card.suit)
        self.hands[receiver][card.rank] = tuple(sorted((*self.hands[receiver][card.rank], card.suit), key=suit_key))
        self._hand_changed(giver)
        self._hand_changed(receiver)
        self.sizes[giver] -= 1
        self.sizes[receiver] += 1
        self._legal = self._legal_set = None
        if self._in_action:  # an action's move, seen by whoever sees the action (seen_moves)
            self._moves.append((giver, receiver, _CARDS[card.rank][card.suit], self._acting))

    def retire(self, seat: int, place: int | None = None, rule: str = "", reason: str = "",
               kind: str = "retired") -> None:
        """Take a seat out of play with its cards (a revolution, a disqualification).

        ``place`` is the place index 0-5 it takes; ``None`` takes the lowest
        free place (大落 first). Its cards stay in its hand, out of play.
        """
        check_seat(seat)
        if not self.playing[seat]:
            raise GoujiError(f"seat {seat} is not in play")
        if place is None:
            place = max(i for i, s in enumerate(self.places) if s is None)
        if self.places[place] is not None:
            raise GoujiError(f"place {place} is taken by seat {self.places[place]}")
        self.places[place] = seat
        self.playing[seat] = False
        self.burners.pop(seat, None)
        self._seldom_changed()
        if seat in self.queue:
            self.queue.remove(seat)
        zh, en = PLACE_NAMES[place]
        self.log(kind, seat, rule, detail=f"{reason}; {zh} {en}" if reason else f"{zh} {en}")
        if not self._finish_if_decided():
            self._start_melee_if_due()
            if self.kind == RESPOND and self.anchor is not None and self.playing[self.anchor]:
                self._replan_after_leaving(self.anchor)
        self._legal = self._legal_set = None

    def _replan_after_leaving(self, anchor: int) -> None:
        """Who answers the set on the table once a seat left in mid-round."""
        if self.dead_burns_only:
            # A 够死级 (D§16 除有烧牌者外) stays a set only burns answer; a seat headless now
            # (his opposite just left) can burn it no more, so the offers are made again.
            self._plan_responses(gouji=True, by_yield=False, burns_only=True)
        elif self.restricted and (self.melee or not self.has_head(anchor) or self._gouji_rule_lapsed()):
            # A seat left in mid-round (T 二.3.(11): smothered by his opposite's cover): the
            # set's owner is headless now (END-2), or the melee began (END-5), so its answers
            # are plain covers in turn order, no longer gouji answers and burn offers.
            self._plan_responses(gouji=False, by_yield=False)

    def void(self, rule: str = "", reason: str = "") -> None:
        """End the game at once without a result (该局作废: C's two revolutions, OPEN-5).

        :attr:`is_void` becomes true, :attr:`finish_order` is empty, the score holds no
        points, and records, series and observations say the game was void."""
        if self.kind == OVER:
            raise GoujiError("the game is over already")
        self._void = True
        self.playing = [False] * 6
        self.burners.clear()
        self._seldom_changed()
        self.queue = []
        self.phases = []
        self.log("void-game", None, rule, detail=f"{reason}: 该局作废" if reason else "该局作废")
        self.kind = OVER
        self.actor = None
        self._legal, self._legal_set = [], frozenset()
        self._log("game-over", None, rule, detail="void: no finish order")

    def grant_dead_gouji(self, seat: int, count: int) -> None:
        """Give ``seat`` the right to play ``count`` gouji sets nobody may answer (够死级)."""
        check_seat(seat)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise GoujiError(f"grant_dead_gouji takes a whole number of sets, 0 or more, not {count!r:.40}")
        self.dead_gouji_rights[seat] = self.dead_gouji_rights.get(seat, 0) + count

    def set_first_leader(self, seat: int) -> None:
        """Name who leads once the pre-play phases end (a phase may change it)."""
        check_seat(seat)
        self.first_leader = seat

    def add_cut_carry(self, key: str, value: Any) -> None:
        """Tell the cut what a pre-cut phase decided (``gouji_precut_phases``): from the cut
        on, hooks see ``(key, value)`` in :attr:`cut_context`'s carry. The game's own
        ``context`` (what its record holds) is unchanged."""
        if self.cut is not None:
            raise GoujiError("the cut is made: carry for it can only be added before")
        self.cut_carry = (*self.cut_carry, (key, value))

    def add_phase(self, phase: Phase) -> None:
        """Ask for decisions now (a plugin's action during play that hands a choice to
        another seat: D§15 挑牌). ``phase`` runs next; when it ends the game goes on
        where it stood, with the same seat to decide."""
        if self.kind == OVER:
            raise GoujiError("the game is over")
        if not self.phases and self.kind != PHASE:
            self._resume = (self.kind, self.actor)
        self.phases.append(phase)
        self._settle()

    def set_aside(self, seat: int, card: Card, rule: str = "", reason: str = "") -> None:
        """Take a card out of a hand and out of play (OPEN-4, 会3: the 3s gathered before
        the first lead). It joins the pile, so every card of the deck stays accounted for."""
        check_seat(seat)
        suits = self.hands[seat][card.rank]
        if card.suit not in suits:
            raise GoujiError(f"seat {seat} does not hold {card}")
        if self.sizes[seat] == 1 and self.playing[seat]:
            raise GoujiError(f"seat {seat} would hold no card: a hand in play is never emptied this way")
        self.hands[seat][card.rank] = _less(suits, card.suit)
        self._hand_changed(seat)
        self.sizes[seat] -= 1
        self.pile.append(Play.from_counts({card.rank: 1}))
        self.log("set-aside", seat, rule, Play.from_counts({card.rank: 1}), reason)
        self._legal = self._legal_set = None

    def pass_lead(self, rule: str = "", reason: str = "") -> None:
        """The player to lead loses the lead (a referee's ruling, REF-3): the next player in
        play leads instead."""
        if self.kind != LEAD or self.actor is None:
            raise GoujiError("only the player about to lead can lose the lead")
        seat = self.actor
        leader = self.next_in_play(seat)
        self.log("lead-passed", leader, rule, detail=reason or f"seat {seat} loses the lead")
        self._reset_round(leader)

    def force_decline(self) -> None:
        """The player to answer declines without choosing (a play clock running out, ROUND-7):
        a close if he has the last word, else a pass.

        Called by a server between actions, the decline is applied as that player's own
        ``close`` or ``pass`` and so is in the record, which replays. Called inside an action
        (a plugin's, district's ``clock-expired``), that action is the one recorded."""
        if self.kind != RESPOND or self.actor is None:
            raise GoujiError("only a player who is to answer a set can be made to decline")
        legal = self._legal if self._legal is not None else self._compute_legal()
        decline = CLOSE if CLOSE in legal else PASS
        if not self._in_action:
            self.apply(decline)
            return
        self._apply_play_action(self.actor, decline)

    def move_retired(self, seat: int, place: int, rule: str = "", reason: str = "") -> None:
        """Move a seat that :meth:`retire` took out of play to another free place (OPEN-5: a
        revolutionary counts as 三科 once his two teammates are 头科 and 二科). A seat that went
        out by playing its cards (END-1) keeps the place it won: it is refused."""
        check_seat(seat)
        if self.playing[seat] or seat not in self.places:
            raise GoujiError(f"seat {seat} has no place to move from: it is still in play")
        if not self.sizes[seat]:
            # Its place is the one its last card won (END-1); a retired seat keeps its cards.
            raise GoujiError(f"seat {seat} went out by playing its cards: only a seat retire() took out moves")
        if not isinstance(place, int) or not 0 <= place < 6 or self.places[place] is not None:
            raise GoujiError(f"place {place!r} is not a free place 0-5")
        self.places[self.places.index(seat)] = None
        self.places[place] = seat
        self._seldom_changed()
        zh, en = PLACE_NAMES[place]
        self.log("moved", seat, rule, detail=f"{reason}; {zh} {en}" if reason else f"{zh} {en}")
        self._legal = self._legal_set = None

    def log(self, kind: str, seat: int | None, rule: str, play: Play | None = None, detail: str = "",
            visible_to: Iterable[int] | None = None) -> None:
        """Add an event to the game log (plugins name their own kinds); ``visible_to`` limits
        which seats' observations show it (default: all)."""
        # Built here, not shared as the engine's own are: a plugin's arguments are its own.
        event: Event | None = Event(kind, seat, rule, play, detail, visible_to)
        if self._viewer is not None:
            event = event.seen_as(self._viewer)  # type: ignore[union-attr]
            if event is None:
                return
        self.events.append(event)  # type: ignore[arg-type]

    # -- records -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game as JSON-ready data: variant, options, seed and every decision."""
        from gouji.records.record import game_record

        return game_record(self)

    def log_text(self) -> str:
        """The readable log, one event a line."""
        names = self.variant.vocabulary.event_names
        return "\n".join(e.text(names) for e in self.events)

    def __str__(self) -> str:
        from gouji.engine.board import board_text

        return board_text(self)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.actor} to {self.kind}"
        return f"<Game {self.variant.name} seed={self.seed} {state}, {len(self.history)} actions>"


#: Every card, by rank and suit: a hand's cards are these shared objects (cards are immutable).
_CARDS: dict[int, dict[Suit | None, Card]] = {
    rank: {suit: Card(rank, suit) for suit in ((None,) if rank >= SMALL_JOKER else tuple(Suit))}
    for rank in range(THREE, BIG_JOKER + 1)
}


def _less(suits: tuple[Suit | None, ...], suit: Suit | None) -> tuple[Suit | None, ...]:
    """``suits`` less one ``suit`` (the first of them, as ``list.remove`` takes)."""
    i = suits.index(suit)
    return suits[:i] + suits[i + 1:]


def _rank(rank: int) -> int:
    """A card rank 3..big joker, or a GoujiError (a negative index must not wrap around)."""
    if not isinstance(rank, int) or not THREE <= rank <= BIG_JOKER:
        raise GoujiError(f"a rank is {THREE}-{BIG_JOKER}, not {rank!r}")
    return rank


def _same_size(top: Play) -> tuple[int, ...]:
    """Sets cover only sets of their own size (PLAY-4), unless the set rules say otherwise."""
    return (top.size,)


if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

    def _is_plugin_game(game: Game) -> PluginGame:
        """For the type checker: a Game satisfies the plugin surface (``gouji.plugins.surface``)."""
        return game


# Last: the views module reads this one's Observation and shown_counts when it is imported.
from gouji.engine import views as _views  # noqa: E402
