"""The choices of a terminal game, for a person: plays grouped by rank, the rest in words, and the
short forms a player types (``KK``, ``3x5``, ``2 2 K K``) read back to a legal action.

A first lead holds hundreds of legal sets; listed one a line they scroll the hand off the screen.
Grouped by rank they fit in a few lines, and the player types the set itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gouji.engine.actions import Action, Burn, PlaySet
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, TWO, rank_name
from gouji.engine.plays import Play, parse_play
from gouji.errors import ParseError

#: Up to this many choices, every one is listed with a number.
LISTED = 14

#: A card, its suit optional and ignored (``S3``, ``♠3``, ``HQ``; ``SJ`` is the small joker), or a count (``x3``).
_CARD_TOKEN = re.compile(r"10|BJ|SJ|大王|小王|[SHCD♠♥♣♦]?(?:10|[2-9JQKA])|[X*×]\d+")
_SUITS = "SHCD♠♥♣♦"
#: The most cards a count may ask for (``K x36``).
MAX_COUNT = 36


def _label(action: Action) -> str:
    """The choice in words, with the text to type where that differs."""
    words, text = action.describe(), action.to_text()
    return words if words == text else f"{words}  [{text}]"


def _groups(actions: Sequence[PlaySet | Burn]) -> list[tuple[Action, str]]:
    """One line per rank, lowest first: the set a number plays (the whole rank alone when it may
    be led so, else the cheapest in 2s and jokers), how many of the rank, what may be added."""
    by_rank: dict[int, list[PlaySet | Burn]] = {}
    for action in actions:
        by_rank.setdefault(action.play.rank, []).append(action)
    lines: list[tuple[Action, str]] = []
    for rank in sorted(by_rank):
        group = by_rank[rank]
        plays = [a.play for a in group]
        # A set of jokers alone has no natural cards: count the jokers.
        sizes = sorted({p.naturals or p.size for p in plays})
        span = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
        adds = []
        if rank < TWO and any(p.twos for p in plays):
            most = max(p.twos for p in plays)
            adds.append("a 2" if most == 1 else f"up to {most} 2s")
        if rank < SMALL_JOKER and any(p.small or p.big for p in plays):
            adds.append("jokers")
        extra = f", with {' and '.join(adds)}" if adds else ""
        if rank >= SMALL_JOKER:  # "BJ ×2" read as two big jokers: it is two jokers, the highest a BJ
            extra = f" jokers, the highest {rank_name(rank, ascii_only=True)}" if sizes[-1] > 1 else ""
        first = min(group, key=lambda a: (a.play.big, a.play.small, a.play.twos, -a.play.naturals))
        lines.append((first, f"{rank_name(rank, ascii_only=True):>3} ×{span}{extra}  "
                             f"(the number plays {first.play.text(ascii_only=True)})"))
    return lines


def _sections(actions: Sequence[Action]) -> list[tuple[str, list[tuple[Action, str]]]]:
    plays = [a for a in actions if isinstance(a, PlaySet)]
    burns = [a for a in actions if isinstance(a, Burn)]
    others = [a for a in actions if not isinstance(a, (PlaySet, Burn))]
    sections = []
    if plays:
        sections.append((f"sets you may play ({len(plays)}): type the cards ('K K', 'KK', 'K x3', '2 2 K K', "
                         "'BJ K') or a rank's number", _groups(plays)))
    if burns:
        sections.append((f"sets you may burn with (烧牌, {len(burns)}): type 'burn' and the cards, or a number",
                         _groups(burns)))
    if others:
        sections.append(("or:", [(a, _label(a)) for a in others]))
    return sections


def choices_text(actions: Sequence[Action]) -> str:
    """The lines that show the legal ``actions``: all numbered when few, else plays by rank."""
    if len(actions) <= LISTED:
        return "".join(f"  {n:>2}. {_label(a)}\n" for n, a in enumerate(actions, 1))
    out = []
    number = 0
    for title, lines in _sections(actions):
        out.append(f"  {title}")
        for _, line in lines:
            number += 1
            out.append(f"    {number:>2}. {line}")
    return "\n".join(out) + "\n"


def numbered(actions: Sequence[Action]) -> list[Action]:
    """What the numbers of :func:`choices_text` stand for."""
    if len(actions) <= LISTED:
        return list(actions)
    return [action for _, lines in _sections(actions) for action, _ in lines]


def short_form(text: str) -> Play | None:
    """The set a short form names (``"KK"``, ``"3x5"``, ``"2 2 K K"``, ``"bj k"``), or ``None``."""
    words = text.strip().upper().replace("PLAY", " ").replace("BURN", " ")
    tokens = _CARD_TOKEN.findall(words)
    if not tokens or "".join(tokens) != "".join(words.split()):
        return None  # something in it is not a card
    cards: list[str] = []
    for token in tokens:
        if token[0] in "X*×":
            if not cards or not 1 <= int(token[1:]) <= MAX_COUNT:
                return None
            cards += [cards[-1]] * (int(token[1:]) - 1)
        else:
            cards.append(token[1:] if token[0] in _SUITS and token not in ("SJ",) else token)
    try:
        return parse_play(" ".join(cards))
    except ParseError:
        return None


def count_problem(text: str) -> str | None:
    """Why a count in a short form cannot be read (``K x``, ``K x0``, ``K x-1``, ``K x99``,
    ``x3``), for the player; ``None`` when there is no count or it is fine."""
    words = text.strip().upper().replace("PLAY", " ").replace("BURN", " ")
    for match in re.finditer(r"([X*×])\s*(-?\d*)", words):
        sign, count = match.groups()
        before = words[: match.start()].strip()
        example = "'K x3' is three Ks"
        if not before:
            if not count and words[match.end():].strip():  # 'XA': an X before a card, no count
                return (f"'{text.strip()}': {sign} is not a card (cards are 3-10 J Q K A 2 SJ BJ); "
                        f"'{sign.lower()}3' after a card repeats it: {example}")
            return f"'{sign.lower()}{count}' repeats the card before it: {example}"
        if not count:
            return f"'{sign.lower()}' needs a count after it: {example}"
        if not 1 <= int(count) <= MAX_COUNT:
            return f"'{sign.lower()}{count}': a count is a number from 1 to {MAX_COUNT}: {example}"
    return None


class AmbiguousChoice(ValueError):
    """A bare number that is both a number of the list and a card the player may play."""


def read_choice(answer: str, actions: Sequence[Action]) -> Action | None:
    """The legal action a typed answer names: a number of the list (``#7`` always is one), or a
    set in short form. A bare ``7`` that could be number 7 or the card 7, each a different
    choice, raises :class:`AmbiguousChoice`: a misread number would play the wrong set."""
    answer = answer.strip()
    if answer.startswith("#") and answer[1:].isascii() and answer[1:].isdigit():
        listed = numbered(actions)
        index = int(answer[1:]) - 1
        if 0 <= index < len(listed):
            return listed[index]
        raise IndexError(answer)
    if answer.isascii() and answer.isdigit():
        listed = numbered(actions)
        index = int(answer) - 1
        if 0 <= index < len(listed):
            card = _set_named(answer, actions)
            if card is not None and card != listed[index]:
                raise AmbiguousChoice(
                    f"'{answer}' could be number {answer} ({listed[index].describe()}) or the card "
                    f"{answer} ({card.describe()}): type #{answer} for the number, 'play {answer}' "
                    "for the card")
            return listed[index]
        # Past the list's numbers, "5" is the card 5.
    return _set_named(answer, actions)


def _set_named(answer: str, actions: Sequence[Action]) -> Action | None:
    """The legal play or burn a short form names, or ``None``."""
    play = short_form(answer)
    if play is None:
        return None
    burn = answer.strip().lower().startswith("burn")
    wanted = [a for a in actions if isinstance(a, Burn if burn else PlaySet) and a.play == play]
    if not wanted and not burn:
        # A set that can only be burned is a burn, whatever word came first.
        wanted = [a for a in actions if isinstance(a, Burn) and a.play == play]
    return wanted[0] if wanted else None


def colour_hand(text: str) -> str:
    """The hand with jokers in red and 2s in yellow (ANSI), as a terminal that shows colour reads it."""
    names = {rank_name(BIG_JOKER, ascii_only=True): "31;1", rank_name(SMALL_JOKER, ascii_only=True): "31",
             rank_name(TWO): "33;1"}
    return " ".join(f"\x1b[{names[w]}m{w}\x1b[0m" if w in names else w for w in text.split(" "))


__all__ = ["LISTED", "MAX_COUNT", "AmbiguousChoice", "choices_text", "colour_hand", "count_problem", "numbered",
           "read_choice", "short_form"]
