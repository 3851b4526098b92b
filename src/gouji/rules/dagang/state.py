"""What the dagang plugin remembers during a game, and what a series carries between games.

:class:`DagangState` is one frozen value kept on the game (replaced, never
changed in place, so ``Game.clone`` copies it for free); every change comes
from a recorded action (a phase's choice, a plugin action, a ruling), so a
record replays it exactly.

Between games the plugin's ``gouji_next_context`` writes into
``GameContext.carry`` (plain JSON data; read back tolerantly, since a record
turns tuples into lists):

* ``dagang_cut``: ``{"kind": "first" | "recut" | "regular" | "rotate",
  "first_cutter", "cutter", "last", "second_last"}`` (OPEN-1, TRIB-4);
* ``dagang_points``: the point tribute owed, ``[[giver, receiver, count, why], …]`` (TRIB-5/6);
* ``dagang_sweep``: whether the last game was a sweep (TRIB-3);
* ``dagang_offences``: ``[[seat, offence, times], …]`` over the series (REF-3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gouji.engine.context import MAX_GAME_NUMBER, GameContext, register_carry_check
from gouji.engine.plays import Play
from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

CUT_KEY = "dagang_cut"
POINTS_KEY = "dagang_points"
SWEEP_KEY = "dagang_sweep"
OFFENCES_KEY = "dagang_offences"
#: Added to the cut's context by the pre-cut choice of 大落 (TRIB-4).
LAST_KEY = "dagang_last"

FIRST, RECUT, REGULAR, ROTATE = "first", "recut", "regular", "rotate"

#: The plugin's name in ``game.plugin_state`` and the key of its state there.
PLUGIN_STATE, _KEY = "dagang", "state"


@attrs.frozen
class PickPlan:
    """D§15 挑牌: ``owner``'s sets in the order his teammate set, from event ``start`` on."""

    owner: int
    sets: tuple[Play, ...]
    start: int


@attrs.frozen
class DagangState:
    """The plugin's memory of one game."""

    #: (seat, "pre" | "open"): declarations that the seat's opposite will not open (TRIB-6).
    declarations: tuple[tuple[int, str], ...] = ()
    #: Seats that folded by revolution (OPEN-5), and whether the game is void (two or more).
    revolutionaries: tuple[int, ...] = ()
    void: bool = False
    #: The opposite of a revolutionary who gave up his dead-gouji rights (无头).
    renounced: tuple[int, ...] = ()
    #: Ranks gathered out of play before the first lead (OPEN-4).
    gathered: tuple[int, ...] = ()
    plan: PickPlan | None = None
    #: (seat, index of the ruling's event): turns a seat has lost (REF-3).
    forfeits: tuple[tuple[int, int], ...] = ()
    #: (team, points, reason): points the referee gave (REF-3).
    fines: tuple[tuple[int, int, str], ...] = ()
    #: (seat, offence) recorded in this game (REF-3).
    offences: tuple[tuple[int, str], ...] = ()
    disqualified: tuple[int, ...] = ()
    #: Who pays the loser tribute as 大落 and as 二落, after the choice of TRIB-4.
    last: int | None = None
    second_last: int | None = None
    #: (giver, receiver, rank, kind): every tribute card that changed hands.
    tributes: tuple[tuple[int, int, int, str], ...] = ()


def get_state(game: PluginGame) -> DagangState:
    """The plugin's state of ``game`` (empty for a game that never set one, such as a position)."""
    state: DagangState = game.plugin_state(PLUGIN_STATE).get(_KEY, _EMPTY)
    return state


def update_state(game: PluginGame, **changes: Any) -> DagangState:
    state = attrs.evolve(get_state(game), **changes)
    game.plugin_state(PLUGIN_STATE)[_KEY] = state
    return state


_EMPTY = DagangState()


# -- the carry --------------------------------------------------------------------------------
@attrs.frozen
class CutInfo:
    kind: str = FIRST
    first_cutter: int | None = None
    cutter: int | None = None
    last: int | None = None
    second_last: int | None = None

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "first_cutter": self.first_cutter, "cutter": self.cutter,
                "last": self.last, "second_last": self.second_last}


def _seat_or_none(value: Any, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 6:
        raise GoujiError(f"carry {CUT_KEY!r}: {what} is a seat 0-5, not {value!r:.40}")
    return value


def cut_info(context: GameContext) -> CutInfo:
    """How this game is cut (OPEN-1), from the context's carry; a context without it is a first cut."""
    data = context.get(CUT_KEY)
    if data is None:
        return CutInfo()
    if (not isinstance(data, dict) or data.get("kind") not in (FIRST, RECUT, REGULAR, ROTATE)
            or set(data) - {"kind", "first_cutter", "cutter", "last", "second_last"}):
        raise GoujiError(f"carry {CUT_KEY!r}: expected {{'kind': first|recut|regular|rotate, …}}, got {data!r:.80}")
    return CutInfo(data["kind"], *(_seat_or_none(data.get(k), k)
                                   for k in ("first_cutter", "cutter", "last", "second_last")))


def owed_points(context: GameContext) -> list[tuple[int, int, int, str]]:
    """The point tribute the context carries: ``(giver, receiver, count, why)``."""
    out = []
    for item in context.get(POINTS_KEY) or ():
        try:
            giver, receiver, count, why = item
        except (TypeError, ValueError):
            raise GoujiError(f"carry {POINTS_KEY!r}: [giver, receiver, count, why], not {item!r}") from None
        if (not _is_seat(giver) or not _is_seat(receiver) or not isinstance(count, int)
                or isinstance(count, bool) or not 1 <= count <= MAX_POINT_TRIBUTE):
            raise GoujiError(f"carry {POINTS_KEY!r}: bad obligation {item!r:.80} (seats 0-5, a count of 1 to "
                             f"{MAX_POINT_TRIBUTE})")
        out.append((giver, receiver, count, str(why)))
    return out


def carried_offences(context: GameContext) -> dict[tuple[int, str], int]:
    out: dict[tuple[int, str], int] = {}
    for item in context.get(OFFENCES_KEY) or ():
        try:
            seat, offence, times = item
        except (TypeError, ValueError):
            raise GoujiError(f"carry {OFFENCES_KEY!r}: [seat, offence, times], not {item!r:.80}") from None
        if (not _is_seat(seat) or not isinstance(offence, str) or not 0 < len(offence) <= 40
                or not isinstance(times, int) or isinstance(times, bool) or not 1 <= times <= MAX_GAME_NUMBER):
            raise GoujiError(f"carry {OFFENCES_KEY!r}: [a seat 0-5, an offence, 1 to {MAX_GAME_NUMBER} times], "
                             f"not {item!r:.80}")
        out[(seat, offence)] = times
    return out


def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6


def _check_cut(value: Any) -> None:
    cut_info(GameContext(carry=((CUT_KEY, value),)))


def _list_check(key: str, read: Any) -> Any:
    """The check of a carried list: bounded, and every item read as the plugin will read it."""

    def check(value: Any) -> None:
        if value is not None and (not isinstance(value, list | tuple) or len(value) > MAX_CARRIED_ITEMS):
            raise GoujiError(f"carry {key!r}: a list of at most {MAX_CARRIED_ITEMS} items, not {value!r:.40}")
        read(GameContext(carry=((key, value),)))

    return check


def _check_sweep(value: Any) -> None:
    if not isinstance(value, bool):
        raise GoujiError(f"carry {SWEEP_KEY!r}: true or false, not {value!r:.40}")


def _check_last(value: Any) -> None:
    if value is not None and not _is_seat(value):
        raise GoujiError(f"carry {LAST_KEY!r}: a seat 0-5, not {value!r:.40}")


#: Bounds of what a series carries: no real series comes near them.
MAX_POINT_TRIBUTE = 100
MAX_CARRIED_ITEMS = 64

register_carry_check(CUT_KEY, _check_cut)
register_carry_check(POINTS_KEY, _list_check(POINTS_KEY, owed_points))
register_carry_check(OFFENCES_KEY, _list_check(OFFENCES_KEY, carried_offences))
register_carry_check(SWEEP_KEY, _check_sweep)
register_carry_check(LAST_KEY, _check_last)


def offences_data(counts: dict[tuple[int, str], int]) -> list[list[Any]]:
    return [[seat, offence, times] for (seat, offence), times in sorted(counts.items())]


def with_carry(context: GameContext, **items: Any) -> tuple[tuple[str, Any], ...]:
    carry = dict(context.carry)
    carry.update(items)
    return tuple(carry.items())


def seats(values: Sequence[Any]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


#: get_state's look-up, for the hooks asked on every decision (one call fewer).
STATE_KEY = _KEY
EMPTY_STATE = _EMPTY
