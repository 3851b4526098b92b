"""Decisions before play (and the few beside it) taken as a player at the table takes them.

Every bot of the registry but ``random`` asks :func:`phase_choice` first: for a
decision of a book's phase (tribute, buying 3s, revolution, declarations …)
it answers what a sensible player does, from the seat's own hand and the
public facts; for the ordinary decisions of play (sets, pass, close …) it
answers ``None`` and the bot decides.

What a sensible player picks is declared beside each rule, in the variant's vocabulary
(a :class:`gouji.engine.vocabulary.DecisionTerm`'s ``suggest``, the ``gouji_vocabulary`` hook): this
module asks the declared suggestion of each legal action's keyword, in the order the
vocabulary declares them, and takes the first answer. The built-in books' suggestions:

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

**The fallback**: a decision no declared suggestion answers (a house variant's phase that
declares none) takes the first of the legal actions, as the plugin lists them — never a
draw, so that a game is the same on every run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gouji.engine.actions import CLOSE, PASS, TAKE_WIND, YIELD, Action, Burn, PlaySet
from gouji.errors import GoujiError
from gouji.plugins.suggestions import hand_counts, strong_enough_to_declare

if TYPE_CHECKING:
    from gouji.engine.game import Observation
    from gouji.plugins.variant import Variant

#: The ordinary decisions of play, which the bot itself takes.
_PLAY_WORDS = (PASS, CLOSE, YIELD, TAKE_WIND)


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


def phase_choice(observation: Observation, variant: Variant) -> Action | None:
    """The sensible choice of a decision that is not an ordinary one of play; ``None`` when
    every legal action is one of play (the bot plays its sets itself). Decisions beside
    the sets (挑牌's request, a consent to burn) are left to the bot: ``None`` too."""
    legal = observation.legal_actions
    if not legal or any(is_play_decision(a) for a in legal):
        return None
    if len(legal) == 1:
        return legal[0]
    chosen = _book_choice(list(legal), variant, observation)
    return chosen if chosen is not None else legal[0]


def _book_choice(legal: list[Action], variant: Variant, observation: Observation) -> Action | None:
    """The first answer of the declared suggestions of the legal actions' keywords, asked in
    the order the variant's vocabulary declares them (the bots read no rule module)."""
    keywords = {action.keyword for action in legal}
    for keyword, term in variant.vocabulary.decisions.items():
        if term.suggest is not None and keyword in keywords:
            chosen = term.suggest(legal, observation, variant)
            if chosen is not None:
                return chosen
    return None


__all__ = ["hand_counts", "is_play_decision", "phase_choice", "strong_enough_to_declare"]
