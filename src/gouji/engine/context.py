"""What a game knows of the games before it in a series."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class GameContext:
    """The game's place in a series: ``game_number`` counts from 1.

    ``previous_finish_order`` is the last game's finish order (empty for the
    first game); ``carry`` holds whatever the variant's plugins carry from
    one game to the next (tribute owed, who cut, scores), as plain data.
    """

    game_number: int = 1
    previous_finish_order: tuple[int, ...] = ()
    previous_first_drawer: int | None = None
    carry: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def first(cls) -> GameContext:
        """The context of a first game: no previous game, nothing carried."""
        return cls()

    def to_plain(self) -> Any:
        """The context as JSON data, as a record holds it (tuples become lists), to compare a
        replayed context with one computed afresh."""
        import json

        return json.loads(json.dumps({
            "game_number": self.game_number, "previous_finish_order": list(self.previous_finish_order),
            "previous_first_drawer": self.previous_first_drawer, "carry": [[k, v] for k, v in self.carry]}))

    def get(self, key: str, default: Any = None) -> Any:
        """The value a plugin carried under ``key`` from the previous game, or ``default``."""
        return dict(self.carry).get(key, default)
