"""What each hook may answer: a plugin's answer of the wrong type or out of range is refused
at once, as a :class:`gouji.errors.PluginError` naming the hook and the plugins that answer it,
instead of a raw error somewhere later in the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gouji.engine.cards import Card
from gouji.plugins.policy_answers import flags_check

#: A deck larger than this is refused: eight 54-card decks are the most options allow.
MAX_DECK_CARDS = 8 * 54


def _seat(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6:
        return None
    return "a seat 0-5"


def _deck(value: Any) -> str | None:
    if not isinstance(value, (list, tuple)) or not all(isinstance(c, Card) for c in value):
        return "a list of Card"
    if not 6 <= len(value) <= MAX_DECK_CARDS:
        return f"6 to {MAX_DECK_CARDS} cards (one hand or more for each of six seats), not {len(value)}"
    return None


def _cut(value: Any) -> str | None:
    from gouji.engine.opening import Cut

    if not isinstance(value, Cut) or _seat(value.cutter) or _seat(value.first_drawer):
        return "a Cut whose cutter and first_drawer are seats 0-5"
    return None


def _score(value: Any) -> str | None:
    from gouji.engine.scoring import Score

    if not isinstance(value, Score) or len(value.team_points) != 2 or len(value.seat_points) != 6:
        return "a Score with two team totals and six seat points"
    return None


def _phase(value: Any) -> bool:
    return all(callable(getattr(value, name, None)) for name in ("actor", "legal_actions", "apply"))


def _groups(item_ok: Callable[[Any], bool], what: str) -> Callable[[Any], str | None]:
    """A hook every plugin answers (not firstresult): a list with one answer a plugin,
    each ``None`` or a list of items."""

    def check(value: Any) -> str | None:
        if not isinstance(value, list):
            return f"a list of {what}"
        for group in value:
            if group is None:
                continue
            if not isinstance(group, (list, tuple)) or not all(item_ok(i) for i in group):
                return f"None or a list of {what}"
        return None

    return check


def _forbidden(value: Any) -> str | None:
    from gouji.engine.plays import Play

    for group in value if isinstance(value, list) else [0]:
        if group is None:
            continue
        if not isinstance(group, Mapping) or not all(
                isinstance(k, Play) and isinstance(v, str) for k, v in group.items()):
            return "None or a mapping {Play: rule ID}"
    return None


def _action(value: Any) -> bool:
    from gouji.engine.actions import Action

    return isinstance(value, Action)


def _adjustment(value: Any) -> bool:
    from gouji.engine.scoring import Adjustment

    return isinstance(value, Adjustment) and value.team in (0, 1) and isinstance(value.points, int)


def _context(value: Any) -> str | None:
    from gouji.engine.context import GameContext

    return None if isinstance(value, GameContext) else "a GameContext"


def _flag(value: Any) -> str | None:
    return None if value is None or isinstance(value, bool) else "True, False or None"


def _optional_phase(value: Any) -> str | None:
    return None if value is None or _phase(value) else "None or a Phase (actor, legal_actions, apply)"


def _no_answers(value: Any) -> str | None:
    """A check answers nothing: it raises an OptionError or lets the options be."""
    return None if value == [] else "None from every plugin (a bad option raises OptionError)"


#: hook name → a function naming what was expected, or ``None`` when the answer is fine.
CHECKS: dict[str, Callable[[Any], str | None]] = {
    "gouji_check_options": _no_answers,
    "gouji_deck": _deck,
    # The rule objects: present, their flags True or False (what else the round reads of
    # them is taken as gouji.plugins.policy_answers says, as they are asked).
    "gouji_set_rules": flags_check("gouji_set_rules"),
    "gouji_burn_policy": flags_check("gouji_burn_policy"),
    "gouji_hold_three_policy": flags_check("gouji_hold_three_policy"),
    "gouji_open_point_policy": flags_check("gouji_open_point_policy"),
    "gouji_cut": _cut,
    "gouji_first_leader": _seat,
    "gouji_last_set_owner": _seat,
    "gouji_tribute": _optional_phase,
    "gouji_pregame_phases": _groups(_phase, "phases"),
    "gouji_precut_phases": _groups(_phase, "phases"),
    "gouji_forbidden_plays": _forbidden,
    "gouji_score": _score,
    "gouji_score_adjustments": _groups(_adjustment, "Adjustment (team 0 or 1, integer points)"),
    "gouji_extra_actions": _groups(_action, "Action"),
    "gouji_apply_action": _flag,
    "gouji_next_context": _context,
}


def short(value: Any) -> str:
    """A value's repr, cut short for an error message."""
    try:
        text = repr(value)
    except Exception:  # an integer past 4,300 digits has no text; a plugin's repr may raise
        text = (f"an integer of {value.bit_length():,} bits" if isinstance(value, int)
                else f"<{type(value).__name__}>")
    return text if len(text) <= 80 else text[:77] + "..."
