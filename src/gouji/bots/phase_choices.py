"""Decisions before play (and the few beside it) taken as a player at the table takes them.

Every bot of the registry but ``random`` asks :func:`phase_choice` first: for a
decision of a book's phase (tribute, buying 3s, revolution, declarations …)
it answers what a sensible player does, from the seat's own hand and the
public facts; for the ordinary decisions of play (sets, pass, close …) it
answers ``None`` and the bot decides. What each choice rests on:

* buying a 3 (and a district 4): always, with the cheapest card (a 2, then
  小王, then 大王): "不买3者视为大落" (T 二.3.(11)); a 3 from a teammate
  (要3) before one bought.
* tribute: as the book says — the cards the rule names (biggest first), the
  card handed back (还贡) the cheapest one of a lone rank, a returned card of
  a rank not held refused (it would be one more set to play), a teammate's
  tribute waived (the cards stay in the team where they are needed most).
* revolution (革命): taken — a hand without 大王, 小王 and 2 rarely escapes the
  last places, and the book's 四科 is a middle one; the opposite keeps his
  dead-gouji rights (要头) rather than play headless.
* declaring that one's opposite will not open (明点, 宣点): only with a hand
  of jokers and 2s strong enough to answer his gouji sets; never before the
  cut (预点), with nothing seen.
* 会3 (gathering 3s or 4s): the ranks the seat holds too few of to make a set
  worth keeping.
* 挑牌 (a teammate sets the order of a hand played out at once): the
  strongest set first, so that the others are not answered.
* a plugin's decision this module does not know (a house variant's phase):
  the first of the legal actions, as the plugin lists them — never a draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gouji.engine.actions import CLOSE, PASS, TAKE_WIND, YIELD, Action, Burn, PlaySet
from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO
from gouji.engine.plays import Play
from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.engine.game import Observation
    from gouji.plugins.variant import Variant

#: The ordinary decisions of play, which the bot itself takes.
_PLAY_WORDS = (PASS, CLOSE, YIELD, TAKE_WIND)
#: What buys a 3, cheapest first (T 二.3.(11): "用2买3，无2用小虎、大虎买").
_PAYMENT_COST = {TWO: 0, SMALL_JOKER: 1, BIG_JOKER: 2}


def is_play_decision(action: Action) -> bool:
    """Is ``action`` one of the ordinary decisions of play (a set, pass, close, yield, take-wind)?"""
    return isinstance(action, (PlaySet, Burn)) or action in _PLAY_WORDS


def play_decisions(observation: Observation, variant: Variant) -> tuple[Action | None, list[Action]]:
    """What every bot does before it thinks: ``(the action, [])`` where nothing is to weigh (one
    legal action, a phase decision taken as a player would, only plugin actions: the first),
    else ``(None, the ordinary decisions of play)``. Raise :class:`GoujiError` with none legal."""
    legal = list(observation.legal_actions)
    if not legal:
        raise GoujiError(f"seat {observation.seat} has no legal action: it is not to decide")
    if len(legal) == 1:
        return legal[0], []
    chosen = phase_choice(observation, variant)
    if chosen is not None:
        return chosen, []  # tribute, buying 3s, revolution …: as a player decides them
    core = [a for a in legal if is_play_decision(a)]
    # Actions of plugins beside the core ones (a play clock, ...) are left alone.
    return (None, core) if core else (legal[0], [])


def hand_counts(observation: Observation) -> dict[int, int]:
    """``{rank: how many}`` of the observing seat's hand."""
    return dict(Counter(card.rank for card in observation.hand))


def strong_enough_to_declare(counts: dict[int, int]) -> bool:
    """Can this hand promise that the opposite will not open (answer all his gouji sets)?
    Eight jokers and 2s at least: measured in 120 dagang games of ``greedy`` bots, the
    opposite of such a hand opened in about one game of four, of a hand with six or seven
    in more than half (a declaration pays only when he fails more often than not)."""
    return counts.get(BIG_JOKER, 0) + counts.get(SMALL_JOKER, 0) + counts.get(TWO, 0) >= 8


def phase_choice(observation: Observation, variant: Variant) -> Action | None:
    """The sensible choice of a decision that is not an ordinary one of play; ``None`` when
    every legal action is one of play (the bot plays its sets itself). Decisions beside
    the sets (挑牌's request, a consent to burn) are left to the bot: ``None`` too."""
    legal = observation.legal_actions
    if not legal or any(is_play_decision(a) for a in legal):
        return None
    if len(legal) == 1:
        return legal[0]
    counts = hand_counts(observation)
    chosen = _book_choice(list(legal), counts, variant)
    return chosen if chosen is not None else legal[0]


def _field(action: Action, name: str) -> Any:
    return getattr(action, name, None)


def _book_choice(legal: list[Action], counts: dict[int, int], variant: Variant) -> Action | None:
    """The books' decisions, known by their record keywords (the bots read no rule module:
    a client holding only the actions' text decides the same)."""
    by_keyword: dict[str, list[Action]] = {}
    for action in legal:
        by_keyword.setdefault(action.keyword, []).append(action)

    def first(keyword: str, test: Callable[[Action], bool] = lambda a: True) -> Action | None:
        return next((a for a in by_keyword.get(keyword, ()) if test(a)), None)

    # -- buying 3s (and district 4s): a 3 from a teammate first, else the cheapest payment --
    for keyword in ("district-buy", "club-ask-three"):
        if keyword in by_keyword:
            return by_keyword[keyword][0]
    buys = by_keyword.get("club-buy-three", []) + by_keyword.get("dagang-buy", [])
    if buys:
        return min(buys, key=lambda a: _PAYMENT_COST.get(_field(a, "pay"), 9))
    # -- tribute: what the rule lists (biggest first); the cheapest card handed back ------------
    for keyword in ("club-tribute", "dagang-give"):
        if keyword in by_keyword:
            return by_keyword[keyword][0]
    returns = by_keyword.get("dagang-return", [])
    if returns:
        return min(returns, key=lambda a: _return_cost(_field(a, "rank"), counts, variant))
    def no(action: Action) -> bool:
        return _field(action, "yes") is False

    def yes(action: Action) -> bool:
        return _field(action, "yes") is True

    chosen = (first("dagang-return-answer", no) or first("dagang-team-tribute", no)
              # 大落 keeps his place; asked to swap, the teammate agrees (the team decided it).
              or first("dagang-last", no) or first("dagang-swap", yes)
              # -- revolution, and the opposite keeps his head ------------------------------
              or first("dagang-revolt", yes) or first("club-revolution")
              or first("dagang-dead-gouji", lambda a: _field(a, "keep") is True) or first("club-keep-head"))
    if chosen is not None:
        return chosen
    # -- declarations: 明点 / 宣点 only with a hand that answers the opposite; never 预点 --------
    declare = strong_enough_to_declare(counts)
    chosen = (first("dagang-declare", lambda a: _field(a, "yes") == (declare and _field(a, "kind") == "open"))
              or first("club-declare" if declare else "club-no-declare"))
    if chosen is not None:
        return chosen
    # -- 会3: gather the ranks held too few of; 挑牌: the strongest set first ---------------------
    gathers = by_keyword.get("dagang-gather", [])
    if gathers:
        few = tuple(r for r in (THREE, THREE + 1) if counts.get(r, 0) < 4)
        return next((a for a in gathers if _field(a, "ranks") == few),
                    min(gathers, key=lambda a: len(_field(a, "ranks") or ())))
    picks = [a for a in by_keyword.get("dagang-pick-set", []) if isinstance(_field(a, "chosen"), Play)]
    if picks:
        rules = variant.set_rules

        def strength(action: Action) -> tuple[bool, int, int, int, int, int]:
            play: Play = _field(action, "chosen")
            return (rules.is_gouji(play), play.big, play.small, play.twos, play.rank, play.size)

        return max(picks, key=strength)
    return None


def _return_cost(rank: Any, counts: dict[int, int], variant: Variant) -> tuple[int, int, int]:
    """What handing back a card of ``rank`` costs: money most, then a card of a group
    (it splits a set), then the rank; under hold-three a 3 is kept (the last set needs it)."""
    if not isinstance(rank, int):
        return (9, 9, 99)
    money = 1 if rank > ACE else 0
    held = counts.get(rank, 0)
    needed = 1 if rank == THREE and variant.options.get("hold_three", False) and held <= 2 else 0
    return (money + needed, 0 if held == 1 else 1, rank)


__all__ = ["hand_counts", "is_play_decision", "phase_choice", "strong_enough_to_declare"]
