"""The dagang plugin's own actions: every decision before play, 挑牌 and the referee's rulings.

Each is a frozen, hashable :class:`gouji.engine.actions.Action` with a ``dagang-…``
keyword, registered so that game records read back (``gouji.replay``).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from gouji.engine.actions import Action, register_action, register_word_action
from gouji.engine.cards import parse_card_text, rank_name
from gouji.engine.plays import Play, parse_play
from gouji.errors import ParseError

PRE, OPEN = "pre", "open"
#: TRIB-6: the cards a declaration wins from the opposite who does not open (and costs if he does).
DECLARED_CARDS = {OPEN: 2, PRE: 4}


def _rank_text(rank: int) -> str:
    return rank_name(rank, ascii_only=True)


def _rank_name(rank: int) -> str:
    return rank_name(rank)


def _parse_rank(keyword: str, text: str) -> int:
    try:
        rank, _suit = parse_card_text(text)
    except ParseError as exc:
        raise ParseError(f"{keyword!r}: {exc}") from None
    return rank


def _parse_seat(keyword: str, text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 1 or not 0 <= int(text) < 6:
        raise ParseError(f"{keyword!r}: a seat is 0-5, not {text!r}")
    return int(text)


def _words(keyword: str, rest: str, count: int) -> list[str]:
    words = rest.split()
    if len(words) != count:
        raise ParseError(f"{keyword!r} takes {count} word(s), got {rest!r}")
    return words


def _choice(keyword: str, rest: str, yes: str, no: str) -> bool:
    (word,) = _words(keyword, rest, 1)
    if word not in (yes, no):
        raise ParseError(f"{keyword!r} takes {yes!r} or {no!r}, not {word!r}")
    return word == yes


@attrs.frozen
class _TwoWay(Action):
    """A decision between two words, ``words[0]`` when ``yes`` (``"dagang-swap agree"``)."""

    yes: bool
    words: ClassVar[tuple[str, str]] = ("yes", "no")

    def to_text(self) -> str:
        return f"{self.keyword} {self.words[0] if self.yes else self.words[1]}"

    @classmethod
    def parse(cls, rest: str) -> Action:
        return cls(_choice(cls.keyword, rest, *cls.words))


@attrs.frozen
class _OfRank(Action):
    """A decision naming a rank (a tribute card, a card handed back): ``"dagang-give BJ"``."""

    rank: int

    def to_text(self) -> str:
        return f"{self.keyword} {_rank_text(self.rank)}"

    @classmethod
    def parse(cls, rest: str) -> Action:
        (word,) = _words(cls.keyword, rest, 1)
        return cls(_parse_rank(cls.keyword, word))


@attrs.frozen
class Declare(Action):
    """TRIB-6: declare (or not) that one's opposite will not open: 预点 before the cut, 明点 after the deal."""

    kind: str
    yes: bool
    keyword = "dagang-declare"

    def to_text(self) -> str:
        return f"{self.keyword} {self.kind} {'yes' if self.yes else 'no'}"

    def describe(self) -> str:
        when = "before the cut (预点)" if self.kind == PRE else "after the deal (明点)"
        if self.yes:
            # What "open" means (TRIB-5) and what is at stake (TRIB-6), for a player who has not read D§24.
            return (f"declare {when} that your opposite will not open (win a lead with a gouji set): "
                    f"{DECLARED_CARDS[self.kind]} cards to you if he does not, from you (翻车) if he does")
        return f"make no declaration {when}"

    @classmethod
    def parse(cls, rest: str) -> Declare:
        kind, word = _words(cls.keyword, rest, 2)
        if kind not in (PRE, OPEN) or word not in ("yes", "no"):
            raise ParseError(f"{cls.keyword!r} takes 'pre' or 'open', then 'yes' or 'no': {rest!r}")
        return cls(kind, word == "yes")


@attrs.frozen
class ChooseLast(_TwoWay):
    """TRIB-4 (D§21.(六)): the 大落 of the last game keeps the place or offers it to his teammate, the 二落."""

    keyword = "dagang-last"
    #: The rule its log line cites (the phase's own is another).
    rule: ClassVar[str] = "TRIB-4"
    words = ("swap", "keep")

    def describe(self) -> str:
        return "offer 大落 to your teammate, the 二落" if self.yes else "keep 大落 yourself"


@attrs.frozen
class AgreeSwap(_TwoWay):
    """TRIB-4: the 二落 agrees to be 大落 in his teammate's place, or refuses."""

    keyword = "dagang-swap"
    #: The rule its log line cites (the phase's own is another).
    rule: ClassVar[str] = "TRIB-4"
    words = ("agree", "refuse")

    def describe(self) -> str:
        return f"{'agree' if self.yes else 'refuse'} to be 大落 in your teammate's place"


@attrs.frozen
class Give(_OfRank):
    """TRIB-1 / TRIB-5: give a tribute card; only the biggest 大王, 小王 or 2 held is legal."""

    keyword = "dagang-give"

    def describe(self) -> str:
        return f"give a {_rank_name(self.rank)} as tribute (进贡)"


@attrs.frozen
class TakeTribute(_TwoWay):
    """TRIB-4 (D§21.(五)): the receiver of a tribute from a teammate takes it or waives it."""

    keyword = "dagang-team-tribute"
    #: The rule its log line cites (the phase's own is another).
    rule: ClassVar[str] = "TRIB-4"
    words = ("take", "waive")

    def describe(self) -> str:
        return f"{'take' if self.yes else 'waive'} your teammate's tribute"


@attrs.frozen
class ReturnCard(_OfRank):
    """TRIB-2 (D§21.(四)): 头科 or 二科 hands back a card of this rank for a tribute card."""

    keyword = "dagang-return"
    #: The rule its log line cites (the phase's own is another).
    rule: ClassVar[str] = "TRIB-2"

    def describe(self) -> str:
        return f"hand back a {_rank_name(self.rank)} for the tribute (还贡)"


@attrs.frozen
class AnswerReturn(_TwoWay):
    """TRIB-2: the tribute giver accepts the returned card, or refuses one of a rank he does not hold."""

    keyword = "dagang-return-answer"
    #: The rule its log line cites (the phase's own is another).
    rule: ClassVar[str] = "TRIB-2"
    words = ("accept", "refuse")

    def describe(self) -> str:
        return "accept the card handed back" if self.yes else "refuse the card handed back"


@attrs.frozen
class BuyThree(Action):
    """END-7 (D§26.(二)): buy a 3 from ``seller``, paying a card of ``pay`` (a 2, else a joker)."""

    seller: int
    pay: int
    keyword = "dagang-buy"

    def to_text(self) -> str:
        return f"{self.keyword} {self.seller} {_rank_text(self.pay)}"

    def describe(self) -> str:
        return f"buy a 3 (买3) from seat {self.seller}, paying a {_rank_name(self.pay)}"

    @classmethod
    def parse(cls, rest: str) -> BuyThree:
        seat, pay = _words(cls.keyword, rest, 2)
        return cls(_parse_seat(cls.keyword, seat), _parse_rank(cls.keyword, pay))


@attrs.frozen
class Revolt(Action):
    """OPEN-5 (D§23): fold a hand without 大王, 小王 and 2 (革命), or keep playing."""

    yes: bool
    keyword = "dagang-revolt"

    def to_text(self) -> str:
        return f"{self.keyword} {'yes' if self.yes else 'no'}"

    def describe(self) -> str:
        return "revolt (革命): fold your hand" if self.yes else "do not revolt: play your hand"

    @classmethod
    def parse(cls, rest: str) -> Revolt:
        return cls(_choice(cls.keyword, rest, "yes", "no"))


@attrs.frozen
class DeadGoujiChoice(Action):
    """OPEN-5: the revolutionary's opposite keeps his three dead-gouji rights or declares himself headless."""

    keep: bool
    keyword = "dagang-dead-gouji"

    def to_text(self) -> str:
        return f"{self.keyword} {'keep' if self.keep else 'headless'}"

    def describe(self) -> str:
        return "keep your three dead-gouji rights (够死级)" if self.keep else "declare yourself headless (无头)"

    @classmethod
    def parse(cls, rest: str) -> DeadGoujiChoice:
        return cls(_choice(cls.keyword, rest, "keep", "headless"))


@attrs.frozen
class Gather(Action):
    """OPEN-4 (D§25): the first leader gathers these ranks out of every hand (会3 / 会4), or none."""

    ranks: tuple[int, ...]
    keyword = "dagang-gather"

    def to_text(self) -> str:
        return f"{self.keyword} {' '.join(map(str, self.ranks)) or 'none'}"

    def describe(self) -> str:
        if not self.ranks:
            return "take nothing out of play"
        terms = "".join(f"会{rank}" for rank in self.ranks)
        return f"take every {' and every '.join(map(str, self.ranks))} out of play ({terms})"

    @classmethod
    def parse(cls, rest: str) -> Gather:
        words = rest.split()
        if words == ["none"]:
            return cls(())
        if not words or any(w not in ("3", "4") for w in words) or len(set(words)) != len(words):
            raise ParseError(f"{cls.keyword!r} takes 'none', '3', '4' or '3 4', not {rest!r}")
        return cls(tuple(sorted(int(w) for w in words)))


@attrs.frozen
class PickRequest(Action):
    """D§15 挑牌: a leader asks a teammate to set the order in which his whole hand is played."""

    keyword = "dagang-pick"

    def describe(self) -> str:
        return "ask a teammate to set the order of your sets (挑牌)"


@attrs.frozen
class PickSet(Action):
    """D§15 挑牌: the teammate names the next set of the leader's hand, in the order it is to be led."""

    chosen: Play
    keyword = "dagang-pick-set"

    def to_text(self) -> str:
        return f"{self.keyword} {self.chosen.text(ascii_only=True)}"

    def describe(self) -> str:
        return f"name {self.chosen} as your teammate's next set (挑牌)"

    @classmethod
    def parse(cls, rest: str) -> PickSet:
        return cls(parse_play(rest))


@attrs.frozen
class Concede(Action):
    """END-6: under 憋3 a player with no 3 and one card left cannot go out; he takes the lowest free place."""

    keyword = "dagang-concede"

    def describe(self) -> str:
        return "concede (憋死): take the lowest free place"


@attrs.frozen
class Forfeit(Action):
    """REF-3: a player who owes a lost turn and is to lead gives the lead up to the next player."""

    keyword = "dagang-forfeit"

    def describe(self) -> str:
        return "give up the lead (a lost turn)"


#: REF-3 penalties (D§29).
WARNING, LOSE_TURN, POINTS, LAST, DISQUALIFY, MAKE_UP = (
    "warning", "lose-turn", "points", "last", "disqualify", "make-up")
PENALTIES = (WARNING, LOSE_TURN, POINTS, LAST, DISQUALIFY, MAKE_UP)


#: The most turns one ruling takes away, and the most points one fine gives (D§29 names
#: no number; a referee who means more gives another ruling).
MAX_LOST_TURNS = 10
MAX_FINE_POINTS = 100


def ruling_fields_problem(seat: object, penalty: object, offence: object, amount: object,
                          target: object) -> str | None:
    """What is wrong with these fields of a :class:`Ruling`, or ``None``."""
    def is_seat(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6

    if not is_seat(seat):
        return f"the seat is 0-5, not {seat!r:.40}"
    if penalty not in PENALTIES:
        return f"the penalty is one of {', '.join(PENALTIES)}, not {penalty!r:.40}"
    if (not isinstance(offence, str) or not 0 < len(offence) <= 40 or not offence.isascii()
            or not offence.isprintable() or " " in offence):
        return f"the offence is one ASCII word of at most 40 characters, not {offence!r:.60}"
    most = MAX_FINE_POINTS if penalty == POINTS else MAX_LOST_TURNS if penalty == LOSE_TURN else 1
    if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= most:
        return f"the amount of a {penalty} ruling is 1 to {most}, not {amount!r:.40}"
    if target is not None and not is_seat(target):
        return f"the target is a seat 0-5 or none, not {target!r:.40}"
    if (target is not None) != (penalty == MAKE_UP):
        return "a target is given with a make-up ruling, and only with one"
    return None


@attrs.frozen
class Ruling(Action):
    """REF-3: a referee's ruling on ``seat`` — no player's choice, taken at any time (``referee = True``).

    ``penalty`` is one of ``PENALTIES``; ``offence`` names what was done
    (see :class:`gouji.rules.dagang.referee.Offence`); ``amount`` is the
    number of lost turns or of points; ``target`` the receiver of a made-up
    tribute card.
    """

    seat: int
    penalty: str
    offence: str
    amount: int = 1
    target: int | None = None
    keyword = "dagang-ruling"
    referee = True

    def to_text(self) -> str:
        target = "-" if self.target is None else str(self.target)
        return f"{self.keyword} {self.seat} {self.penalty} {self.offence} {self.amount} {target}"

    @classmethod
    def parse(cls, rest: str) -> Ruling:
        seat, penalty, offence, amount, target = _words(cls.keyword, rest, 5)
        if penalty not in PENALTIES:
            raise ParseError(f"{cls.keyword!r}: penalty is one of {', '.join(PENALTIES)}, not {penalty!r}")
        if not (amount.isascii() and amount.isdigit()) or len(amount) > 6:
            raise ParseError(f"{cls.keyword!r}: amount is a number, not {amount!r:.40}")
        ruling = cls(_parse_seat(cls.keyword, seat), penalty, offence, int(amount),
                     None if target == "-" else _parse_seat(cls.keyword, target))
        problem = ruling_fields_problem(ruling.seat, penalty, offence, ruling.amount, ruling.target)
        if problem:
            raise ParseError(f"{cls.keyword!r}: {problem}")
        return ruling


PICK_REQUEST = PickRequest()
CONCEDE = Concede()
FORFEIT = Forfeit()

for _cls in (Declare, ChooseLast, AgreeSwap, Give, TakeTribute, ReturnCard, AnswerReturn, BuyThree, Revolt,
             DeadGoujiChoice, Gather, PickSet, Ruling):
    register_action(_cls.keyword, _cls.parse)
for _action in (PICK_REQUEST, CONCEDE, FORFEIT):
    register_word_action(_action)

__all__ = [
    "CONCEDE",
    "FORFEIT",
    "OPEN",
    "PENALTIES",
    "PICK_REQUEST",
    "PRE",
    "AgreeSwap",
    "AnswerReturn",
    "BuyThree",
    "ChooseLast",
    "Concede",
    "DeadGoujiChoice",
    "Declare",
    "Forfeit",
    "Gather",
    "Give",
    "PickRequest",
    "PickSet",
    "ReturnCard",
    "Revolt",
    "Ruling",
    "TakeTribute",
]
