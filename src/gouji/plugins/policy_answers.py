"""What the engine reads of the rule objects the hooks answer, taken alike in both builds.

The set rules (``gouji_set_rules``), the burn, hold-three and open-point policies
(``gouji_burn_policy``, ``gouji_hold_three_policy``, ``gouji_open_point_policy``) and the
phases are objects whose methods the round asks as it plays. The round is compiled in the
``GOUJI_COMPILE=1`` build (``hatch_build.COMPILED_MODULES``), and compiled code takes what a
method answers only as the type it declares: a ``bool`` for a ``bool`` (not a truthy ``1``,
not ``None``), a ``tuple`` for a ``tuple`` (not a list), an ``int`` for a seat (not a float).
So what a plugin's object answers is taken here, at the boundary, by one rule in both builds
(docs/hooks.rst, "What the engine reads of a rule object"):

* a truth answer (``is_gouji``, ``is_dead``, ``beats``, ``may_burn``, ``allows``, ``opens``,
  ``may_open``, ``stopped``) is read as Python reads a truth value, ``bool(answer)``; the
  hold-three policy's ``may_burn`` may also answer ``None`` (no verdict);
* ``cover_sizes`` answers whole numbers (any iterable of ints, numpy integers): a tuple of ints;
* the hold-three policy's ``forbidden_sets`` answers ``{Play: rule ID}`` (``None``: nothing);
* the burn policy's ``offer_order`` answers seats of its candidates, each once; its ``fail``
  the seat to lead, 0-5 (unless the game ended);
* a phase's ``actor`` answers a seat 0-5 (an ``int``, not a ``bool``) or ``None``;
* the flags the engine reads (``active``, ``broken_by_cover``, and every ``bool`` field of an
  attrs policy) are ``True`` or ``False``, checked once when the variant is built
  (``gouji.plugins.hook_results.CHECKS``).

Anything else is refused with a :class:`~gouji.errors.PluginError` naming the object, the
method and the plugin. gouji's own objects (whose methods are gouji's code: the engine's
defaults and the rulebooks' subclasses) are played as they are, unwrapped: they are typed
under ``mypy --strict`` to answer what the round declares, and nothing is added to their calls.
An object with a method of its own is played through a wrapper of this module
(:func:`played`), which converts or refuses each answer and hands every other attribute on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import index
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from gouji.errors import PluginError

if TYPE_CHECKING:
    from gouji.engine.plays import Play
    from gouji.plugins.surface import PluginGame

#: gouji's own package: a method whose code is under it is gouji's own.
_PACKAGE = Path(__file__).resolve().parents[1]

#: Per hook: what the round asks of its answer (the methods wrapped when one is not gouji's
#: own), and the flags it reads.
ASKED: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "gouji_set_rules": (("is_gouji", "is_dead", "beats", "cover_sizes"), ()),
    "gouji_burn_policy": (("may_burn", "allows", "offer_order", "fail"), ("broken_by_cover",)),
    "gouji_hold_three_policy": (("forbidden_sets", "may_burn"), ("active",)),
    "gouji_open_point_policy": (("opens", "may_open", "stopped"), ("active",)),
}


@functools.cache
def _gouji_file(filename: str) -> bool:
    try:
        return Path(filename).resolve().is_relative_to(_PACKAGE)
    except (OSError, ValueError):
        return False


def own_method(value: object, name: str) -> bool:
    """Is ``value``'s method ``name`` gouji's own code (or missing, where optional: the round
    then plays the default)? An attribute of the instance itself is never."""
    if name in (getattr(value, "__dict__", None) or ()):
        return False
    method = getattr(type(value), name, None)
    if method is None:
        return name == "cover_sizes"
    code = getattr(getattr(method, "__func__", method), "__code__", None)
    return code is not None and _gouji_file(code.co_filename)


def flags_check(hook_name: str) -> Callable[[Any], str | None]:
    """The check of ``hook_name``'s answer (``gouji.plugins.hook_results.CHECKS``): present,
    and each flag the engine reads of it, and each ``bool`` field of an attrs class, ``True`` or
    ``False`` (compiled, the round takes a flag only as a ``bool``; gouji's own methods answer
    some of them as they are, ``BurnPolicy.offers_any``)."""
    _, flags = ASKED[hook_name]

    def check(value: Any) -> str | None:
        import attrs

        if value is None:
            return "an answer (no plugin gave one)"
        names = set(flags)
        if attrs.has(type(value)):
            names |= {f.name for f in attrs.fields(type(value)) if f.type in ("bool", bool)}
        missing = object()
        for name in sorted(names):
            flag = getattr(value, name, missing)
            if flag is not missing and not isinstance(flag, bool):
                return f"an object whose {name} is True or False, not {_short(flag)}"
        return None

    return check


def played(hook_name: str, value: Any, origin: str) -> Any:
    """``value``, the answer of ``hook_name``, as the engine plays it: itself when every method
    the round asks of it is gouji's own, else wrapped (its answers taken by this module's rules).
    ``origin`` names it in a refusal (the object and the plugin that answered it)."""
    methods, _ = ASKED[hook_name]
    if all(own_method(value, name) for name in methods):
        return value
    return _WRAPPERS[hook_name](value, origin)


def _short(value: object) -> str:
    from gouji.plugins.hook_results import short

    return short(value)


class _Answers:
    """A plugin's rule object as the round asks it: the methods below take its answers by
    the module's rules; every other attribute is the object's own."""

    __slots__ = ("_inner", "_origin")

    def __init__(self, inner: Any, origin: str) -> None:
        self._inner = inner
        self._origin = origin

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self._inner, name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._inner, self._origin))

    def __repr__(self) -> str:
        return repr(self._inner)

    def _refused(self, method: str, answer: object, expected: str) -> PluginError:
        return PluginError(f"{self._origin}: {method} answered {_short(answer)}, expected {expected}")

    def _truth(self, method: str, answer: object) -> bool:
        if answer is True or answer is False:
            return answer
        try:
            return bool(answer)
        except Exception as exc:  # a numpy array of several values, a class whose __bool__ raises
            raise self._refused(method, answer, f"a truth value ({exc!r})") from exc


class SetRulesAnswers(_Answers):
    """A set rules object with a method of its own (``gouji_set_rules``)."""

    __slots__ = ()

    def is_gouji(self, play: Play) -> bool:
        return self._truth("is_gouji", self._inner.is_gouji(play))

    def is_dead(self, play: Play) -> bool:
        return self._truth("is_dead", self._inner.is_dead(play))

    def beats(self, new: Play, old: Play) -> bool:
        return self._truth("beats", self._inner.beats(new, old))

    def cover_sizes(self, old: Play) -> tuple[int, ...]:
        method = getattr(self._inner, "cover_sizes", None)
        if method is None:
            return (old.size,)  # the core's: sets of the same size
        answer = method(old)
        try:
            return tuple([index(size) for size in answer])
        except TypeError:
            raise self._refused("cover_sizes", answer, "whole numbers (a tuple of set sizes)") from None


class BurnAnswers(_Answers):
    """A burn policy with a method of its own (``gouji_burn_policy``)."""

    __slots__ = ()

    def may_burn(self, counts: Sequence[int], play: Play) -> bool:
        return self._truth("may_burn", self._inner.may_burn(counts, play))

    def allows(self, play: Play, hand_size: int) -> bool:
        return self._truth("allows", self._inner.allows(play, hand_size))

    def offer_order(self, anchor: int, candidates: Sequence[int]) -> list[int]:
        answer = self._inner.offer_order(anchor, candidates)
        if (not isinstance(answer, (list, tuple)) or not all(_is_seat(s) and s in candidates for s in answer)
                or len(set(answer)) != len(answer)):
            raise self._refused("offer_order", answer, f"seats of {list(candidates)}, each once")
        return list(answer)

    def fail(self, game: PluginGame, burner: int, victim: int) -> int:
        leader = self._inner.fail(game, burner, victim)
        if not game.is_over and not _is_seat(leader):
            raise self._refused("fail", leader, "the seat to lead, 0-5")
        return leader  # type: ignore[no-any-return]


class HoldThreeAnswers(_Answers):
    """A hold-three policy with a method of its own (``gouji_hold_three_policy``)."""

    __slots__ = ()

    def forbidden_sets(self, game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str]:
        from gouji.engine.plays import Play

        answer = self._inner.forbidden_sets(game, seat, plays)
        if answer is None:
            return {}
        if not isinstance(answer, Mapping) or not all(
                isinstance(k, Play) and isinstance(v, str) for k, v in answer.items()):
            raise self._refused("forbidden_sets", answer, "a mapping {Play: rule ID}")
        return answer

    def may_burn(self, counts: Sequence[int], play: Play) -> bool | None:
        verdict = self._inner.may_burn(counts, play)
        return None if verdict is None else self._truth("may_burn", verdict)


class OpenPointAnswers(_Answers):
    """An open-point policy with a method of its own (``gouji_open_point_policy``)."""

    __slots__ = ()

    def opens(self, game: PluginGame, seat: int, play: Play, burn: bool) -> bool:
        return self._truth("opens", self._inner.opens(game, seat, play, burn))

    def may_open(self, game: PluginGame, seat: int) -> bool:
        return self._truth("may_open", self._inner.may_open(game, seat))

    def stopped(self, game: PluginGame) -> bool:
        return self._truth("stopped", self._inner.stopped(game))


_WRAPPERS: dict[str, type[_Answers]] = {
    "gouji_set_rules": SetRulesAnswers,
    "gouji_burn_policy": BurnAnswers,
    "gouji_hold_three_policy": HoldThreeAnswers,
    "gouji_open_point_policy": OpenPointAnswers,
}


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6


def phase_actor_refused(phase: object, actor: object) -> PluginError:
    """The error for a phase whose ``actor`` answered no seat (the round asks it: a seat 0-5,
    an ``int`` and not a ``bool``, or ``None`` once the phase is done)."""
    return PluginError(f"phase {getattr(phase, 'name', '?')!r:.40} ({describe(phase)}): actor answered "
                       f"{_short(actor)}, expected a seat 0-5 or None")


def describe(value: object) -> str:
    """An object's class and the file that defines it, for an error message."""
    import sys

    cls = type(value)
    module = sys.modules.get(cls.__module__)
    where = getattr(module, "__file__", None) or cls.__module__
    return f"{cls.__qualname__} of {where}"


def origin(value: object, hook_name: str, plugins: Iterable[str]) -> str:
    """How a refusal names the answer of a policy hook: the object's class, the hook and the
    plugins (``"Rules, the answer of hook gouji_set_rules by plugin 'house' (/…/house.py)"``)."""
    return f"{type(value).__qualname__}, the answer of hook {hook_name} by {' or '.join(plugins) or 'no plugin'}"
