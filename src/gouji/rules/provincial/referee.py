"""Referee mode for the provincial rules: correcting wrong sets (PLAY-7) and penalties (REF-1, REF-2).

The game loop never accepts a wrong set: ``apply()`` refuses it. A referee
at a real table, though, must say what happens to cards already on the
table. :func:`correct_wrong_set` gives the ruling of P§24.3-6, and a
:class:`PenaltyLedger` keeps each team's offences over a match and applies
P§25's ladder.

In a game, the referee records an offence with :class:`RefereePenalty` (an
action no player chooses, ``referee = True``; :func:`record_penalty`). The
penalty goes into the game's record, and into its score: P§24's "+2" is an
adjustment for the opponents naming the article, a lost game (P§25 判负) ends
the game with the opponents scoring 6. A series carries the ledger from game
to game (``GameContext.carry``), since P counts over the whole match (场).

The plugin (``gouji.rules.provincial``) imports this module, so the action
``referee-penalty`` and the ledger's carry check are known in every process
that loads the variant; it carries the action out (``gouji_apply_action``),
adds the penalties to the score and passes the ledger on. A lost game's
places are the engine's (:func:`gouji.engine.forfeit.lose_game`).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from gouji.engine.actions import Action, register_action
from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO
from gouji.engine.comparison import SetRules
from gouji.engine.context import MAX_GAME_NUMBER, register_carry_check
from gouji.engine.forfeit import lose_game
from gouji.engine.plays import Play
from gouji.engine.scoring import Adjustment, Score
from gouji.engine.vocabulary import Term, decision_term
from gouji.errors import GoujiError, ParseError

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

#: P§24.3: a short set is padded from the hand with these, in this order.
PADDING_ORDER = (BIG_JOKER, SMALL_JOKER, TWO)


@attrs.frozen
class Correction:
    """A referee's ruling on cards put down as one set.

    ``play`` is the set that stands (``None``: all taken back);
    ``returned`` and ``added`` are ``{rank: count}`` taken back into / padded
    from the hand; ``counts_as_pass`` when the player is deemed to pass;
    ``article`` names the paragraph of P that rules it.
    """

    play: Play | None
    returned: Mapping[int, int]
    added: Mapping[int, int]
    counts_as_pass: bool
    article: str
    warning: bool = True


def correct_wrong_set(
    cards: Mapping[int, int],
    table: Play | None = None,
    hand: Mapping[int, int] | None = None,
    rules: SetRules | None = None,
) -> Correction:
    """PLAY-7: the ruling on ``cards`` (``{rank: count}``) put down as one set.

    ``table`` is the set being covered (``None`` for a lead); ``hand`` is
    what the player still holds (for padding a short set). Rulings, in P's
    order: mixed ranks → the highest rank with every joker and 2 stands, the
    rest go back (P§24.4-5); too many cards → extra base cards go back
    (P§24.3); too few → padded with 大王, 小王, 2 from the hand, else all go
    back and the player has passed (P§24.3); a set that does not beat the
    table goes back and counts as a pass (P§24.6: "顺牌时，收回自己发的牌，按过牌处理").
    """
    rules = rules or SetRules()
    cards = Counter({r: n for r, n in cards.items() if n})
    if not cards:
        raise GoujiError("no cards were put down")
    returned: Counter[int] = Counter()
    added: Counter[int] = Counter()
    article = ""
    body = sorted(r for r in cards if THREE <= r <= ACE)
    if len(body) > 1:
        for rank in body[:-1]:
            returned[rank] += cards.pop(rank)
        article = "P§24.4-5"
    play = Play.from_counts(dict(cards))
    if table is not None and play.size != table.size:
        if play.size > table.size:
            extra = min(play.size - table.size, play.naturals - 1 if play.rank <= ACE else 0)
            if extra < play.size - table.size:
                return _taken_back(cards, returned, "P§24.3")
            cards[play.rank] -= extra
            returned[play.rank] += extra
        else:
            missing = table.size - play.size
            spare = Counter(hand or {})
            for rank in PADDING_ORDER:
                take = min(missing, spare[rank])
                added[rank] += take
                cards[rank] += take
                missing -= take
            if missing:
                return _taken_back(cards - added, returned, "P§24.3")
        article = article or "P§24.3"
        play = Play.from_counts(dict(cards))
    if table is not None and not rules.beats(play, table):
        return _taken_back(cards - added, returned, "P§24.6")
    return Correction(play, dict(+returned), dict(+added), False, article or "none", warning=bool(article))


def _taken_back(cards: Counter[int], returned: Counter[int], article: str) -> Correction:
    everything = Counter(returned)
    everything.update(cards)
    return Correction(None, dict(+everything), {}, True, article)


class Offence(enum.Enum):
    """REF-2: the offences of P§24, each with the penalty it starts from."""

    WRONG_SEAT = ("P§24.1", "warning")
    WRONG_FIRST_LEAD = ("P§24.2", "warning")
    WRONG_SET_SIZE = ("P§24.3", "warning")
    MIXED_SET = ("P§24.4", "warning")
    MANY_JOKERS_MANY_SETS = ("P§24.5", "warning")
    TAKING_BACK = ("P§24.6", "warning")
    OUT_OF_TURN = ("P§24.7", "plus_two")
    WRONG_CARD_COUNT = ("P§24.8", "plus_two")
    WRONG_PASS = ("P§24.10", "plus_two")
    WRONG_CLOSE = ("P§24.11", "warning")
    WRONG_COUNT_ANNOUNCED = ("P§24.12", "plus_two")
    ASKING_WITHOUT_RIGHT = ("P§24.13", "warning")
    SERIOUS_MISCONDUCT = ("P§25", "disqualification")

    @property
    def article(self) -> str:
        return self.value[0]

    @property
    def starts_at(self) -> str:
        return self.value[1]

    @property
    def slug(self) -> str:
        """The offence's name in records: ``WRONG_CLOSE`` → ``wrong-close``."""
        return self.name.lower().replace("_", "-")

    @classmethod
    def from_slug(cls, text: str) -> Offence:
        for offence in cls:
            if offence.slug == text:
                return offence
        raise GoujiError(f"unknown offence {text!r}; offences are: {', '.join(o.slug for o in cls)}")


@attrs.frozen
class Penalty:
    """What the referee gives: ``kind`` is warning, plus_two, game_lost or disqualification."""

    team: int
    offence: Offence
    kind: str
    opponents_points: int
    article: str


#: REF-1 (P§25): the penalties, mildest first, and what each gives the opponents.
LADDER = ("warning", "plus_two", "game_lost", "disqualification")
OPPONENTS_POINTS = {"warning": 0, "plus_two": 2, "game_lost": 6, "disqualification": 0}


class PenaltyLedger:
    """REF-1 (P§25): penalties count against the whole team, over one match.

    "判罚按累进原则": the counts never start again. The first warning of a match
    is the only one ("所有的警告每场比赛仅此一次", P§24.3): every later warning
    offence is +2 for the opponents; the second +2, and every one after it,
    loses the game (the opponents score 6); the second lost game, or serious
    misconduct, disqualifies the team. Three identical warning offences thus
    give warning, +2, lost game.

    ``counts`` restarts a ledger where a match stood (:meth:`counts`).
    """

    def __init__(self, counts: Iterable[Iterable[Any]] = ()) -> None:
        self.penalties: list[Penalty] = []
        self._counts: Counter[tuple[int, str]] = Counter()
        for item in counts:
            try:
                team, kind, times = item
            except (TypeError, ValueError):
                raise GoujiError(f"a ledger count is [team, kind, times], not {item!r}") from None
            if (isinstance(team, bool) or team not in (0, 1) or not isinstance(kind, str) or kind not in LADDER
                    or not isinstance(times, int) or isinstance(times, bool) or not 0 <= times <= MAX_GAME_NUMBER):
                raise GoujiError(f"a ledger count is [team 0/1, kind, times], not {item!r:.80}")
            self._counts[int(team), str(kind)] = times

    def counts(self) -> list[list[Any]]:
        """The ledger's counts as plain data ``[[team, kind, times], …]`` (for a series' carry)."""
        return [[team, kind, times] for (team, kind), times in sorted(self._counts.items()) if times]

    def record(self, team: int, offence: Offence) -> Penalty:
        """Record an offence by ``team`` (0 or 1) and return the penalty it draws."""
        if team not in (0, 1) or isinstance(team, bool):
            raise GoujiError(f"a team is 0 or 1, not {team!r}")
        if not isinstance(offence, Offence):
            raise GoujiError(f"not an offence: {offence!r}")
        kind = offence.starts_at
        # A step already reached once turns every later one into the next step (P§25).
        while kind != "disqualification":
            self._counts[team, kind] += 1
            if self._counts[team, kind] < 2:
                break
            kind = LADDER[LADDER.index(kind) + 1]
        points = OPPONENTS_POINTS[kind]
        penalty = Penalty(team, offence, kind, points, offence.article if kind == offence.starts_at else "P§25")
        self.penalties.append(penalty)
        return penalty

    def opponents_points(self, team: int) -> int:
        """Points ``team``'s offences gave its opponents so far."""
        return sum(p.opponents_points for p in self.penalties if p.team == team)

    def disqualified(self, team: int) -> bool:
        return any(p.team == team and p.kind == "disqualification" for p in self.penalties)


# -- in a game ----------------------------------------------------------------------------------
#: The context carry key under which a series passes the ledger's counts on.
LEDGER_KEY = "penalty_ledger"


def _check_ledger(value: Any) -> None:
    if not isinstance(value, list | tuple) or len(value) > 2 * len(LADDER):
        raise GoujiError(f"carry {LEDGER_KEY!r}: at most {2 * len(LADDER)} [team, kind, times] counts")
    PenaltyLedger(value)


register_carry_check(LEDGER_KEY, _check_ledger)
#: P§25 判负: the points of a game lost by a penalty, (the opponents, the offenders).
LOST_GAME_POINTS = (6, -6)


@attrs.frozen
class RefereePenalty(Action):
    """REF-1/REF-2: the referee records ``offence`` against ``team`` (0 or 1) in the game."""

    team: int
    offence: Offence
    keyword = "referee-penalty"
    referee = True

    def __attrs_post_init__(self) -> None:
        if self.team not in (0, 1) or isinstance(self.team, bool):
            raise GoujiError(f"a team is 0 or 1, not {self.team!r}")
        if not isinstance(self.offence, Offence):
            raise GoujiError(f"not an offence: {self.offence!r}")

    def to_text(self) -> str:
        return f"{self.keyword} {self.team} {self.offence.slug}"


def _parse_penalty(rest: str) -> Action:
    words = rest.split()
    if len(words) != 2 or words[0] not in ("0", "1"):
        raise ParseError(f"'referee-penalty' takes a team (0 or 1) and an offence, got {rest!r}")
    try:
        return RefereePenalty(int(words[0]), Offence.from_slug(words[1]))
    except GoujiError as exc:
        raise ParseError(str(exc)) from exc


register_action(RefereePenalty.keyword, _parse_penalty)


def game_ledger(game: PluginGame) -> PenaltyLedger:
    """The match's ledger as it stands in ``game``: the counts carried from the games
    before, then this game's penalties (its ``penalties`` are this game's only)."""
    ledger = PenaltyLedger(game.context.get(LEDGER_KEY) or ())
    for action in game.history:
        if isinstance(action, RefereePenalty):
            ledger.record(action.team, action.offence)
    return ledger


def apply_penalty(game: PluginGame, action: RefereePenalty) -> Penalty:
    """Carry out a :class:`RefereePenalty`: log it; a lost game (or a disqualification) ends the game."""
    penalty = game_ledger(game).record(action.team, action.offence)
    detail = f"team {penalty.team}: {penalty.offence.slug} ({penalty.offence.article}), {penalty.kind}"
    if penalty.opponents_points:
        detail += f", opponents +{penalty.opponents_points}" if penalty.kind == "plus_two" else ", game lost"
    game.log("penalty", None, _rule_of(penalty), detail=detail)
    if penalty.kind in ("game_lost", "disqualification"):
        lose_game(game, penalty.team, "REF-1", f"team {penalty.team} loses the game ({penalty.article})")
    return penalty


def penalty_adjustments(game: PluginGame, score: Score) -> list[Adjustment]:
    """REF-1/REF-2 in the score: +2 for the opponents for each such penalty of this game
    (rule REF-2, or REF-1 where the ladder raised it; the reason starts with the article);
    a game lost by penalty scores 6 for the opponents and −6 for the offenders (the sign
    convention of E18), whatever else happened."""
    ledger = game_ledger(game)
    out = [Adjustment(1 - p.team, p.opponents_points, _rule_of(p),
                      f"{p.article} penalty: team {p.team}, {p.offence.slug} ({p.offence.article}), "
                      f"+2 to the opponents")
           for p in ledger.penalties if p.kind == "plus_two"]
    lost = next((p for p in ledger.penalties if p.kind in ("game_lost", "disqualification")), None)
    if lost is not None:
        points = list(score.team_points)
        for adj in out:
            points[adj.team] += adj.points
        target = {1 - lost.team: LOST_GAME_POINTS[0], lost.team: LOST_GAME_POINTS[1]}
        out += [Adjustment(team, target[team] - points[team], _rule_of(lost),
                           f"{lost.article} penalty: team {lost.team} loses the game ({lost.kind})")
                for team in (0, 1)]
    return out


def _rule_of(penalty: Penalty) -> str:
    """REF-2 for a penalty P§24 names; REF-1 where P§25's ladder raised it."""
    return "REF-1" if penalty.article == "P§25" else "REF-2"


def record_penalty(game: PluginGame, team: int, offence: Offence) -> Penalty:
    """The referee records ``offence`` against ``team`` in ``game``; return the penalty it drew."""
    game.apply(RefereePenalty(team, offence))
    return game_ledger(game).penalties[-1]


def carry_ledger(game: PluginGame, carry: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    """``carry`` with the match's ledger after ``game`` (for the next game of a series)."""
    counts = game_ledger(game).counts()
    items = dict(carry)
    if counts:
        items[LEDGER_KEY] = counts
    return tuple(items.items())


#: The terms of the referee's penalties (REF-1, REF-2), declared once (``gouji_vocabulary``); the
#: ``penalty`` it logs and the ``forfeited`` seats of a lost game are the engine's own events.
TERMS: tuple[Term, ...] = (
    decision_term(RefereePenalty.keyword, "referee's penalty", "裁判处罚",
                  "the referee records an offence against a team", "裁判记一队违例", "REF-1"),
)
