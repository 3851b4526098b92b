"""Game records: a game is its variant, options, seed and decisions, as JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from gouji.actions import parse_action
from gouji.errors import GoujiError, RecordError

if TYPE_CHECKING:
    from gouji.game import Game
    from gouji.variant import Variant

FORMAT = "gouji-record"
VERSION = 1


def game_record(game: Game) -> dict[str, Any]:
    """The record of ``game``; :func:`replay` turns it back into the same game."""
    ctx = game.context
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant.name,
        "plugins": list(game.variant.plugins),
        "options": game.variant.options.to_plain(),
        "seed": game.seed,
        "context": {
            "game_number": ctx.game_number,
            "previous_finish_order": list(ctx.previous_finish_order),
            "previous_first_drawer": ctx.previous_first_drawer,
            "carry": [[k, v] for k, v in ctx.carry],
        },
        "position": _position(game),
        "actions": [a.to_text() for a in game.history],
        "finish_order": game.finish_order if game.is_over else None,
        "void": game.is_void,
    }


def _position(game: Game) -> dict[str, Any] | None:
    if game.position is None:
        return None
    hands, leader = game.position
    return {"hands": [" ".join(c.record_text() for c in hand) for hand in hands], "leader": leader}




def read_record(record: dict[str, Any] | str, format_name: str, what: str) -> dict[str, Any]:
    """A record as a dict (parsed from JSON text if need be) whose ``format`` is ``format_name``;
    raise :class:`RecordError` naming ``what`` was expected otherwise."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as exc:
            raise RecordError(f"a {what} is JSON: {exc}") from exc
    if not isinstance(record, dict) or record.get("format") != format_name:
        raise RecordError(f"not a {what} (expected \"format\": \"{format_name}\")")
    return record


def replay(record: dict[str, Any] | str, variant: Variant | None = None) -> Game:
    """Rebuild a game from its record (a dict or its JSON text).

    Without ``variant``, the built-in variant the record names is loaded and
    given the record's options. Raise :class:`RecordError` for a malformed
    record or one whose actions are not legal in turn.
    """
    from gouji.context import GameContext
    from gouji.loader import load_variant

    record = read_record(record, FORMAT, "gouji record")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not supported (expected {VERSION})")
    for key, kind in (("variant", str), ("seed", int), ("actions", list), ("options", dict)):
        if not isinstance(record.get(key), kind):
            raise RecordError(f"record key {key!r}: expected {kind.__name__}, got {record.get(key)!r}")
    try:
        if variant is None:
            variant = load_variant(record["variant"])
        if variant.options.to_plain() != record["options"]:
            variant = variant.with_options(**record["options"])
        raw = record.get("context") or {}
        context = GameContext(
            game_number=raw.get("game_number", 1),
            previous_finish_order=tuple(raw.get("previous_finish_order", ())),
            previous_first_drawer=raw.get("previous_first_drawer"),
            carry=tuple((k, v) for k, v in raw.get("carry", ())),
        )
        position = record.get("position")
        if position:
            game = variant.new_position(position["hands"], position["leader"])
        else:
            game = variant.new_game(seed=record["seed"], context=context)
        for i, text in enumerate(record["actions"]):
            try:
                game.apply(parse_action(text))
            except GoujiError as exc:
                raise RecordError(f"action {i} ({text!r}) does not replay: {exc}") from exc
        claimed = record.get("void")
        if claimed is not None and claimed is not game.is_void:
            raise RecordError(f"record key 'void' is {claimed!r}, but the actions replay to a "
                              f"{'void' if game.is_void else 'valid'} game")
    except RecordError:
        raise
    except GoujiError as exc:
        raise RecordError(f"record cannot be replayed: {exc}") from exc
    return game
