"""REF-3 (D§28-30) and D§8.(一): the referee's rulings.

The game loop only accepts legal actions, so a wrong set never reaches the
table: ``apply()`` refuses it and the player chooses again. A referee at a
real table sees what the engine cannot (a card shown while drawing, signals
between teammates, a false count, cards stolen from the pile) and rules on
it. Each ruling is a :class:`~gouji.rules.dagang.actions.Ruling`, an action
no player chooses (``referee = True``): the game accepts it at any time
before it ends, records it, and a replay applies it again.

The penalties of D§29, and how the engine carries them out:

``warning`` (警告)
    logged and counted; a repeated warning offence costs a turn (D§30 "重复上述行为者 … 其一次至多次发(顺)牌权"):
    exposing a card and signalling are listed together, so either repeats the other.
``lose-turn`` (取消一次发(顺)牌权)
    the offender's next turn is lost: an answer to a set is a pass (the
    close, if he holds the last word), a lead goes to the next player in
    play. Ruled during his turn it takes effect at once (the 错牌不出 of
    D§8.(一)); otherwise at his next turn, where a lead lost is his only
    choice (``dagang-forfeit``).
``points`` (罚分)
    the given points go to the offender's opponents (D§20 records only
    positive points).
``last`` (罚为大落)
    he leaves play as 大落 (the lowest free place), his cards void.
``disqualify`` (取消参赛资格)
    he leaves play at the lowest free place; a series counts him as a
    player who changes (two changes make a re-cut, D§6).
``make-up`` (补贡)
    a concealed tribute card is handed over now: his biggest 大王, 小王 or 2
    goes to ``target``.

:class:`Referee` knows the offences D§30 names and the penalty each draws,
escalating on repetition (over the series, through ``GameContext.carry``): a
repeat is any earlier offence of the same list of D§30 ("重复上述行为者").
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from gouji.engine.vocabulary import Term, decision_term, event_term
from gouji.errors import GoujiError, IllegalActionError
from gouji.plugins.surface import LEAD
from gouji.rules.dagang.actions import (
    DISQUALIFY,
    FORFEIT,
    LAST,
    LOSE_TURN,
    MAKE_UP,
    POINTS,
    WARNING,
    Ruling,
    ruling_fields_problem,
)
from gouji.rules.dagang.state import PLUGIN_STATE, carried_offences, get_state, update_state
from gouji.rules.dagang.tribute import TRIBUTE_RANKS

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


RULE = "REF-3"
_DECLINES = ("pass", "auto-pass", "no-burn", "close", "auto-close", "lost-lead")


#: D§30's first paragraph: exposing a card while drawing, signalling (警告; a repeat costs turns).
WARNING_GROUP = "warning-offences"
#: D§30's third paragraph: extra cards, stealing, mixing (大落; a repeat disqualifies).
LAST_GROUP = "last-offences"


class Offence(enum.Enum):
    """The offences of D§30 (and D§8.(一)), each with its penalty, the penalty for a repeat,
    and its group: "重复上述行为者" repeats any offence of the same paragraph's list."""

    EXPOSED_CARD = ("exposed-card", WARNING, LOSE_TURN, "摸牌时将下家牌带出并曝光", WARNING_GROUP)
    SIGNALLING = ("signalling", WARNING, LOSE_TURN, "联邦间非法传递信息", WARNING_GROUP)
    WRONG_PLAY = ("wrong-play", LOSE_TURN, LOSE_TURN, "误发", "wrong-play")
    MISSED_PLAY = ("missed-play", LOSE_TURN, LOSE_TURN, "漏发", "missed-play")
    REFUSED_RETURN = ("refused-return", LOSE_TURN, LOSE_TURN, "进贡者对应收回牌而拒收", "refused-return")
    PLAY_AFTER_PASS = ("play-after-pass", LOSE_TURN, LOSE_TURN, "声明过牌后下家未发牌前又重新发牌",
                       "play-after-pass")
    FALSE_COUNT = ("false-count", LOSE_TURN, LOSE_TURN, "报户不实", "false-count")
    CONCEALED_TRIBUTE = ("concealed-tribute", MAKE_UP, MAKE_UP, "隐瞒贡牌", "concealed-tribute")
    EXTRA_CARDS = ("extra-cards", LAST, DISQUALIFY, "多摸牌不报", LAST_GROUP)
    STEALING = ("stealing", LAST, DISQUALIFY, "从已发过的牌中偷牌", LAST_GROUP)
    MIXING = ("mixing", LAST, DISQUALIFY, "将手中牌混入已发牌中", LAST_GROUP)
    WRONG_FOLLOW = ("wrong-follow", LOSE_TURN, LOSE_TURN, "错牌 (D§8.(一) 错牌不出)", "wrong-follow")

    @property
    def code(self) -> str:
        return self.value[0]

    @property
    def first(self) -> str:
        return self.value[1]

    @property
    def repeated(self) -> str:
        return self.value[2]

    @property
    def chinese(self) -> str:
        return self.value[3]

    @property
    def group(self) -> str:
        """The list of D§30 the offence belongs to; a repeat is any offence of the same group."""
        return self.value[4]


OFFENCE_CODES = {o.code: o for o in Offence}


# -- carrying rulings out (the plugin's gouji_apply_action) ------------------------------------
def apply_ruling(game: PluginGame, ruling: Ruling) -> None:
    """Carry out ``ruling``; raise :class:`IllegalActionError` (the game unchanged) if it cannot be."""
    if not game.variant.options["penalties"]:
        raise IllegalActionError("the referee's penalties are off in this variant (option penalties)", RULE)
    problem = ruling_problem(ruling)
    if problem:
        raise IllegalActionError(f"not a valid ruling: {problem}", RULE)
    seat = ruling.seat
    name = OFFENCE_CODES[ruling.offence].chinese if ruling.offence in OFFENCE_CODES else ruling.offence
    if ruling.penalty in (LOSE_TURN, LAST, DISQUALIFY, MAKE_UP) and not game.in_play(seat):
        raise IllegalActionError(f"seat {seat} is not in play: no {ruling.penalty} for him", RULE)
    state = get_state(game)
    offences = state.offences + ((seat, ruling.offence),)
    if ruling.penalty == WARNING:
        update_state(game, offences=offences)
        game.log("penalty", seat, RULE, detail=f"warning (警告): {name}")
    elif ruling.penalty == LOSE_TURN:
        index = len(game.events)
        update_state(game, offences=offences, forfeits=state.forfeits + ((seat, index),) * ruling.amount)
        game.log("penalty", seat, RULE, detail=f"loses {ruling.amount} turn(s) (取消发牌权): {name}")
        if game.current_player == seat and game.decision == LEAD:
            forfeit_lead(game, seat)  # ruled as he is about to lead: the lead passes at once
    elif ruling.penalty == POINTS:
        team = 1 - seat % 2
        update_state(game, offences=offences,
                     fines=state.fines + ((team, ruling.amount, f"D§29 罚分, seat {seat}: {name}"),))
        game.log("penalty", seat, RULE, detail=f"{ruling.amount} points to the other team (罚分): {name}")
    elif ruling.penalty == MAKE_UP:
        target = ruling.target
        if target is None or target == seat or not game.in_play(target):
            raise IllegalActionError("a made-up tribute needs a receiver in play other than the offender", RULE)
        rank = next((r for r in TRIBUTE_RANKS if game.rank_count(seat, r)), None)
        if rank is None:
            raise IllegalActionError(f"seat {seat} holds no 大王, 小王 or 2 to make up the tribute", RULE)
        card = game.cards_of(seat, rank)[-1]
        game.transfer(seat, target, card)
        index = len(game.events)
        update_state(game, offences=offences, forfeits=state.forfeits + ((seat, index),))
        game.log("penalty", seat, RULE, detail=f"makes up the tribute with {card} to seat {target} and loses a "
                                                f"turn (补贡, 取消一次发牌权): {name}")
    elif ruling.penalty in (LAST, DISQUALIFY):
        update_state(game, offences=offences,
                     disqualified=state.disqualified + ((seat,) if ruling.penalty == DISQUALIFY else ()))
        what = "罚为大落" if ruling.penalty == LAST else "取消参赛资格"
        place = 5 if game.seat_in_place(5) is None else None
        if game.variant.options["failed_burn_keeps_head"]:
            game.keep_head(seat, in_play=False)  # E23: ruled out, he is not 头科 (D§17)
        game.retire(seat, place, RULE, f"{what}: {name}", kind="penalty")
    else:  # pragma: no cover - Ruling.parse and the Referee allow only the penalties above
        raise IllegalActionError(f"unknown penalty {ruling.penalty!r}", RULE)


def ruling_problem(ruling: Ruling) -> str | None:
    """What makes ``ruling`` one the referee cannot give (a seat out of 0-5, an amount out of
    range, an offence that is not one word); ``None`` for a valid one. A ruling is checked as
    strictly as a player's action: whatever the game accepts, its record replays."""
    return ruling_fields_problem(ruling.seat, ruling.penalty, ruling.offence, ruling.amount, ruling.target)


def forfeit_lead(game: PluginGame, seat: int) -> None:
    """REF-3: ``seat``, about to lead and owing a lost turn, gives the lead to the next player."""
    game.log("lost-lead", seat, RULE, detail="取消一次发牌权: the next player leads")
    game.pass_lead(RULE, f"seat {seat} lost his lead")


_OWED_CACHE = "turns_owed"


def turns_owed(game: PluginGame, seat: int) -> int:
    """REF-3: turns ``seat`` still has to lose (each is spent by his next decline).

    Asked at every decision, so the count goes on from where it was last asked: the
    events are read once per game, not once per decision. The tally lives on the game
    (an immutable tuple), so a clone or a restored game keeps one that fits its events."""
    forfeits = get_state(game).forfeits
    events = game.events
    cache = game.plugin_state(PLUGIN_STATE).get(_OWED_CACHE)
    if cache is None or cache[0] != forfeits[:len(cache[0])] or cache[1] > len(events):
        cache = ((), 0, (0,) * 6, ())
    done, scanned, counted, waiting = cache
    owed = list(counted)
    pending = sorted([*waiting, *forfeits[len(done):]], key=lambda entry: entry[1])
    for index in range(scanned, len(events)):
        while pending and pending[0][1] <= index:
            owed[pending.pop(0)[0]] += 1
        event = events[index]
        if (event.seat is not None and owed[event.seat]
                and (event.kind in _DECLINES or (event.kind == "take-wind" and event.play is None))):
            owed[event.seat] -= 1
    game.plugin_state(PLUGIN_STATE)[_OWED_CACHE] = (forfeits, len(events), tuple(owed), tuple(pending))
    return int(owed[seat]) + sum(1 for s, _ in pending if s == seat)


# -- the referee's side --------------------------------------------------------------------------
class Referee:
    """A referee for one game (or the current game of a series): each method records an
    offence or a penalty and applies it through ``game.apply`` (REF-3)."""

    def __init__(self, game: PluginGame) -> None:
        self.game = game

    def times(self, seat: int, offence: Offence) -> int:
        """How often ``seat`` committed an offence of ``offence``'s group before, in the series
        and in this game: D§30 "重复上述行为者" — the behaviours listed together, any of them
        (exposing a card, then signalling, is a repeat)."""
        codes = {o.code for o in Offence if o.group == offence.group}
        carried = carried_offences(self.game.context)
        before = sum(n for (s, code), n in carried.items() if s == seat and code in codes)
        return before + sum(1 for s, code in get_state(self.game).offences if s == seat and code in codes)

    def report(self, seat: int, offence: Offence, *, target: int | None = None, turns: int = 1) -> Ruling:
        """Rule on ``offence`` by ``seat`` as D§30 says, the repeat penalty if he did it before."""
        if not isinstance(offence, Offence):
            raise GoujiError(f"not a D§30 offence: {offence!r}")
        penalty = offence.repeated if self.times(seat, offence) else offence.first
        return self.rule(seat, penalty, offence, amount=turns if penalty == LOSE_TURN else 1, target=target)

    def rule(self, seat: int, penalty: str, offence: Offence | str = "other", *, amount: int = 1,
             target: int | None = None) -> Ruling:
        """Apply one penalty of D§29 (``warning``, ``lose-turn``, ``points``, ``last``,
        ``disqualify``, ``make-up``)."""
        code = offence.code if isinstance(offence, Offence) else str(offence)
        if not code or " " in code:
            raise GoujiError(f"an offence is one word, not {code!r}")
        ruling = Ruling(seat, penalty, code, amount, target)
        self.game.apply(ruling)
        return ruling

    def warn(self, seat: int, offence: Offence | str = "other") -> Ruling:
        return self.rule(seat, WARNING, offence)

    def lose_turn(self, seat: int, offence: Offence | str = "other", turns: int = 1) -> Ruling:
        return self.rule(seat, LOSE_TURN, offence, amount=turns)

    def fine(self, seat: int, points: int, offence: Offence | str = "other") -> Ruling:
        return self.rule(seat, POINTS, offence, amount=points)

    def force_last(self, seat: int, offence: Offence | str = "other") -> Ruling:
        return self.rule(seat, LAST, offence)

    def disqualify(self, seat: int, offence: Offence | str = "other") -> Ruling:
        return self.rule(seat, DISQUALIFY, offence)

    def wrong_follow(self, seat: int) -> Ruling:
        """D§8.(一) 错牌不出: the player about to follow put down a wrong set; his turn to
        follow is cancelled and the next player follows."""
        game = self.game
        if game.current_player != seat or game.table is None:
            raise GoujiError(f"错牌不出 applies to the player about to follow: seat {game.current_player}")
        return self.rule(seat, LOSE_TURN, Offence.WRONG_FOLLOW)


#: The terms of the referee's rulings (REF-3), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("lost-lead", "loses the lead", "取消发牌权", "a lost turn: the seat may not lead once",
          "取消一次发牌权", RULE),
    decision_term(FORFEIT.keyword, "give up the lead", "让出发牌权", "a lost turn: the next seat leads",
             "取消发牌权：由下家发牌", RULE),
    decision_term(Ruling.keyword, "referee's ruling", "裁判裁决", "the referee rules on an offence",
             "裁判对违例作出裁决", RULE),
)
