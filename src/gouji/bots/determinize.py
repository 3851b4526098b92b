"""Determinizations: games one seat may imagine it is deciding in, each built afresh from what
that seat knows.

A search bot (:class:`~gouji.bots.basic.SearchingBot`) plays possible futures out, and to play
a game out it needs every hand. :func:`gouji.bots.basic.decide` hands it a
:class:`Determinizer` of the game and the seat to decide. When it is built the determinizer
reads what the seat may know, and keeps only that (never the game):

* the seat's observation (:meth:`Game.observation <gouji.Game.observation>`: its hand, the
  public log and its own private events), the variant and the game's context (the public
  facts of the games before it);
* the actions taken so far as the seat saw them (:meth:`Game.seen_actions
  <gouji.Game.seen_actions>`: ``None`` for a choice made between other seats) and the cards
  handed between hands in its sight (:meth:`Game.seen_moves <gouji.Game.seen_moves>`);
* the cards it was dealt, and the hand sizes every seat counts at the table.

Each :meth:`Determinizer.sample` deals the cards the seat did not see again from the bot's
generator, builds a **new game** of the variant from that deal (``Variant.new_game(deal=...)``:
the public cut and first leader, a seed drawn from the same generator, its log kept as the
seat sees it: ``viewer``), and replays the actions the seat saw; a choice it did not see (a
card handed back face down, D§15's order of sets) is made again in the world. A world is
kept only if it then shows the seat exactly what the true game shows it
(``world.observation(seat) == game.observation(seat)``); its record, seed, deal, generator and
log are its own, so nothing in it leads back to the true hands.

The deal respects what the seat knows of where cards are:

* every card a seat played in public, gave in public (a tribute card, a 3 sold) or was seen
  to give, it was dealt or handed (so a public tribute card stays with its receiver);
* a seat that said it holds no more 大王, 小王 or 2 (a short tribute, a revolution) was dealt
  only those it gave away; a tribute card is its giver's biggest (TRIB-1: who gives a 2 held
  no joker);
* a hand shown to the seat (D§15 挑牌) is the hand that seat was shown;
* a seat that bought a 3 (END-7), or has none, held none; in a hold-three variant a seat that
  bought none was dealt one (and under district's 开点出4 a 4 too), unless it got one first; and
  where the variant's own deal gives every seat some cards of a rank (dagang196: one 3 and one
  4 each, DECK-1), so does a world's;
* a seat smothered in public (END-8, "被鳖三") held 3s only then, and they stay in its hand: it
  was dealt what it played and gave, less what it got, and those 3s;
* the hand sizes are public, so the seat knows how many cards a hidden hand got or handed over
  out of its sight (TRIB-2: a card handed back face down), not which: a receiver may have
  played such a card without being dealt it, so the deal draws for each a rank it played (or
  none), the giver is dealt it and the world's giver hands it over first.

The cards each hidden hand was dealt are the pack less the seat's own hand, pooled by card in
one canonical order before they are shuffled, so the worlds depend only on what the seat saw:
two games that differ only in cards hidden from the seat give the same worlds to the same
generator (the twin-game test of ``tests/bots/test_fair_bots.py``). What the seat could only
infer (a seat that passed on a set it could have covered, the 3s that won the first lead,
OPEN-3) is not used: the samples are a fair, not a shrewd, guess; the suits of the cards
played are not shown, so a world's played cards keep the suits its own hands give them.

A deal that no replay can follow is dealt again (a few times); when no world can be built
:meth:`~Determinizer.sample` raises :class:`NoWorldError` (a variant's phase that reads hands
in a way these rules do not know), and ``ismcts`` then plays ``expert``'s choice.

>>> import random
>>> import gouji
>>> from gouji.bots.determinize import Determinizer
>>> game = gouji.load_variant("provincial").new_game(seed=3)
>>> seat = game.current_player
>>> world = Determinizer(game, seat).sample(random.Random(1))
>>> world.hand(seat) == game.hand(seat)
True
>>> [world.hand_size(s) for s in range(6)] == [game.hand_size(s) for s in range(6)]
True
>>> world.observation(seat) == game.observation(seat)
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from gouji.engine.actions import CLOSE, PASS, YIELD, Action
from gouji.engine.cards import BIG_JOKER, FOUR, SMALL_JOKER, THREE, TWO, Card
from gouji.engine.opening import Dealt, read_cut
from gouji.engine.plays import Play
from gouji.engine.round import PHASE, RESPOND, check_seat, suit_key
from gouji.errors import GoujiError

if TYPE_CHECKING:
    import random

    from gouji.engine.context import GameContext
    from gouji.engine.events import Event
    from gouji.engine.game import Game, Observation
    from gouji.plugins.variant import Variant

#: The tribute cards (TRIB-1), biggest first: a tribute is paid with the biggest of them.
MONEY = (BIG_JOKER, SMALL_JOKER, TWO)
#: Deals tried for one sample, and choices tried again in one replay, before giving up.
DEALS_TRIED = 8
CHOICES_TRIED = 60

_PLAYED = frozenset({"lead", "cover", "burn", "set-aside"})
#: Events that say their seat holds no card of a rank: a 3 bought (END-7), none to be had.
_SHORT_OF = {"buy-three": THREE, "no-three": THREE, "no-four": FOUR}
_DEAL_SIZES = re.compile(r"^\[(\d+(?:, \d+){5})\] cards")
#: A seat's word that it holds no tribute card (a short tribute, a revolution: D§21, OPEN-5).
_NO_MONEY = re.compile(r"\bno (more )?大王, 小王 or 2\b")


class NoWorldError(GoujiError):
    """No world consistent with what the seat saw could be built (see the module)."""


#: Sample deals of a variant's own ``gouji_deal`` read for :func:`_dealt_least`.
SAMPLE_DEALS = 40
_DEALT_LEAST: dict[str, dict[int, int]] = {}


def _dealt_least(variant: Variant) -> dict[int, int]:
    """The cards of a rank the variant's deal gives every seat at least (DECK-1 of dagang196:
    one 3 and one 4 each), as ``SAMPLE_DEALS`` deals of fixed shuffles show it: a world is
    dealt so too. A copy, read once per variant."""
    import random

    key = repr((variant.name, sorted(variant.options.to_plain().items())))
    found = _DEALT_LEAST.get(key)
    if found is None:
        pack = variant.deck()
        least: dict[int, int] | None = None
        for n in range(SAMPLE_DEALS):
            pile = list(pack)
            random.Random(n).shuffle(pile)
            deal = variant.call_hook("gouji_deal", options=variant.options, pile=tuple(pile), first_drawer=0)
            counts = [Counter(card.rank for card in hand) for hand in deal.hands()]
            now = {rank: min(c[rank] for c in counts) for rank in range(3, BIG_JOKER + 1)}
            least = now if least is None else {rank: min(least[rank], now[rank]) for rank in least}
        found = _DEALT_LEAST[key] = {rank: n for rank, n in (least or {}).items() if n}
    return dict(found)


def _card_key(card: Card) -> tuple[int, int]:
    return card.rank, suit_key(card.suit)


@attrs.frozen
class _Known:
    """What the seat knows of one hidden hand as it was dealt: cards it certainly held (with
    their suits), how many of each rank it held at least and at most, and its size."""

    exact: Counter[Card]
    least: Counter[int]
    most: dict[int, int]
    size: int
    #: The suits of each rank it was seen to give: its other cards of that rank are dealt in them
    #: first, so that the world gives the very card the seat saw given.
    suits: dict[int, list[Card]]
    #: Cards it got that the seat did not see handed (a card handed back face down, TRIB-2):
    #: each may be of any rank, so ``least`` may be short by as many (see ``_deal``).
    unseen: int = 0


class Determinizer:
    """Samples of the game as ``seat`` may imagine it (see the module). Built from the game's
    view for that seat; it keeps no reference to the game, and later moves of the true game
    do not reach it."""

    def __init__(self, game: Game, seat: int) -> None:
        check_seat(seat)
        if game.is_over:
            raise GoujiError("the game is over: there is nothing to search")
        self.seat = seat
        self.variant: Variant = game.variant
        self._context: GameContext = game.context
        self._observation: Observation = game.observation(seat)
        try:
            self._seen: tuple[tuple[int | None, Action | None], ...] = tuple(game.seen_actions(seat))
            moves = game.seen_moves(seat)
        except GoujiError as refused:
            # An older pickle: what the seat saw is not known, so no world is built (a search bot
            # plays its fallback); the bot's call must not fail for it.
            self._refused: str | None = str(refused)
            self._seen, moves = (), []
        else:
            self._refused = None
        sizes = [game.hand_size(s) for s in range(6)]
        others = [s for s in range(6) if s != seat]
        #: How many cards the seat cannot see (the other hands together).
        self.hidden = sum(sizes[s] for s in others)
        self._pool: list[Card] = []
        self._givers: dict[int, int] = {}
        #: The ranks each giver is to hand over out of the seat's sight in the world being built.
        self._handing: dict[int, Counter[int]] = {}
        if self._refused is not None:
            return
        history = self._observation.history
        cut = next((e for e in history if e.kind == "cut"), None)
        self._position: int | None = None
        self._dealt_cut = None if cut is None or cut.seat is None else read_cut(cut.seat, cut.detail)
        self._leader: int | None = None
        self._known: dict[int, _Known] = {}
        self._plays: dict[int, Counter[int]] = {}
        self._received: dict[int, Counter[int]] = {}
        self._own: tuple[Card, ...] = ()
        if game.position is not None:
            hands, self._position = game.position
            self._own = tuple(hands[seat])
            dealt_sizes = [len(h) for h in hands]
        elif game.deal is not None and self._dealt_cut is not None:
            self._own = tuple(card for s, card in game.deal.draws if s == seat)
            self._leader = next(e.seat for e in history if e.kind == "lead-right")
            deal = next(e for e in history if e.kind == "deal")
            match = _DEAL_SIZES.match(deal.detail)
            if match is None:
                raise GoujiError(f"the deal's log line does not say the hands' sizes: {deal.detail!r:.60}")
            dealt_sizes = [int(n) for n in match.group(1).split(", ")]
        else:
            return  # before the cut: nothing is dealt yet, nothing is hidden
        #: Each hidden seat's sets played in public, by rank, and the cards it was seen given
        #: (a card it keeps: a private choice hands over another first).
        self._received = {s: Counter() for s in others}
        for _, receiver, card in moves:
            if receiver in self._received:
                self._received[receiver][card.rank] += 1
        self._plays = {s: Counter() for s in others}
        for event in history:
            if event.seat in self._plays and event.kind in _PLAYED and event.play is not None:
                self._plays[event.seat].update(event.play.counts())
        flow = {s: sizes[s] - dealt_sizes[s] + self._plays[s].total() + sum(1 for g, _, _ in moves if g == s)
                - self._received[s].total() for s in others}
        # The hand sizes are public: what a hidden hand holds beyond its deal, its plays and the
        # moves the seat saw, it got out of the seat's sight (TRIB-2: a card handed back face
        # down), and what it holds short of them it handed over so: how many, never which.
        #: The seats that handed cards over out of the seat's sight, and how many.
        self._givers = {s: -n for s, n in flow.items() if n < 0}
        self._known = {s: _known(s, dealt_sizes[s], history, moves, sizes[s], flow[s]) for s in others}
        _bound_sellers(self._known, history)
        if self._position is None:
            dealt = _dealt_least(self.variant)
            bought = _bought_ranks(self.variant)
            out = {e.seat for e in history if e.kind == "no-three"}
            held = {**dealt, **{r: max(dealt.get(r, 0), 1) for r in bought}}
            for s, known in self._known.items():
                for rank, n in held.items():
                    if rank not in dealt and (self._received[s][rank] or known.unseen or s in out):
                        # Who is short of the rank buys one (END-7, 开点出4): a seat that did not
                        # held one then, but maybe one it got before; a seat out for want of a 3
                        # is asked nothing more.
                        continue
                    if known.most.get(rank, n) >= n and known.size >= n:
                        known.least[rank] = max(known.least[rank], n)
        pool = Counter(self.variant.deck())
        pool.subtract(self._own)
        #: Every card the seat did not see dealt, in one canonical order: the same wherever it is.
        self._pool = sorted(pool.elements(), key=_card_key)

    def sample(self, rng: random.Random) -> Game:
        """A new game built from a deal drawn from ``rng`` and the actions the seat saw,
        showing the seat what the true game shows it (see the module); raise
        :class:`NoWorldError` when no deal tried gives one."""
        if self._refused is not None:
            raise NoWorldError(self._refused)
        for _ in range(DEALS_TRIED):
            world = self._world(rng)
            if world is not None:
                return world
        raise NoWorldError(f"no deal of the hidden cards replays what seat {self.seat} saw "
                           f"({DEALS_TRIED} tried)")

    # -- one world ------------------------------------------------------------------------------
    def _world(self, rng: random.Random) -> Game | None:
        seed = rng.getrandbits(63)
        if not self._known:
            world = self.variant.new_game(seed=seed, context=self._context, viewer=self.seat)
        else:
            hands = self._deal(rng)
            if hands is None:
                return None
            if self._position is not None:
                world = self.variant.new_position(hands, self._position)
            else:
                assert self._dealt_cut is not None and self._leader is not None
                world = self.variant.new_game(seed=seed, context=self._context, viewer=self.seat,
                                              deal=Dealt(self._dealt_cut, tuple(map(tuple, hands)), self._leader))
        replayed = self._replay(world, rng)
        if replayed is None:
            return None
        seen = replayed.observation(self.seat)
        # The same view, but for how many decisions it took (a seat that declined by a decision
        # in the world, not in the true game, or the other way round).
        if attrs.evolve(seen, turn=self._observation.turn) != self._observation:
            return None
        return replayed

    def _deal(self, rng: random.Random) -> list[list[Card]] | None:
        """Each seat's dealt cards: the seat's own, and for each other what it is known to have
        held, then cards of the pool at random up to its size within what it may hold."""
        pool = Counter(self._pool)
        ranks: dict[int, Counter[int]] = {}
        for s, known in self._known.items():
            exact = known.exact & pool
            pool.subtract(exact)
            ranks[s] = Counter(card.rank for card in exact.elements())
        left = Counter(card.rank for card in pool.elements())
        bounds = {s: known.least.copy() for s, known in self._known.items()}
        self._handing = self._plan_unseen(rng, bounds)
        for s in self._known:
            for rank, least in bounds[s].items():
                more = min(least - ranks[s][rank], left[rank])
                if more > 0:
                    ranks[s][rank] += more
                    left[rank] -= more
        room = {s: known.size - sum(ranks[s].values()) for s, known in self._known.items()}
        if any(n < 0 for n in room.values()):
            return None
        # Ranks some hand may hold only so many of are dealt first, among the hands that may.
        order = sorted(left.elements())
        capped = [r for r in order if any(r in k.most for k in self._known.values())]
        free = [r for r in order if not any(r in k.most for k in self._known.values())]
        rng.shuffle(capped)
        rng.shuffle(free)
        for rank in capped + free:
            takers = [s for s in room if room[s] and ranks[s][rank] < self._known[s].most.get(rank, 1 << 30)]
            if not takers:
                return None
            total = sum(room[s] for s in takers)
            pick = rng.randrange(total)
            for s in takers:
                pick -= room[s]
                if pick < 0:
                    break
            ranks[s][rank] += 1
            room[s] -= 1
        if any(room.values()):
            return None
        return self._suited(ranks)

    def _plan_unseen(self, rng: random.Random, least: dict[int, Counter[int]]) -> dict[int, Counter[int]]:
        """For each card a hidden hand got out of the seat's sight, the rank the world hands it,
        drawn from ``rng``: one of the ranks it must have held (a card played it was not dealt
        then) or none in particular. The receiver need not be dealt it, a giver must be: both
        bounds in ``least`` change. The ranks each giver is to hand over (read by ``_choices``)."""
        plan: dict[int, Counter[int]] = {}
        if not self._givers:
            return plan
        for s, known in self._known.items():
            for _ in range(known.unseen):
                givers = [g for g in self._givers if g != s]
                options: list[int | None] = [*sorted(least[s].elements()), None]
                rank = options[rng.randrange(len(options))]
                if rank is None or not givers:
                    continue
                giver = givers[rng.randrange(len(givers))]
                if least[giver][rank] >= self._known[giver].most.get(rank, 1 << 30):
                    continue  # the giver holds no more of it: the receiver was dealt it
                least[s][rank] -= 1
                least[giver][rank] += 1
                plan.setdefault(giver, Counter())[rank] += 1
        return plan

    def _suited(self, ranks: dict[int, Counter[int]]) -> list[list[Card]]:
        """The cards of the ranks dealt: each seat's exact cards, then in each rank a seat's
        cards of the suits it was seen to give first, the rest in the pool's order."""
        hands: list[list[Card]] = [[] for _ in range(6)]
        hands[self.seat] = sorted(self._own, key=_card_key)
        pool = Counter(self._pool)
        wanted = {s: Counter(r) for s, r in ranks.items()}
        for s, known in self._known.items():
            exact = known.exact & pool
            pool.subtract(exact)
            hands[s] += exact.elements()
            wanted[s].subtract(Counter(card.rank for card in exact.elements()))
        by_rank: dict[int, list[Card]] = {}
        for card in sorted(pool.elements(), key=_card_key):
            by_rank.setdefault(card.rank, []).append(card)
        # The suits a seat was seen to give, first, and as many of each as the pool holds: a
        # plugin hands over the first (dagang: the last) card of the rank in hand order, so a
        # world's hand holding only that suit of it gives the very card whichever it takes.
        for s, known in self._known.items():
            for rank, suited in known.suits.items():
                cards = by_rank.get(rank, [])
                for card in suited:
                    while wanted[s][rank] > 0 and card in cards:
                        cards.remove(card)
                        hands[s].append(card)
                        wanted[s][rank] -= 1
        # Beyond those: dagang hands over the highest suit a seat holds of a rank, so a seat
        # seen to give a rank takes the lowest suits left of it, the others the highest.
        named = sorted(self._known, key=lambda s: not self._known[s].suits)
        for s in named:
            for rank, n in sorted(wanted[s].items()):
                if n <= 0:
                    continue
                cards = by_rank[rank]
                if rank in self._known[s].suits:
                    hands[s] += cards[:n]
                    del cards[:n]
                else:
                    hands[s] += cards[len(cards) - n:]
                    del cards[len(cards) - n:]
        return [sorted(hand, key=_card_key) for hand in hands]

    def _replay(self, world: Game, rng: random.Random) -> Game | None:
        """The actions the seat saw, applied to ``world`` by the seats that took them; each it
        did not see chosen again in the world (a choice kept between other seats), tried again
        where a later action does not follow. Where the seat saw another seat decline with no
        decision of its own (the engine passes a seat that cannot cover), the world's seat
        declines too, by a decision, if it could cover in the world; where the world passes a
        seat that the seat saw decline by a decision, that decision is not needed. ``None``
        when none of the choices tried replays it all."""
        stack: list[tuple[int, Game, list[Action]]] = []
        tries = 0
        turn = 0
        while True:
            turn = self._follow(world, turn, stack, rng)
            if turn == len(self._seen) and self._align(world, self._observation.current_player, None):
                return world
            # Back to the last choice the seat did not see that has another option.
            while stack and not stack[-1][2]:
                stack.pop()
            tries += 1
            if not stack or tries > CHOICES_TRIED:
                return None
            turn, saved, rest = stack[-1]
            stack[-1] = (turn, saved, rest[1:])
            world = saved.clone()
            try:
                world.apply(rest[0])
            except GoujiError:
                continue
            turn += 1

    def _follow(self, world: Game, turn: int, stack: list[tuple[int, Game, list[Action]]],
                rng: random.Random) -> int:
        """Apply the seen actions from ``turn`` on; the turn it stopped at (all: done)."""
        seen = self._seen
        while turn < len(seen):
            actor, action = seen[turn]
            if actor is not None:
                if not self._align(world, actor, action):
                    return turn
                if world.current_player != actor:  # the world passed him already: a decline
                    turn += 1
                    continue
            if action is None:
                choices = self._choices(world, turn, rng)
                if not choices:
                    return turn
                stack.append((turn, world.clone(), choices[1:]))
                action = choices[0]
            elif self._private(world):
                return turn
            try:
                world.apply(action)
            except GoujiError:
                return turn
            turn += 1
        return turn

    def _align(self, world: Game, actor: int | None, action: Action | None) -> bool:
        """Bring ``world`` to ``actor``'s decision: the other seats to answer before him
        decline (the seat saw them pass with no decision). False when the world cannot get
        there (another decision than an answer stands before it)."""
        while world.current_player != actor:
            if action in _DECLINES and actor is not None and _declined(world, actor):
                return True  # he declined in the world already (he could not cover there)
            now = world.current_player
            if now is None or now == self.seat or world.decision != RESPOND:
                return False
            legal = world.legal_actions()
            try:
                world.apply(CLOSE if CLOSE in legal else PASS)
            except GoujiError:
                return False
        return True

    def _private(self, world: Game) -> bool:
        """Is the decision now one the seat would not see (a phase's choice kept between others)?"""
        if world.decision != PHASE or not world.phases:
            return False
        shown = getattr(world.phases[0], "visible_to", None)
        legal = world.legal_actions()
        if shown is None or not legal:
            return False
        seats = shown(world, legal[0])
        return seats is not None and self.seat not in seats

    def _set_fits(self, world: Game, turn: int) -> Callable[[Play], bool]:
        """For a run of choices the seat did not see that name sets (D§15: a teammate names
        the leader's sets one by one), whether naming a set still leaves the cards of the seat
        that leads after the run to fill the run's other choices: no fewer cards than choices
        left, no more ranks."""
        seen = self._seen
        actor = seen[turn][0]
        end = turn
        while end < len(seen) and seen[end] == (actor, None):
            end += 1
        begin = turn
        while begin > 0 and seen[begin - 1] == (actor, None):
            begin -= 1
        owner = seen[end][0] if end < len(seen) else None
        if owner is None or turn - begin > len(world.history):
            return _every_set_fits
        left: Counter[int] = Counter(dict(enumerate(world.rank_counts(owner))))
        for action in world.history[len(world.history) - (turn - begin):]:
            chosen = getattr(action, "chosen", None)
            if isinstance(chosen, Play):
                left.subtract(chosen.counts())
        slots = end - turn - 1

        def fits(play: Play) -> bool:
            rest = left.copy()
            rest.subtract(play.counts())
            if any(n < 0 for n in rest.values()):
                return False
            return sum(1 for n in rest.values() if n) <= slots <= sum(rest.values())

        return fits

    def _choices(self, world: Game, turn: int, rng: random.Random) -> list[Action]:
        """The options of a choice the seat did not see, in the order tried: a set the seat
        sees played later first (D§15: the order of sets is the order they are led), then a
        card the chooser holds to spare (one it is not seen to play later), then the rest, in
        an order drawn from ``rng``."""
        if not self._private(world):
            return []
        legal = world.legal_actions()
        rng.shuffle(legal)
        later = [getattr(a, "play", None) for _, a in self._seen[turn + 1:] if a is not None]
        plays = [p for p in later if isinstance(p, Play)]
        actor = world.current_player
        needed = self._plays.get(actor, Counter()) + self._received.get(actor, Counter()) \
            if actor is not None else Counter()
        fits = self._set_fits(world, turn)
        handing = self._handing.get(actor, Counter()) if actor is not None else Counter()
        if handing:  # what the deal meant it to hand over, less what it has handed so far
            handed = [getattr(action, "rank", None) for (who, shown), action
                      in zip(world.seen_actions(self.seat), world.history, strict=False)
                      if who == actor and shown is None]
            handing = handing - Counter(rank for rank in handed if isinstance(rank, int))

        def order(action: Action) -> tuple[int, int]:
            chosen = getattr(action, "chosen", None)
            if isinstance(chosen, Play):
                if not fits(chosen):
                    return 3, 0
                return (0, plays.index(chosen)) if chosen in plays else (1, 0)
            rank = getattr(action, "rank", None)
            if isinstance(rank, int) and actor is not None and 3 <= rank <= BIG_JOKER:
                if handing[rank] > 0:
                    return 0, 0
                spare = world.rank_count(actor, rank) - needed[rank]
                return (1, 0) if spare > 0 else (2, 0)
            return 1, 0

        return sorted(legal, key=order)


def _every_set_fits(play: Play) -> bool:
    return True


#: A 3 (a 4) bought or given in public (END-7): dagang's "buys ♦3 from seat 5 for ♦2",
#: district's "a 3, bought from seat 5 for ♣2" and "a 4, given by seat 2".
_SOLD = re.compile(r"^(?:buys (\S+) from seat (\d)|a ([34]), (?:bought from|given by) seat (\d))")


def _bound_sellers(known: dict[int, _Known], history: tuple[Event, ...]) -> None:
    """END-7: nobody sells or gives his only 3 (4): the seller held two of it at least then.
    The opposite is asked first: one passed over for another seller held one at most."""
    gave: Counter[tuple[int, int]] = Counter()
    out: set[int | None] = set()  # out of play (END-7: no 3), so never asked
    for event in history:
        if event.kind == "no-three":
            out.add(event.seat)
        match = _SOLD.match(event.detail) if event.kind in ("buy", "buy-three") else None
        if match is None or event.seat is None:
            continue
        if match.group(1) is not None:
            try:
                rank = Card.parse(match.group(1)).rank
            except GoujiError:
                continue
            seller = int(match.group(2))
        else:
            rank, seller = int(match.group(3)), int(match.group(4))
        opposite = (event.seat + 3) % 6
        if opposite != seller and opposite in known and opposite not in out:
            # passed over: one at most then, and those it had given since
            bound = known[opposite]
            cap = 1 + gave[opposite, rank]
            if bound.least[rank] <= cap:
                bound.most[rank] = min(bound.most.get(rank, cap), cap)
        gave[seller, rank] += 1
        if seller in known:  # two at least then: the one sold, one kept
            bound = known[seller]
            if bound.most.get(rank, 1 << 30) > gave[seller, rank]:
                bound.least[rank] = max(bound.least[rank], gave[seller, rank] + 1)


def _bought_ranks(variant: Variant) -> tuple[int, ...]:
    """END-7: the ranks every seat short of one is asked to buy before play, so that a seat
    that bought none held one: 3s under hold-three, and district's 4s under 开点出4 (its
    policy's ``buy_four``, T 二.3.(6): "无4不开点")."""
    policy = variant.hold_three_policy
    if not policy.active:
        return ()
    threes = (THREE,) if getattr(policy, "hold_three", True) is not False else ()
    return threes + ((FOUR,) if getattr(policy, "buy_four", False) is True else ())


def _known(seat: int, size: int, history: tuple[Event, ...], moves: list[tuple[int, int, Card]],
           now: int, flow: int) -> _Known:
    """What the log and the moves the seat saw say of the hand ``seat`` was dealt, holding
    ``now`` cards, ``flow`` more (fewer) than the moves seen leave it (handed out of sight)."""
    out_ranks: Counter[int] = Counter()
    for event in history:
        if event.seat == seat and event.kind in _PLAYED and event.play is not None:
            out_ranks.update(event.play.counts())
    gave = Counter(card for giver, _, card in moves if giver == seat)
    got = Counter(card for _, receiver, card in moves if receiver == seat)
    out_ranks.update(card.rank for card in gave.elements())
    in_ranks = Counter(card.rank for card in got.elements())
    least = out_ranks - in_ranks
    exact = gave - got
    most: dict[int, int] = {}
    suits: dict[int, list[Card]] = {}
    for card in sorted(gave, key=_card_key):
        suits.setdefault(card.rank, []).append(card)
    # TRIB-1: a tribute is paid from the hand dealt (a card got in the same tribute is not
    # passed on): every tribute card was dealt, and the biggest are given first.
    paid = Counter(card for event in history if event.seat == seat and event.kind == "tribute"
                   for card in _cards_named(event.detail) if card.rank in MONEY)
    exact |= paid
    for rank, n in Counter(card.rank for card in paid.elements()).items():
        least[rank] = max(least[rank], n)
    net = {rank: max(least[rank], out_ranks[rank] - in_ranks[rank]) for rank in MONEY}
    tributes = sorted(card.rank for card in paid.elements())
    for index, event in enumerate(history):
        if event.seat != seat:
            continue
        if _NO_MONEY.search(event.detail):  # none left: after the tribute, none dealt beyond it
            for rank in MONEY:
                held = least[rank] if event.kind == "tribute" else net[rank]
                most[rank] = min(most.get(rank, held), held)
        short = _SHORT_OF.get(event.kind)
        if short is None and event.kind == "buy":  # district: "a 3, bought from …", "a 4, …"
            short = {"a 3": THREE, "a 4": FOUR}.get(event.detail[:3])
        if short is not None:  # END-7, TRIB-5: who buys a 3 (a 4), or has none, held none
            most[short] = least[short]
        if event.kind == "pick-hand":  # shown to the seat (it is in its view)
            return _shown_hand(size, Counter(_cards_named(event.detail)), seat, history[:index], gave, got)
        if event.kind == "smothered" and flow == 0:
            # END-8, said in public: the hand held 3s only, and is out with them ("4 3s void"):
            # it was dealt what it played and gave, less what it got, and those 3s, no more.
            least[THREE] = max(least[THREE], out_ranks[THREE] - in_ranks[THREE] + now)
            most = {rank: least[rank] for rank in range(3, BIG_JOKER + 1)}
            return _Known(exact, least, most, size, suits)
    if tributes:
        smallest = tributes[0]
        for rank in MONEY:
            if rank > smallest:
                cap = max(least[rank], tributes.count(rank))
                most[rank] = min(most.get(rank, cap), cap)
    return _Known(exact, least, most, size, suits, max(flow, 0))


_DECLINED = frozenset({"pass", "close", "auto-pass", "auto-close", "no-burn", "yield"})
#: The decisions that decline a set (ROUND-2, ROUND-4, ROUND-5).
_DECLINES = (PASS, CLOSE, YIELD)


def _declined(world: Game, seat: int) -> bool:
    """Has ``seat`` declined the set on the table in ``world`` (since the round's last lead)?"""
    for event in reversed(world.events):
        if event.kind == "lead":
            return False
        if event.seat == seat and event.kind in _DECLINED:
            return True
    return False


def _shown_hand(size: int, shown: Counter[Card], seat: int, before_shown: tuple[Event, ...],
                gave: Counter[Card], got: Counter[Card]) -> _Known:
    """D§15: the hand shown was the dealt hand less the cards played before it was shown and
    the moves made: every card of it is known (but the suits of those played before)."""
    before: Counter[int] = Counter()
    for event in before_shown:
        if event.seat == seat and event.kind in _PLAYED and event.play is not None:
            before.update(event.play.counts())
    exact = (shown + gave) - got
    least = Counter(card.rank for card in exact.elements()) + before
    most = dict(least)
    most.update({rank: 0 for rank in range(3, BIG_JOKER + 1) if rank not in least})
    return _Known(exact, least, most, size, {})


def _cards_named(detail: str) -> list[Card]:
    """The cards a log line names after its first ``": "`` (``"落贡 to seat 3: 大王 — …"``),
    up to the first word that is no card."""
    _, sep, rest = detail.partition(": ")
    cards: list[Card] = []
    if not sep:
        return cards
    for word in rest.split():
        try:
            cards.append(Card.parse(word.rstrip(",;")))
        except GoujiError:
            break
    return cards


__all__ = ["Determinizer", "NoWorldError"]
