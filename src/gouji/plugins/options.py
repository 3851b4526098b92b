"""Variant options: their declarations (:class:`OptionSpec`) and resolved values (:class:`Options`).

Plugins declare options through the ``gouji_option_specs`` hook; the variant
loader validates every value in a TOML file against these declarations.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from gouji.engine.suggest import did_you_mean
from gouji.errors import OptionError

#: Bounds on every option value, whatever its declaration says: a variant file
#: or a record cannot make gouji hold more than this.
MAX_LIST_ITEMS = 64
MAX_STRING_CHARS = 200

_TYPE_NAMES = {bool: "a boolean", int: "an integer", str: "a string", list: "a list of integers"}


@attrs.frozen
class OptionSpec:
    """One option a plugin adds to a variant.

    ``type`` is ``bool``, ``int``, ``str`` or ``list`` (a list of integers);
    ``choices`` restricts a string option; ``rule`` names the ID of the rule the
    option belongs to (:ref:`the rules reference <rules-reference>`), for the docs.
    ``low`` and ``high`` bound an integer option (or every item of a list option),
    and ``length`` is a list's ``(shortest, longest)``: a value outside is refused
    when the variant is built, never later in a game. A list holds at most
    ``MAX_LIST_ITEMS`` (64) items and a string at most ``MAX_STRING_CHARS`` (200)
    characters.
    """

    name: str
    type: type[Any] = attrs.field(validator=attrs.validators.in_(tuple(_TYPE_NAMES)))
    default: Any
    doc: str
    rule: str = ""
    choices: tuple[str, ...] = ()
    plugin: str = ""
    low: int | None = None
    high: int | None = None
    length: tuple[int, int] | None = None

    def __attrs_post_init__(self) -> None:
        self.check(self.default, where=f"default of option {self.name!r}")

    def check(self, value: Any, where: str = "") -> Any:
        """Return ``value`` in canonical form, or raise :class:`OptionError`."""
        where = where or f"option {self.name!r}"
        ok = (
            isinstance(value, self.type)
            and not (self.type is int and isinstance(value, bool))
            and not (self.type is list and not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value))
        )
        if not ok:
            raise OptionError(f"{where}: expected {_TYPE_NAMES[self.type]}, got {_plain(value)}")
        if self.choices and value not in self.choices:
            raise OptionError(f"{where}: expected one of {', '.join(self.choices)}, got {_short(value)}"
                              f"{did_you_mean(value, self.choices)}")
        if self.type is str and len(value) > MAX_STRING_CHARS:
            raise OptionError(f"{where}: at most {MAX_STRING_CHARS} characters, got {len(value)}")
        if self.type is list:
            shortest, longest = self.length or (0, MAX_LIST_ITEMS)
            if not shortest <= len(value) <= min(longest, MAX_LIST_ITEMS):
                size = f"{shortest}" if shortest == longest else f"{shortest} to {min(longest, MAX_LIST_ITEMS)}"
                raise OptionError(f"{where}: expected {size} items, got {len(value)}")
        for item in (value if self.type is list else [value] if self.type is int else []):
            if (self.low is not None and item < self.low) or (self.high is not None and item > self.high):
                raise OptionError(f"{where}: expected {'items ' if self.type is list else ''}"
                                  f"{self.range_text()}, got {_short(value)}")
        return tuple(value) if self.type is list else value

    def range_text(self) -> str:
        """The bounds as words (``"0 to 5"``), empty when there are none."""
        if self.low is not None and self.high is not None:
            return f"{self.low} to {self.high}"
        if self.low is not None:
            return f"at least {self.low}"
        if self.high is not None:
            return f"at most {self.high}"
        return ""


def _plain(value: Any) -> str:
    """A value of the wrong type in the words of a variant file (TOML), not Python's: ``true
    (a boolean)``, ``"two" (a string)``, ``1.5 (a number with a fraction)``."""
    if isinstance(value, bool):
        return f"{'true' if value else 'false'} (a boolean)"
    if isinstance(value, str):
        return f"{_short(value)} (a string)"
    if isinstance(value, float):
        return f"{value} (a number with a fraction)"
    if isinstance(value, int):
        return f"{value} (an integer)"
    if isinstance(value, (list, tuple)):
        return "a list holding " + (", ".join(_plain(v) for v in value[:3]) + (", ..." if len(value) > 3 else "")
                                    if value else "nothing")
    if value is None:
        return "no value"
    if isinstance(value, dict):
        return "a table"
    return f"a value of another kind ({type(value).__name__})"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


class Options(Mapping[str, Any]):
    """The resolved, immutable option values of a variant."""

    __slots__ = ("_values",)
    _values: dict[str, Any]

    def __init__(self, values: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_values", dict(values))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Options are immutable; build a new variant instead")

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise KeyError(f"no option {key!r}{did_you_mean(key, self._values)}; "
                           f"options are: {', '.join(sorted(self._values))}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._values.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self._values) == dict(other)

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def __copy__(self) -> Options:
        return self  # immutable: a copy is the same values

    def __deepcopy__(self, memo: dict[int, Any]) -> Options:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Options, (self._values,))

    def to_plain(self) -> dict[str, Any]:
        """Values as TOML/JSON-friendly builtins (lists for list options)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self._values.items()}


def resolve_options(specs: Iterable[OptionSpec], given: Mapping[str, Any], where: str) -> Options:
    """Defaults overridden by ``given``; unknown keys and wrong types raise :class:`OptionError`."""
    by_name: dict[str, OptionSpec] = {}
    for spec in specs:
        if spec.name in by_name and by_name[spec.name] != spec:
            raise OptionError(
                f"option {spec.name!r} is declared twice, by {by_name[spec.name].plugin or '?'} "
                f"and {spec.plugin or '?'}"
            )
        by_name[spec.name] = spec
    if not isinstance(given, Mapping) or not all(isinstance(k, str) for k in given):
        raise OptionError(f"{where}: options are a table of names and values, not {_short(given)}")
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionError(
            f"{where}: unknown option {_short(unknown[0])}{did_you_mean(unknown[0], by_name)}; "
            f"known options are: {', '.join(sorted(by_name))}"
        )
    values = {name: spec.check(given.get(name, spec.default), f"{where}: option {name!r}")
              for name, spec in sorted(by_name.items())}
    return Options(values)
