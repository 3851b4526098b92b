"""A game in progress: the single action loop (ROUND-1..6, GOUJI-2/3, BURN-1..5, END-1..5).

A :class:`Game` is created only by :meth:`gouji.variant.Variant.new_game` and
advanced only by :meth:`Game.apply`. ``legal_actions()`` is the one place
that decides legality; ``apply()`` refuses anything else with an
:class:`~gouji.errors.IllegalActionError` naming the rule, and leaves the
game as it was.

How a round flows (RULES.md, "A reading of how a round flows"): after every
set the engine builds the queue of seats that may still answer it. For a
gouji set while its owner's opposite is in and the melee has not begun, the
queue is the burn offers (BURN-2) and then the opposite (GOUJI-2); for any
other set it is everyone who has not passed, in turn order. When the queue
runs dry the owner's opposite has the last word (ROUND-3) unless his own
decline was the last; then the set stands and its owner leads (ROUND-5), or
the next player in if the owner went out (END-4).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gouji.actions import CLOSE, PASS, TAKE_WIND, YIELD, Action, Burn, Close, Pass, PlaySet, TakeWind, Yield
from gouji.cards import BIG_JOKER, THREE, Card
from gouji.context import GameContext
from gouji.errors import GameOverError, GoujiError, IllegalActionError
from gouji.events import PLACE_NAMES, Event
from gouji.opening import Cut, Deal, deal
from gouji.phases import Phase
from gouji.plays import Play
from gouji.scoring import Score
from gouji.sets import all_sets, sets_of_size

if TYPE_CHECKING:
    from gouji.variant import Variant

LEAD, RESPOND, PHASE, OVER = "lead", "respond", "phase", "over"
_CORE_ACTIONS = (PlaySet, Burn, Pass, Close, Yield, TakeWind)


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
    hand_sizes: tuple[int | None, ...]
    finish_order: tuple[int, ...]
    history: tuple[Event, ...]
    legal_actions: tuple[Action, ...]

    def to_dict(self) -> dict[str, Any]:
        """The observation as JSON-ready data, for a server to send to this seat's client.

        Cards and sets are written as records write them (``"♠9"``, ``"BJ 2 9 9"``),
        actions as their record text, which ``gouji.parse_action`` reads back.
        """
        return {
            "seat": self.seat,
            "hand": [card.record_text() for card in self.hand],
            "current_player": self.current_player,
            "table": None if self.table is None else self.table.text(ascii_only=True),
            "table_owner": self.table_owner,
            "passed": sorted(self.passed),
            "hand_sizes": list(self.hand_sizes),
            "finish_order": list(self.finish_order),
            "history": [
                {"kind": e.kind, "seat": e.seat, "rule": e.rule,
                 "play": None if e.play is None else e.play.text(ascii_only=True), "detail": e.detail}
                for e in self.history
            ],
            "legal_actions": [a.to_text() for a in self.legal_actions],
        }


class Game:
    """One game of a variant. Read its state; change it only with :meth:`apply`."""

    # -- creation ------------------------------------------------------------
    @classmethod
    def start(cls, variant: Variant, seed: int, context: GameContext) -> Game:
        """Cut, deal and run the plugins' pre-play phases (use ``Variant.new_game``)."""
        game = cls.__new__(cls)
        game._init_fields(variant, seed, context)
        game._open()
        return game

    @classmethod
    def start_position(cls, variant: Variant, hands: Sequence[Sequence[Card]], leader: int) -> Game:
        """A game from a given position: six hands and the seat to lead (use ``Variant.new_position``)."""
        game = cls.__new__(cls)
        game._init_fields(variant, 0, GameContext.first())
        game.position = (tuple(tuple(h) for h in hands), leader)
        for seat, cards in enumerate(hands):
            for card in cards:
                game.hands[seat][card.rank].append(card.suit)
            game.sizes[seat] = len(cards)
            game.playing[seat] = bool(cards)
            for suits in game.hands[seat]:
                suits.sort(key=_suit_key)
        game.deck_size = sum(game.sizes)
        # Seats given no cards went out before the position: the top places, in seat order.
        for seat in range(6):
            if not game.playing[seat]:
                game.places[game.outs] = seat
                game.outs += 1
        game.melee = game.outs >= game._melee_after
        game.first_leader = leader
        game._log("lead-right", leader, "OPEN-3", detail="given position")
        if not game._finish_if_decided():
            game._reset_round(leader)
            game._settle()
        return game

    def _init_fields(self, variant: Variant, seed: int, context: GameContext) -> None:
        options = variant.options
        self.variant = variant
        self.seed = seed
        self.context = context
        self._table = variant.table
        self._rules = variant.set_rules
        self._order_after = {s: self._table.order_after(s) for s in range(6)}
        self._burn = variant.burn_policy
        self._yield_opposite_only = options["yield_answer_opposite_only"]
        self._take_wind = options["take_wind"]
        self._melee_after = options["melee_after_outs"]
        self._melee_when_left = options["melee_when_left"]
        self._dead_gouji_after = options["dead_gouji_after_out"]
        self._has_forbidden_hook = variant.has_hook_implementations("gouji_forbidden_plays")
        self._has_extra_actions = variant.has_hook_implementations("gouji_extra_actions")
        # A set rules object may let sets of other sizes cover (T's 大虎二杀一).
        self._cover_sizes = getattr(self._rules, "cover_sizes", lambda top: (top.size,))
        self._melee_pass = options["melee_pass"]
        self._melee_after_round = options["melee_after_round"]
        self._dead_gouji_burnable = options["dead_gouji_burnable"]
        self._has_precut = variant.has_hook_implementations("gouji_precut_phases")
        self._has_after_action = variant.has_hook_implementations("gouji_after_action")
        self._guard_hooks = variant.has_third_party_game_hooks()
        self.rng = random.Random(seed)
        self.hands: list[list[list[Any]]] = [[[] for _ in range(BIG_JOKER + 1)] for _ in range(6)]
        self.sizes = [0] * 6
        self.playing = [True] * 6
        self.places: list[int | None] = [None] * 6
        self.outs = 0
        self.melee = False
        self.pile: list[Play] = []
        self.phases: list[Phase] = []
        self.history: list[Action] = []
        self.events: list[Event] = []
        self.stats: Counter[str] = Counter()
        self.burners: dict[int, int] = {}
        self.dead_gouji_rights: dict[int, int] = {}
        self.kept_heads: set[int] = set()
        self.heads_in_play: set[int] = set()  # kept heads counted as in play (melee_when_left)
        self.cut: Cut | None = None
        self.deal: Deal | None = None
        self.first_leader: int | None = None
        self.position: tuple[tuple[tuple[Card, ...], ...], int] | None = None
        self.deck_size = 0
        #: Decisions made before the cut that the cut must know (:meth:`add_cut_carry`).
        self.cut_carry: tuple[tuple[str, Any], ...] = ()
        self._cut_pending = False
        self._resume: tuple[str, int | None] | None = None
        self._melee_due = False
        self._phase_started = False
        self._reset_round(None)

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
        pile = self.variant.call_hook("gouji_deck", options=self.variant.options)
        self.deck_size = len(pile)
        self.rng.shuffle(pile)
        cut = self.variant.call_hook(
            "gouji_cut", options=self.variant.options, rng=self.rng, pile=tuple(pile), context=context
        )
        self.cut = cut
        self._log("cut", cut.cutter, "OPEN-1",
                  detail=f"drew {' '.join(map(str, cut.cards))}; seat {cut.first_drawer} draws first")
        self.deal = deal(self._table, pile, cut.first_drawer)
        for seat, card in self.deal.draws:
            self.hands[seat][card.rank].append(card.suit)
            self.sizes[seat] += 1
        for hand in self.hands:
            for suits in hand:
                suits.sort(key=_suit_key)
        self._log("deal", cut.first_drawer, "OPEN-2", detail=f"{self.sizes} cards")
        leader = self.variant.call_hook(
            "gouji_first_leader", options=self.variant.options, deal=self.deal, context=context
        )
        self.first_leader = leader
        self._log("lead-right", leader, "OPEN-3")
        tribute = self.variant.call_hook("gouji_tribute", options=self.variant.options, game=self,
                                         context=context)
        extra = self.variant.call_hook("gouji_pregame_phases", options=self.variant.options, game=self,
                                       context=context)
        self.phases = ([tribute] if tribute else []) + [p for group in extra for p in group or ()]
        self._reset_round(leader)

    # -- public state ------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to decide now, or ``None`` once the game is over."""
        return None if self.kind == OVER else self.actor

    @property
    def is_over(self) -> bool:
        return self.kind == OVER

    @property
    def finish_order(self) -> list[int]:
        """Seats in place order, first out first. Complete once the game is over;
        during play, the places decided from the top (a failed burner's low place
        shows only at the end)."""
        if self.kind == OVER:
            return [s for s in self.places if s is not None]
        return [s for s in self.places[: self.outs]]  # type: ignore[misc]

    @property
    def table(self) -> Play | None:
        """The set to beat, or ``None`` when the current player leads."""
        return self.top

    @property
    def table_owner(self) -> int | None:
        return self.owner

    def hand(self, seat: int) -> list[Card]:
        """The cards seat ``seat`` holds, biggest first."""
        _check_seat(seat)
        cards = []
        for rank in range(BIG_JOKER, THREE - 1, -1):
            cards += [Card(rank, suit) for suit in self.hands[seat][rank]]
        return cards

    def hand_counts(self, seat: int) -> dict[int, int]:
        """``{rank: how many}`` of a seat's hand."""
        _check_seat(seat)
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
        _check_seat(seat)
        self.kept_heads.add(seat)
        if in_play:
            self.heads_in_play.add(seat)

    def score(self) -> Score:
        """The score of the finished game, with the plugins' adjustments."""
        if not self.is_over:
            raise GoujiError("the game is not over yet")
        options = self.variant.options
        base = self.variant.call_hook("gouji_score", options=options, finish_order=tuple(self.finish_order),
                                      game=self)
        adjustments = self.variant.call_hook("gouji_score_adjustments", options=options, game=self, score=base)
        return base.with_adjustments([a for group in adjustments for a in group or ()])

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (ROUND-6 decides what others' hand sizes show)."""
        _check_seat(seat)
        visibility = self.variant.options["count_visibility"]
        sizes: list[int | None] = []
        for s in range(6):
            n = self.sizes[s] if self.playing[s] else 0
            shown = s == seat or visibility == "always" or (visibility == "ten_or_fewer" and n <= 10)
            sizes.append(n if shown else None)
        legal = tuple(self.legal_actions()) if self.actor == seat and not self.is_over else ()
        return Observation(
            seat, tuple(self.hand(seat)), self.current_player, self.top, self.owner,
            frozenset(self.passed), tuple(sizes), tuple(self.finish_order),
            tuple(e for e in self.events if e.seen_by(seat)), legal,
        )

    # -- the action loop ---------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now; empty once the game is over."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def apply(self, action: Action) -> None:
        """Carry out a legal action of the current player.

        Raise :class:`~gouji.errors.IllegalActionError` (naming the rule)
        for anything not in :meth:`legal_actions`; the game is then unchanged.
        A referee's action (a class with ``referee = True``, such as the
        district's recorded breach) is no player's choice: it is accepted at
        any time when a plugin carries it out.
        """
        if self.kind == OVER:
            raise GameOverError()
        if self._legal is None:
            self._legal = self._compute_legal()
        if self._legal_set is None:
            self._legal_set = frozenset(self._legal)
        if action not in self._legal_set:
            if isinstance(action, Action) and getattr(action, "referee", False):
                self._apply_referee(action)
                return
            message, rule = self._why_illegal(action)
            raise IllegalActionError(message, rule)
        # Third-party hooks run while the action is carried out; if one fails,
        # the game must be as it was, so keep a copy to restore.
        snapshot = self.clone() if self._guard_hooks else None
        try:
            self.history.append(action)
            if self.kind == PHASE:
                phase = self.phases[0]
                # A phase may keep a choice between some seats (a card handed back face down).
                private = getattr(phase, "visible_to", None)
                visible = private(self, action) if private is not None else None
                seat = self.actor
                phase.apply(self, action)
                self._log("phase", seat, "", detail=f"{phase.name}: {action.to_text()}", visible_to=visible)
            else:
                seat = self.actor
                self._apply_play_action(seat, action)
                if self._has_after_action and self.kind != OVER:
                    self.variant.call_hook("gouji_after_action", game=self, seat=seat, action=action)
            self._settle()
        except BaseException:
            if snapshot is not None:
                self.__dict__.update(snapshot.__dict__)
            raise

    def _apply_referee(self, action: Action) -> None:
        """A referee's action (its class sets ``referee = True``: a recorded breach, a
        clock event) is taken at any time before the game ends, outside the turn order,
        when a plugin carries it out (``gouji_apply_action``, with ``seat`` the current
        player). It goes into the history, so records replay; a refusal changes nothing."""
        snapshot = self.clone()
        try:
            handled = self.variant.call_hook("gouji_apply_action", game=self, seat=self.actor, action=action)
            if not handled:
                raise IllegalActionError(f"no rule of variant {self.variant.name!r} takes {action}", "ROUND-1")
            self.history.append(action)
            self._settle()
        except BaseException:
            self.__dict__.update(snapshot.__dict__)
            raise

    def clone(self) -> Game:
        """An independent copy: applying actions to it leaves this game alone."""
        other = copy.copy(self)
        other.hands = [[list(suits) for suits in hand] for hand in self.hands]
        for name in ("sizes", "playing", "places", "pile", "history", "events", "queue"):
            setattr(other, name, list(getattr(self, name)))
        other.stats = Counter(self.stats)
        other.burners = dict(self.burners)
        other.dead_gouji_rights = dict(self.dead_gouji_rights)
        other.kept_heads = set(self.kept_heads)
        other.heads_in_play = set(self.heads_in_play)
        other.passed = set(self.passed)
        other.yielded = set(self.yielded)
        other.melee_passes = set(self.melee_passes)
        other.phases = copy.deepcopy(self.phases)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other

    def transfer(self, giver: int, receiver: int, card: Card) -> None:
        """Move one card between hands (tribute and buying 3s use this)."""
        suits = self.hands[giver][card.rank]
        if card.suit not in suits:
            raise GoujiError(f"seat {giver} does not hold {card}")
        suits.remove(card.suit)
        self.hands[receiver][card.rank].append(card.suit)
        self.hands[receiver][card.rank].sort(key=_suit_key)
        self.sizes[giver] -= 1
        self.sizes[receiver] += 1
        self._legal = self._legal_set = None

    def retire(self, seat: int, place: int | None = None, rule: str = "", reason: str = "",
               kind: str = "retired") -> None:
        """Take a seat out of play with its cards (a revolution, a disqualification).

        ``place`` is the place index 0-5 it takes; ``None`` takes the lowest
        free place (大落 first). Its cards stay in its hand, out of play.
        """
        _check_seat(seat)
        if not self.playing[seat]:
            raise GoujiError(f"seat {seat} is not in play")
        if place is None:
            place = max(i for i, s in enumerate(self.places) if s is None)
        if self.places[place] is not None:
            raise GoujiError(f"place {place} is taken by seat {self.places[place]}")
        self.places[place] = seat
        self.playing[seat] = False
        self.burners.pop(seat, None)
        if seat in self.queue:
            self.queue.remove(seat)
        zh, en = PLACE_NAMES[place]
        self.log(kind, seat, rule, detail=f"{reason}; {zh} {en}" if reason else f"{zh} {en}")
        if not self._finish_if_decided():
            self._start_melee_if_due()
        self._legal = self._legal_set = None

    def grant_dead_gouji(self, seat: int, count: int) -> None:
        """Give ``seat`` the right to play ``count`` gouji sets nobody may answer (够死级)."""
        _check_seat(seat)
        self.dead_gouji_rights[seat] = self.dead_gouji_rights.get(seat, 0) + count

    def set_first_leader(self, seat: int) -> None:
        """Name who leads once the pre-play phases end (a phase may change it)."""
        _check_seat(seat)
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
        _check_seat(seat)
        suits = self.hands[seat][card.rank]
        if card.suit not in suits:
            raise GoujiError(f"seat {seat} does not hold {card}")
        if self.sizes[seat] == 1 and self.playing[seat]:
            raise GoujiError(f"seat {seat} would hold no card: a hand in play is never emptied this way")
        suits.remove(card.suit)
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
        a close if he has the last word, else a pass."""
        if self.kind != RESPOND or self.actor is None:
            raise GoujiError("only a player who is to answer a set can be made to decline")
        legal = self._legal if self._legal is not None else self._compute_legal()
        self._apply_play_action(self.actor, CLOSE if CLOSE in legal else PASS)

    def move_retired(self, seat: int, place: int, rule: str = "", reason: str = "") -> None:
        """Move a seat that :meth:`retire` took out of play to another free place (OPEN-5: a
        revolutionary counts as 三科 once his two teammates are 头科 and 二科)."""
        _check_seat(seat)
        if self.playing[seat] or seat not in self.places:
            raise GoujiError(f"seat {seat} has no place to move from: it is still in play")
        if not isinstance(place, int) or not 0 <= place < 6 or self.places[place] is not None:
            raise GoujiError(f"place {place!r} is not a free place 0-5")
        self.places[self.places.index(seat)] = None
        self.places[place] = seat
        zh, en = PLACE_NAMES[place]
        self.log("moved", seat, rule, detail=f"{reason}; {zh} {en}" if reason else f"{zh} {en}")
        self._legal = self._legal_set = None

    def log(self, kind: str, seat: int | None, rule: str, play: Play | None = None, detail: str = "",
            visible_to: Iterable[int] | None = None) -> None:
        """Add an event to the game log (plugins name their own kinds); ``visible_to`` limits
        which seats' observations show it (default: all)."""
        self._log(kind, seat, rule, play, detail, visible_to)

    # -- round state ---------------------------------------------------------------
    def _reset_round(self, leader: int | None) -> None:
        self.top: Play | None = None
        self.owner: int | None = None
        self.anchor: int | None = None
        self.restricted = False
        self.passed: set[int] = set()
        self.yielded: set[int] = set()
        self.melee_passes: set[int] = set()
        self.queue: list[int] = []
        self.last_decliner: int | None = None
        self.last_word_given = False
        self.yield_window = False
        self.dead_gouji_seat: int | None = None
        self.actor: int | None = leader
        self.kind = LEAD
        self._legal: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        if self._melee_due:
            self._melee_due = False
            self._start_melee_if_due()

    def _settle(self) -> None:
        """Move on to the next real decision, applying forced ones (a pass with no
        cover to play, a close with nothing to cover with) automatically."""
        while True:
            self._legal = self._legal_set = None
            if self.kind == OVER:
                return
            if self.phases:
                phase = self.phases[0]
                if not self._phase_started:
                    # A phase's work that needs nobody's decision (Phase.start).
                    self._phase_started = True
                    start = getattr(phase, "start", None)
                    if start is not None:
                        start(self)
                        if self.kind == OVER:
                            return
                actor = phase.actor(self)
                if actor is None:
                    self.phases.pop(0)
                    self._phase_started = False
                    if not self.phases:
                        if self._cut_pending:
                            self._cut_pending = False
                            self._cut_and_deal()
                        elif self._resume is not None:
                            # Phases added during play (add_phase): back where the game stood.
                            self.kind, self.actor = self._resume
                            self._resume = None
                        else:
                            self.kind = LEAD
                            self.actor = self._lead_seat(self.first_leader)
                    continue
                self.kind, self.actor = PHASE, actor
                return
            if self.kind == LEAD:
                self.actor = self._lead_seat(self.actor)
                legal = self._compute_legal()
                if not legal:
                    self._fail_burn(self.actor)
                    continue
                self._legal = legal
                return
            if not self.queue or self.queue[0] != self.actor:
                # A plugin took the responder out of play (``retire``).
                self._next_responder()
                continue
            legal = self._compute_legal()
            if len(legal) == 1 and legal[0] in (PASS, CLOSE):
                self._apply_play_action(self.actor, legal[0], automatic=True)
                continue
            self._legal = legal
            return

    def _lead_seat(self, seat: int | None) -> int:
        seat = 0 if seat is None else seat
        return seat if self.playing[seat] else self.next_in_play(seat)

    # -- legal actions ---------------------------------------------------------------
    def _counts(self, seat: int) -> list[int]:
        return [len(s) for s in self.hands[seat]]

    def _compute_legal(self) -> list[Action]:
        if self.kind == OVER:
            return []
        if self.kind == PHASE:
            return list(self.phases[0].legal_actions(self))
        seat = self.actor
        counts = self._counts(seat)
        if self.kind == LEAD:
            plays = all_sets(counts)
        else:
            plays = [p for size in self._cover_sizes(self.top) for p in sets_of_size(counts, size)
                     if self._rules.beats(p, self.top)]
        if seat in self.burners:
            size = self.sizes[seat]
            plays = [p for p in plays if self._burn.allows(p, size)]
        if self._has_forbidden_hook and plays:
            forbidden: dict[Play, str] = {}
            for answer in self.variant.call_hook("gouji_forbidden_plays", game=self, seat=seat, plays=plays):
                forbidden.update(answer or {})
            plays = [p for p in plays if p not in forbidden]
            self._forbidden = forbidden  # for _why_illegal: the plugin's rule ID
        extra = self._extra_actions(seat) if self._has_extra_actions else []
        if self.kind == LEAD:
            return [PlaySet.of(p) for p in plays] + extra
        if self._is_burn(seat):
            actions: list[Action] = [Burn.of(p) for p in plays if self._burn.may_burn(counts, p)]
        else:
            actions = [PlaySet.of(p) for p in plays]
        return actions + self._declines(seat, bool(actions)) + extra

    def _extra_actions(self, seat: int) -> list[Action]:
        found: list[Action] = []
        for answer in self.variant.call_hook("gouji_extra_actions", game=self, seat=seat):
            found += answer or ()
        return found

    def _is_burn(self, seat: int) -> bool:
        """BURN-1: covering a restricted gouji set that is not your opposite's,
        unless you are headless (END-2)."""
        return self.restricted and seat != (self.anchor + 3) % 6 and self.has_head(seat)

    def _declines(self, seat: int, can_cover: bool) -> list[Action]:
        if self.melee:
            # END-5 (P§19): "pass" ends your round, "yield" keeps your right to play.
            # Later sets of the round only rise, so a yield without a cover is a pass.
            # Where a pass never ends the round (C), there is nothing to yield.
            # T 二.3.(10) (once): no yield either; the first pass keeps the round, a second ends it.
            if self._melee_pass in ("rejoin", "once"):
                return [PASS]
            return [PASS, YIELD] if can_cover else [PASS]
        closer = (self.anchor + 3) % 6
        out: list[Action] = [CLOSE if seat == closer and len(self.queue) == 1 else PASS]
        if can_cover and self._may_yield(seat, closer):
            out.append(YIELD)
        if (self._take_wind and not self.restricted and not self.playing[self.owner]
                and seat == self.next_in_play(self.owner)):
            out.append(TAKE_WIND)
        return out

    def _may_yield(self, seat: int, closer: int) -> bool:
        """ROUND-4: facing your opposite's set that your two upper players passed."""
        if seat != closer or self.restricted or seat in self.yielded or len(self.queue) < 2:
            return False
        if self.owner != self.anchor or not self.playing[self.owner]:
            return False
        between = self._order_after[self.anchor][:2]
        return all(s in self.passed or not self.playing[s] for s in between)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        seat = self.actor
        if self.kind == PHASE:
            return f"seat {seat} must decide the {self.phases[0].name}; {action} is not a choice now", "ROUND-1"
        if not isinstance(action, Action):
            return f"{action!r} is not an action", "ROUND-1"
        play = action.play
        if play is not None:
            counts = self._counts(seat)
            if any(counts[r] < n for r, n in play.counts().items()):
                return f"seat {seat} does not hold {play}", "PLAY-1"
            if self.kind == RESPOND:
                if play.size != self.top.size:
                    return f"{play} has {play.size} cards; the set to cover has {self.top.size}", "PLAY-4"
                if self._rules.is_dead(self.top):
                    return f"{self.top} carries a big joker: nobody may cover it", "PLAY-5"
                if not self._rules.beats(play, self.top):
                    rule = "PLAY-6" if self.top.small else "PLAY-4"
                    return f"{play} does not beat {self.top}", rule
                if isinstance(action, PlaySet) and self._is_burn(seat):
                    return (f"only seat {(self.anchor + 3) % 6} (the opposite) may answer the gouji set "
                            f"{self.top}; others burn (Burn action)"), "GOUJI-2"
                if isinstance(action, Burn) and not self._is_burn(seat):
                    return f"covering {self.top} is not a burn here", "BURN-1"
                if isinstance(action, Burn):
                    return f"after burning with {play} seat {seat} could not carry a joker on every set", "BURN-1"
            if seat in self.burners and not (play.jokers or play.size == self.sizes[seat]):
                return f"seat {seat} burned: every set but the last must carry a joker", "BURN-1"
            return (f"{play} is forbidden here by a rule of the variant",
                    getattr(self, "_forbidden", {}).get(play, "END-6"))
        if self.kind == LEAD:
            return f"seat {seat} leads and must play a set", "ROUND-1"
        if isinstance(action, Pass) and CLOSE in self._legal_set:
            return f"seat {seat} is the opposite with the last word: close or cover", "ROUND-5"
        if isinstance(action, type(CLOSE)):
            return "only the set owner's opposite closes, and only last", "ROUND-5"
        if isinstance(action, Yield):
            return "a yield is allowed only to the opposite whose two upper players passed", "ROUND-4"
        if isinstance(action, TakeWind):
            return "only the next player after one who went out may take the wind", "END-4"
        return f"{action} is not allowed now", "ROUND-2"

    # -- carrying out ----------------------------------------------------------------
    def _apply_play_action(self, seat: int, action: Action, automatic: bool = False) -> None:
        if not isinstance(action, _CORE_ACTIONS):
            handled = self.variant.call_hook("gouji_apply_action", game=self, seat=seat, action=action)
            if not handled:
                raise GoujiError(f"no plugin carries out the action {action}")
            return
        play = action.play
        if play is not None:
            self._play_set(seat, play, isinstance(action, Burn))
            return
        self.queue.pop(0)
        self.last_decliner = seat
        if action is PASS:
            if self.melee and self._melee_pass == "once" and seat not in self.melee_passes:
                self.melee_passes.add(seat)  # T 二.3.(10): the round's one pass keeps him in it
            elif not (self.melee and self._melee_pass == "rejoin"):
                self.passed.add(seat)
            if self.restricted and seat != (self.anchor + 3) % 6:
                # BURN-2: a burn offer declined is a pass for the round (P§11).
                self._log("no-burn", seat, "BURN-2", detail="no burn possible" if automatic else "")
            else:
                self._log("auto-pass" if automatic else "pass", seat, "ROUND-2")
        elif action is CLOSE:
            self._log("auto-close" if automatic else "close", seat, "ROUND-5")
            self._end_round()
            return
        elif action is YIELD:
            if self.melee:
                self._log("yield", seat, "END-5")
            else:
                self.yielded.add(seat)
                self.queue.append(seat)
                self.yield_window = True
                self._log("yield", seat, "ROUND-4")
        elif action is TAKE_WIND:
            self._log("take-wind", seat, "END-4", detail="asks to lead; others agree by passing")
        self._next_responder()

    def _play_set(self, seat: int, play: Play, is_burn: bool) -> None:
        hand = self.hands[seat]
        for rank, n in play.counts().items():
            del hand[rank][-n:]
        self.sizes[seat] -= play.size
        self.pile.append(play)
        previous_owner = self.owner
        if self._burn.broken_by_cover and previous_owner in self.burners and self.top is not None:
            del self.burners[previous_owner]
            self._log("burn-released", previous_owner, "BURN-3")
        gouji = self._rules.is_gouji(play)
        self.stats["sets"] += 1
        self.stats["cards"] += play.size
        if gouji:
            self.stats["gouji_sets"] += 1
        if is_burn:
            self.burners[seat] = self.anchor
            self.stats["burns"] += 1
            self._log("burn", seat, "BURN-1", play)
        else:
            rule = "ROUND-1" if self.top is None else ("GOUJI-3" if self.restricted else "PLAY-4")
            self._log("lead" if self.top is None else "cover", seat, rule, play)
        by_yield = self.yield_window
        self.top, self.owner, self.anchor = play, seat, seat
        self.yield_window = False
        if self.sizes[seat] == 0:
            self._go_out(seat, play)
            if self.kind == OVER:
                return
        dead = self._rules.is_dead(play) or (gouji and not self.melee and self._use_dead_gouji(seat))
        if dead and self._dead_gouji_burnable and not self._rules.is_dead(play):
            # D§16 "除有烧牌者外": nobody answers a 够死级 set, but it may still be burned.
            self._log("dead-set", seat, "END-3", play, detail="only a burn may beat it")
            self._plan_responses(gouji, by_yield, burns_only=True)
            return
        if dead:
            self._log("dead-set", seat, "PLAY-5" if self._rules.is_dead(play) else "END-3", play)
            self._end_round()
            return
        self._plan_responses(gouji, by_yield)

    def _use_dead_gouji(self, seat: int) -> bool:
        """END-3 / OPEN-5: a gouji set nobody may answer (够死级)."""
        if seat == self.dead_gouji_seat:
            if self._dead_gouji_burnable:
                self.dead_gouji_seat = None  # D§16: one chance (一次机会), even if it is burned
            return True
        if self.dead_gouji_rights.get(seat, 0) > 0:
            self.dead_gouji_rights[seat] -= 1
            self.stats["dead_gouji"] += 1
            return True
        return False

    def _plan_responses(self, gouji: bool, by_yield: bool, burns_only: bool = False) -> None:
        anchor = self.anchor
        closer = (anchor + 3) % 6
        eligible = [s for s in self._order_after[self.owner]
                    if self.playing[s] and s not in self.passed and s != anchor]
        self.last_word_given = False
        self.last_decliner = None
        if burns_only:
            # A dead-gouji set that may be burned (dead_gouji_burnable): burn offers only,
            # to players who can burn (a headless player's cover would be no burn).
            self.restricted = True
            others = [s for s in self._order_after[anchor] if s in eligible and s != closer and self.has_head(s)]
            self.queue = self._burn.offer_order(anchor, others)
            self.last_word_given = True
        elif self.melee or not self.has_head(anchor):
            self.restricted = False
            self.queue = eligible
        elif gouji:
            # GOUJI-2 and BURN-2: burn offers first, then the opposite answers; a burn
            # policy with ``opposite_first`` asks the opposite first (T 二.3.(5)). A head
            # kept by ``keep_head`` answers nothing: only burns are offered.
            self.restricted = True
            others = [s for s in self._order_after[anchor] if s in eligible and s != closer]
            offers = self._burn.offer_order(anchor, others)
            opposite = [closer] if self.playing[closer] else []
            self.queue = opposite + offers if getattr(self._burn, "opposite_first", False) else offers + opposite
            self.last_word_given = True
        elif by_yield and self._yield_opposite_only:
            self.restricted = False
            self.queue = [closer]
            self.last_word_given = True
        else:
            self.restricted = False
            self.queue = eligible
        self.kind = RESPOND
        self._next_responder()

    def _next_responder(self) -> None:
        if self.queue:
            self.actor = self.queue[0]
            return
        closer = (self.anchor + 3) % 6
        if (not self.melee and not self.last_word_given and self.playing[closer]
                and self.last_decliner != closer and closer != self.owner):
            # ROUND-3: everyone passed; the opposite still has the last word.
            self.last_word_given = True
            self.queue = [closer]
            self.actor = closer
            return
        self._end_round()

    def _end_round(self) -> None:
        anchor = self.anchor
        if self.playing[anchor]:
            leader = anchor
            self._log("round-won", leader, "ROUND-5", self.top)
        else:
            leader = self.next_in_play(anchor)
            self._log("take-wind", leader, "END-4", self.top, detail=f"after seat {anchor}'s last set")
        self._reset_round(leader)

    def _go_out(self, seat: int, play: Play) -> None:
        place = self.places.index(None)  # a seat retired to a middle place keeps it
        self.places[place] = seat
        self.outs += 1
        self.playing[seat] = False
        self.burners.pop(seat, None)
        zh, en = PLACE_NAMES[place]
        self._log("out", seat, "END-1", detail=f"{zh} {en}")
        if self.playing[(seat + 3) % 6]:
            self.stats["headless"] += 1
            self._log("headless", (seat + 3) % 6, "END-2")
        if self.outs <= self._dead_gouji_after:
            self.dead_gouji_seat = (seat + 3) % 6
        if self._finish_if_decided():
            return
        self._start_melee_if_due()
        self.anchor = self.variant.call_hook("gouji_last_set_owner", game=self, seat=seat, play=play)

    def _start_melee_if_due(self) -> None:
        """END-5: the melee begins once ``melee_after_outs`` players went out, or once
        ``melee_when_left`` or fewer are still in play (C: 剩下少于等于四人), a head kept
        in play by :meth:`keep_head` counting (T 二.3.(10): 假烧者…仍计算在比赛者内)."""
        left = sum(self.playing) + len(self.heads_in_play)
        if not self.melee and (self.outs >= self._melee_after or left <= self._melee_when_left):
            if self._melee_after_round and self.top is not None:
                # D§16: the round of 二科's last set is played out under the usual rules.
                self._melee_due = True
                return
            self.melee = True
            self.stats["melee"] += 1
            self._log("melee", None, "END-5")

    def _fail_burn(self, seat: int) -> None:
        """BURN-4: a burner with no legal lead has failed; the burn policy says what follows."""
        if seat not in self.burners:
            raise GoujiError(f"seat {seat} has no legal set to lead: a plugin forbade every set")
        victim = self.burners.pop(seat)
        leader = self._burn.fail(self, seat, victim)
        if not self.is_over:
            self._reset_round(leader)

    def _finish_if_decided(self) -> bool:
        left = [s for s in range(6) if self.playing[s]]
        if len(left) > 1:
            return False
        for seat in left:
            self.places[self.places.index(None)] = seat
            self.playing[seat] = False
        self.kind = OVER
        self.actor = None
        self._legal, self._legal_set = [], frozenset()
        self._log("game-over", None, "END-1", detail=" ".join(map(str, self.finish_order)))
        return True

    def _log(self, kind: str, seat: int | None, rule: str, play: Play | None = None, detail: str = "",
             visible_to: Iterable[int] | None = None) -> None:
        self.events.append(Event(kind, seat, rule, play, detail, visible_to))

    # -- records -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game as JSON-ready data: variant, options, seed and every decision."""
        from gouji.record import game_record

        return game_record(self)

    def log_text(self) -> str:
        """The readable log, one event a line."""
        return "\n".join(e.text() for e in self.events)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.actor} to {self.kind}"
        return f"<Game {self.variant.name} seed={self.seed} {state}, {len(self.history)} actions>"


def _suit_key(suit: Any) -> int:
    return -1 if suit is None else int(suit)


def _check_seat(seat: int) -> None:
    if not isinstance(seat, int) or not 0 <= seat < 6:
        raise GoujiError(f"a seat is 0-5, not {seat!r}")
