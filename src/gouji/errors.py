"""Every error gouji raises derives from :class:`GoujiError`."""

from __future__ import annotations

from typing import Any


def _rebuilt(cls: type[GoujiError], args: tuple[Any, ...], state: dict[str, Any]) -> GoujiError:
    """An error as pickled: its ``args`` and attributes, without calling ``__init__`` again."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class GoujiError(Exception):
    """Base of every error raised by gouji.

    Every gouji error pickles whole, whatever its ``__init__`` takes (``rule_id``, ``seat`` …):
    an error raised in a worker process of ``gouji simulate`` reaches the parent as itself.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception's own reduce calls ``cls(*args)``, which breaks for errors whose
        # ``__init__`` takes other parameters than the message (IllegalActionError's rule_id).
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


class ParseError(GoujiError, ValueError):
    """Text that should describe cards or a set does not.

    Also a :class:`ValueError`, so callers that validate user input with
    ``except ValueError`` keep working.
    """


class VariantError(GoujiError):
    """A variant cannot be built: unknown name, bad file, bad option, bad plugin."""


class VariantFileError(VariantError):
    """A variant TOML file is unreadable, malformed, or holds a wrong key or value.

    The message names the file, the key and what was expected.
    """

    def __init__(self, path: object, key: str | None, expected: str) -> None:
        self.path = str(path)
        self.key = key
        self.expected = expected
        where = f"{self.path}: key {key!r}" if key else self.path
        super().__init__(f"{where}: {expected}")


class UnknownVariantError(VariantError, LookupError):
    """No built-in variant and no file has this name."""


class OptionError(VariantError):
    """An option is unknown or has a value of the wrong type."""


class PluginError(VariantError):
    """A plugin cannot be found, loaded, or misbehaves inside a hook.

    The message names the plugin, the hook when there is one, and the file.
    """


class IllegalActionError(GoujiError):
    """An action that is not in ``legal_actions()`` was applied.

    ``rule_id`` names the rule that the action breaks, by its ID in
    :ref:`the rules reference <rules-reference>` (``"PLAY-4"``). The game
    is left exactly as it was.
    """

    def __init__(self, message: str, rule_id: str) -> None:
        self.rule_id = rule_id
        super().__init__(f"[{rule_id}] {message}")


class OutOfTurnError(IllegalActionError):
    """An action came from a seat that is not to decide now (ROUND-1: play in turn order).

    ``seat`` sent it; ``current_player`` is the seat to decide (``None`` once the game is over).
    """

    def __init__(self, seat: int, current_player: int | None, message: str = "") -> None:
        self.seat = seat
        self.current_player = current_player
        super().__init__(message or f"seat {seat} is not to decide now: seat {current_player} is", "ROUND-1")


class StaleTurnError(OutOfTurnError):
    """An action was sent for another turn than the game's (``apply(action, turn=n)``): a
    late duplicate, or a decision made on an older view (ROUND-1).

    A kind of :class:`OutOfTurnError`, so a server that answers "not your turn" answers this
    too. ``turn`` is the turn given, ``current_turn`` the game's :attr:`gouji.Game.turn`;
    ``seat`` the seat that sent it (``None`` if not given).
    """

    def __init__(self, turn: object, current_turn: int, seat: int | None, current_player: int | None) -> None:
        self.turn = turn
        self.current_turn = current_turn
        super().__init__(seat, current_player,  # type: ignore[arg-type]
                         f"the action was sent for turn {turn!r}; the game is at turn {current_turn}")


class GameOverError(IllegalActionError):
    """An action was applied to a game that has ended."""

    def __init__(self) -> None:
        super().__init__("the game is over", "END-1")


class ObservationError(GoujiError, ValueError):
    """An observation's JSON data (``Observation.from_dict``) is malformed."""


class RecordError(GoujiError, ValueError):
    """A game record (JSON) is malformed or does not replay."""


class VariantNotGivenError(RecordError):
    """A record's variant is neither built in nor installed: a record never loads a file by
    itself, so the caller gives the variant (``variant=``, ``--variant``) or trusts the record."""
