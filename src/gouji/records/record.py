"""Game records: a game is its variant, options, seed and decisions, as JSON.

A record is self-describing (version 2): besides what replays the game it
holds the resolved variant as ``gouji show`` prints it, the identity of each
plugin (entry point and distribution version, or file and the SHA-256 of its
content), the gouji version that wrote it, whether the game is finished, its
finish order and its score. :func:`replay` checks every one of them against
the replay.

A record never makes gouji import code by itself: it may name built-in
variants and installed plugins; a variant or plugin *file* is loaded only when
the caller passes the variant (``replay(record, variant=...)``) or trusts the
record (``trust=True``). The JSON Schema of each version is shipped in
``gouji/schemas/``; a newer gouji reads every older version.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import warnings
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gouji.engine.actions import parse_action
from gouji.engine.context import MAX_CARRY_ENTRIES, MAX_GAME_NUMBER
from gouji.engine.seed import MAX_SEED, is_seed
from gouji.errors import GoujiError, RecordError, VariantNotGivenError
from gouji.plugins.hook_results import short

if TYPE_CHECKING:
    from gouji.engine.context import GameContext
    from gouji.engine.game import Game
    from gouji.plugins.variant import Variant

FORMAT = "gouji-record"
#: The version :func:`game_record` writes; :data:`READABLE_VERSIONS` are read.
VERSION = 2
READABLE_VERSIONS = (1, 2)

#: Bounds checked before any work is done.
MAX_RECORD_CHARS = 8 * 1024 * 1024
MAX_JSON_DEPTH = 32
MAX_ACTIONS = 20_000


def schema_path(version: int = VERSION) -> Path:
    """The JSON Schema file of record ``version`` inside the package."""
    return Path(__file__).parent / "schemas" / f"gouji-record-{version}.schema.json"


# -- writing ---------------------------------------------------------------------------------
def game_record(game: Game) -> dict[str, Any]:
    """The record of ``game``; :func:`replay` turns it back into the same game."""
    from gouji import __version__
    from gouji.plugins.loader import variant_to_toml

    ctx = game.context
    return {
        "format": FORMAT,
        "version": VERSION,
        "gouji_version": __version__,
        "variant": game.variant.name,
        "variant_toml": variant_to_toml(game.variant),
        "plugins": plugin_identities(game.variant),
        "options": game.variant.options.to_plain(),
        "seed": game.seed,
        "context": {
            "game_number": ctx.game_number,
            "previous_finish_order": list(ctx.previous_finish_order),
            "previous_first_drawer": ctx.previous_first_drawer,
            "carry": [[k, v] for k, v in ctx.carry],
        },
        "position": _position(game),
        **_deal(game),
        "actions": [a.to_text() for a in game.history],
        "finished": game.is_over,
        "finish_order": game.finish_order if game.is_over else None,
        "void": game.is_void,
        "score": _score_or_none(game),
    }


def _position(game: Game) -> dict[str, Any] | None:
    if game.position is None:
        return None
    hands, leader = game.position
    return {"hands": [" ".join(c.record_text() for c in hand) for hand in hands], "leader": leader}


def _deal(game: Game) -> dict[str, Any]:
    """The ``deal`` key of a game dealt from given hands (``Variant.new_game(deal=...)``):
    its cut, hands and first leader; nothing for a game dealt from its seed."""
    given = game.dealt
    if given is None:
        return {}
    cut = given.cut
    return {"deal": {"cut": {"cutter": cut.cutter, "cards": " ".join(c.record_text() for c in cut.cards),
                             "first_drawer": cut.first_drawer},
                     "hands": [" ".join(c.record_text() for c in hand) for hand in given.hands],
                     "leader": given.leader}}


def _read_deal(raw: Any) -> Any:
    """The :class:`~gouji.engine.opening.Dealt` of a record's ``deal`` key (:func:`_deal`)."""
    from gouji.engine.cards import Card
    from gouji.engine.opening import Cut, Dealt

    try:
        cut = raw["cut"]
        if set(raw) != {"cut", "hands", "leader"} or set(cut) != {"cutter", "cards", "first_drawer"}:
            raise TypeError("keys")
        hands = raw["hands"]
        if not isinstance(hands, list) or len(hands) != 6 or not all(isinstance(h, str) for h in hands):
            raise TypeError("hands")
        if not isinstance(cut["cards"], str):
            raise TypeError("cards")
        return Dealt(Cut(cut["cutter"], tuple(Card.parse(t) for t in cut["cards"].split()), cut["first_drawer"]),
                     tuple(tuple(Card.parse(t) for t in hand.split()) for hand in hands), raw["leader"])
    except (TypeError, KeyError, GoujiError) as exc:
        raise RecordError(f"record key 'deal': expected {{\"cut\": {{cutter, cards, first_drawer}}, \"hands\": "
                          f"six hands, \"leader\": a seat}}, got {short(raw)}") from exc


def _score(game: Game) -> dict[str, Any]:
    score = game.score()
    return {"team_points": list(score.team_points), "seat_points": list(score.seat_points),
            "sweep": score.sweep}


def _score_or_none(game: Game) -> dict[str, Any] | None:
    """The score of a finished game; ``None`` while it goes on, or when a plugin cannot score it
    (the record must still be written: it is how the failure is reported)."""
    if not game.is_over:
        return None
    try:
        return _score(game)
    except GoujiError:
        return None


def plugin_identities(variant: Variant) -> list[dict[str, str]]:
    """Who made the variant's rules: ``{"entry_point", "distribution", "version"}`` for each
    installed plugin, then ``{"file", "sha256"}`` for each plugin file, in load order."""
    from gouji.plugins.manager import plugin_distribution

    found: list[dict[str, str]] = []
    for name in variant.plugins:
        dist, version = plugin_distribution(name)
        found.append({"entry_point": name, "distribution": dist, "version": version})
    for path in variant.plugin_files:
        found.append({"file": path, "sha256": file_sha256(path)})
    return found


def file_sha256(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a file's content, in hex; ``"missing"`` when it cannot be read."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "missing"


# -- reading ---------------------------------------------------------------------------------
def read_record(record: Any, format_name: str, what: str) -> dict[str, Any]:
    """A record as a dict (parsed from JSON text or UTF-8 bytes if need be) whose ``format`` is
    ``format_name``; raise :class:`RecordError` naming ``what`` was expected otherwise.

    Size and nesting are bounded before anything else is done: at most
    :data:`MAX_RECORD_CHARS` characters and :data:`MAX_JSON_DEPTH` levels.
    """
    if isinstance(record, (bytes, bytearray)):
        if len(record) > MAX_RECORD_CHARS:
            raise RecordError(f"a {what} is at most {MAX_RECORD_CHARS} bytes, got {len(record)}")
        try:
            record = bytes(record).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"a {what} is UTF-8 text: {exc}") from exc
    if isinstance(record, str):
        if len(record) > MAX_RECORD_CHARS:
            raise RecordError(f"a {what} is at most {MAX_RECORD_CHARS} characters, got {len(record)}")
        try:
            record = json.loads(record, object_pairs_hook=unique_keys)
        except RecursionError:
            raise RecordError(f"a {what} is nested at most {MAX_JSON_DEPTH} levels deep") from None
        except ValueError as exc:
            raise RecordError(f"a {what} is JSON: {exc}") from exc
    if not isinstance(record, dict) or record.get("format") != format_name:
        raise RecordError(f"not a {what} (expected \"format\": \"{format_name}\")")
    check_depth(record, what)
    return record


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object that names each key once (``json.loads(..., object_pairs_hook=unique_keys)``):
    with a repeated key, what one reader takes is not what another does."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        repeated = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise ValueError(f"the key {repeated[:40]!r} appears twice in one object")
    return data


def check_depth(data: Any, what: str = "record", limit: int = MAX_JSON_DEPTH) -> None:
    """Raise :class:`RecordError` if ``data`` nests lists and dicts deeper than ``limit``
    (walked without recursion, so any depth is measured safely)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list, tuple)):
            if depth > limit:
                raise RecordError(f"a {what} is nested at most {limit} levels deep")
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))


def replay(record: dict[str, Any] | str | bytes, variant: Variant | None = None, *,
           trust: bool = False, allow_changed_plugins: bool = False) -> Game:
    """Rebuild a game from its record (a dict, its JSON text or UTF-8 bytes).

    Without ``variant``, the built-in or installed variant the record names is
    loaded and given the record's options; a record whose variant is a file is
    refused unless ``trust`` is true, since loading it imports its plugin files.
    Every plugin the record names must be the one loaded (an installed plugin
    by name, a plugin file by the SHA-256 of its content). An unfinished game
    is returned at its last decision; a finished one is checked against the
    record's finish order and score.

    ``allow_changed_plugins`` replays although a plugin file of the given
    ``variant`` (the caller's own variant file names it) differs from the one
    the record hashed: a :class:`UserWarning` names each changed file. It never
    relaxes the check of files a trusted record names itself, and never makes
    gouji import anything the record names.

    Raise :class:`RecordError` naming the first thing that is missing, changed
    or different; nothing is imported before the record is checked.
    """
    record = read_record(record, FORMAT, "gouji record")
    version = record.get("version")
    if version not in READABLE_VERSIONS:
        raise RecordError(f"record version {short(version)} is not supported (this gouji reads versions "
                          f"{', '.join(map(str, READABLE_VERSIONS))})")
    _check_fields(record)
    context = _context(record.get("context"))
    variant, notes = _replay_variant(record, variant, trust, allow_changed_plugins)
    try:
        position = record.get("position")
        if position:
            game = variant.new_position(position["hands"], position["leader"])
        elif record.get("deal") is not None:
            game = variant.new_game(seed=record["seed"], context=context, deal=_read_deal(record["deal"]))
        else:
            game = variant.new_game(seed=record["seed"], context=context)
    except GoujiError as exc:
        raise RecordError(f"record cannot be replayed: {exc}{notes}") from exc
    for i, text in enumerate(record["actions"]):
        try:
            game.apply(parse_action(text))
        except GoujiError as exc:
            raise RecordError(f"action {i} ({short(text)}) does not replay: {exc}{notes}"
                              f"{_older_rules_note(record)}") from exc
    _check_result(record, game, notes)
    return game


def _older_rules_note(record: dict[str, Any]) -> str:
    """Why a record of an older gouji may not replay: its rules were corrected since
    (CHANGELOG.md, "Rules"), and the game it recorded is no longer the game they deal."""
    from gouji import __version__

    written = record.get("gouji_version")
    if isinstance(written, str) and written.split(".")[:2] == __version__.split(".")[:2]:
        return ""
    by = f"gouji {written}" if isinstance(written, str) else "a gouji before 0.1"
    return (f" (this record was written by {by}; gouji {__version__} corrected rules since, see its changelog: "
            f"replay the record with the gouji that wrote it)")


def replay_in_series(record: Any, variant: Variant, seed: int, what: str) -> Game:
    """Replay ``record`` as a later game of a series or match: the game the series deals next
    is played under ``variant`` itself (its options too) and dealt from ``seed``. Raise
    :class:`RecordError` naming ``what`` before anything is replayed otherwise; the caller
    checks the context the game starts from."""
    if not isinstance(record, dict):
        raise RecordError(f"{what} is a game record, not {short(record)}")
    check_dealt_from_seed(record, what)
    if record.get("seed") != seed or not is_seed(record.get("seed")):
        raise RecordError(f"{what} was dealt from seed {short(record.get('seed'))}; the series deals it from {seed}")
    if record.get("variant") != variant.name:
        raise RecordError(f"{what} was played under variant {short(record.get('variant'))}, "
                          f"the series under {variant.name!r}")
    if record.get("options") != variant.options.to_plain():
        raise RecordError(f"{what} was played under other options than the series: "
                          f"{short(record.get('options'))}")
    return replay(record, variant)


def check_dealt_from_seed(record: dict[str, Any], what: str) -> None:
    """A game of a series or match is dealt from its seed: raise :class:`RecordError` naming
    ``what`` if its record gives the hands instead (a ``deal`` or a ``position``)."""
    for key in ("deal", "position"):
        if record.get(key) is not None:
            raise RecordError(f"{what} is dealt from the series' seed, yet its record gives the hands "
                              f"(key {key!r})")


_FIELDS: dict[str, tuple[type, ...]] = {
    "variant": (str,), "seed": (int,), "actions": (list,), "options": (dict,),
}
_FIELDS_2: dict[str, tuple[type, ...]] = {
    "gouji_version": (str,), "variant_toml": (str,), "plugins": (list,), "finished": (bool,),
}


#: The keys of each version's JSON Schema: what it requires, and (version 2) all it allows.
_REQUIRED = {1: {"format", "version", "variant", "plugins", "options", "seed", "actions"},
             2: {"format", "version", "gouji_version", "variant", "variant_toml", "plugins", "options", "seed",
                 "context", "position", "actions", "finished", "finish_order", "score"}}
#: ``player_seat``: the seat a person played (``gouji play`` writes it); replay does not read it.
#: ``deal``: the cut, hands and first leader of a game dealt from given hands.
_ALLOWED_2 = _REQUIRED[2] | {"void", "player_seat", "deal"}
_PLUGIN_KEYS = ({"entry_point", "distribution", "version"}, {"file", "sha256"})


def _check_schema_keys(record: dict[str, Any]) -> None:
    """What the record's JSON Schema refuses, replay refuses too: missing keys, unknown keys
    (version 2), plugin entries of another shape."""
    version = record["version"]
    missing = sorted(_REQUIRED[version] - set(record))
    if missing:
        keys = ", ".join(f"'{k}'" for k in missing)
        raise RecordError(f"a version-{version} record needs the key{'s' if len(missing) > 1 else ''} {keys}, "
                          "missing from this one")
    seat = record.get("player_seat")
    if seat is not None and not _is_seat(seat):
        raise RecordError(f"record key 'player_seat': a seat 0-5, not {short(seat)}")
    if version >= 2:
        unknown = sorted(str(k) for k in set(record) - _ALLOWED_2)
        if unknown:
            raise RecordError(f"unknown record keys {short(unknown)}; a version-2 record holds "
                              f"{', '.join(sorted(_ALLOWED_2))}")
        plugins = record["plugins"]
        if not isinstance(plugins, list) or len(plugins) > 64 or not all(
                isinstance(p, dict) and set(p) in _PLUGIN_KEYS and all(isinstance(v, str) for v in p.values())
                and (p.get("sha256", "missing") == "missing" or _is_sha256(p["sha256"])) for p in plugins):
            raise RecordError("record key 'plugins': at most 64 entries, each {entry_point, distribution, "
                              f"version}} or {{file, sha256}}, got {short(plugins)}")


def _is_sha256(text: str) -> bool:
    return len(text) == 64 and all(ch in "0123456789abcdef" for ch in text)


def _check_fields(record: dict[str, Any]) -> None:
    _check_schema_keys(record)
    fields = {**_FIELDS, **(_FIELDS_2 if record["version"] >= 2 else {"plugins": (list,)})}
    for key, kinds in fields.items():
        value = record.get(key)
        if not isinstance(value, kinds) or (kinds == (int,) and isinstance(value, bool)):
            raise RecordError(f"record key {key!r}: expected {kinds[0].__name__}, got {short(value)}")
    name = record["variant"]
    if not 0 < len(name) <= 1024 or not name.isprintable():
        raise RecordError(f"record key 'variant': a name or path of 1 to 1024 printable characters, "
                          f"got {short(name)}")
    if len(record["actions"]) > MAX_ACTIONS:
        raise RecordError(f"a record holds at most {MAX_ACTIONS} actions, got {len(record['actions'])}")
    for i, text in enumerate(record["actions"]):
        if not isinstance(text, str):
            raise RecordError(f"action {i}: expected the text of an action, got {short(text)}")
    if not is_seed(record["seed"]):
        raise RecordError(f"record key 'seed': from -2**64 to 2**64 ({MAX_SEED}), got {short(record['seed'])}")
    position = record.get("position")
    if position is not None and not (
            isinstance(position, dict) and set(position) == {"hands", "leader"}
            and isinstance(position["hands"], (list, dict)) and len(position["hands"]) <= 6
            and isinstance(position["leader"], int) and not isinstance(position["leader"], bool)):
        raise RecordError(f"record key 'position': expected {{\"hands\": six hands, \"leader\": a seat}}, "
                          f"got {short(position)}")
    if "deal" in record:
        _check_deal_key(record)
    order = record.get("finish_order")
    if order is not None and order != [] and not _is_order(order):
        raise RecordError("record key 'finish_order': expected the six seats ([] for a void game), "
                          f"got {short(order)}")


#: The longest cut and hand texts of a ``deal`` (the version-2 schema's ``maxLength``).
MAX_CUT_CHARS = 200
MAX_HAND_CHARS = 2000


def _check_deal_key(record: dict[str, Any]) -> None:
    """What the schema says of ``deal``: a version-2 key, an object, its texts bounded; and
    a record gives its hands once (a position or a deal)."""
    raw = record["deal"]
    if record["version"] < 2:
        raise RecordError("record key 'deal': a version-2 key (version-1 records are dealt from their seed)")
    if record.get("position") is not None:
        raise RecordError("a record gives a 'position' or a 'deal', not both")
    if not isinstance(raw, dict):
        raise RecordError(f"record key 'deal': expected an object, got {short(raw)}")
    cut, hands = raw.get("cut"), raw.get("hands")
    if isinstance(cut, dict) and isinstance(cut.get("cards"), str) and len(cut["cards"]) > MAX_CUT_CHARS:
        raise RecordError(f"record key 'deal': the cut's cards are at most {MAX_CUT_CHARS} characters, "
                          f"got {len(cut['cards'])}")
    if isinstance(hands, list) and any(isinstance(h, str) and len(h) > MAX_HAND_CHARS for h in hands):
        raise RecordError(f"record key 'deal': a hand is at most {MAX_HAND_CHARS} characters")


def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6


def _is_order(value: Any) -> bool:
    return isinstance(value, list) and all(_is_seat(s) for s in value) and sorted(value) == list(range(6))


def context_from_plain(raw: Any) -> GameContext:
    """A game's context from its plain form, as a record's ``"context"`` holds it
    (:meth:`GameContext.to_plain <gouji.engine.context.GameContext.to_plain>`; ``None``: a first
    game's), every field bounded; :class:`~gouji.errors.RecordError` for anything else."""
    return _context(raw)


def _context(raw: Any) -> GameContext:
    from gouji.engine.context import GameContext

    if raw is None:
        return GameContext.first()
    if not isinstance(raw, dict) or set(raw) - {"game_number", "previous_finish_order",
                                                 "previous_first_drawer", "carry"}:
        raise RecordError(f"record key 'context': expected game_number, previous_finish_order, "
                          f"previous_first_drawer and carry, got {short(raw)}")
    number = raw.get("game_number", 1)
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_GAME_NUMBER:
        raise RecordError(f"context 'game_number': expected 1 to {MAX_GAME_NUMBER}, got {short(number)}")
    order = raw.get("previous_finish_order", [])
    if not (order == [] or _is_order(order)):
        raise RecordError(f"context 'previous_finish_order': expected [] or the six seats, got {short(order)}")
    drawer = raw.get("previous_first_drawer")
    if drawer is not None and not _is_seat(drawer):
        raise RecordError(f"context 'previous_first_drawer': expected a seat 0-5 or null, got {short(drawer)}")
    carry = raw.get("carry", [])
    if (not isinstance(carry, list) or len(carry) > MAX_CARRY_ENTRIES
            or not all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in carry)):
        raise RecordError(f"context 'carry': expected at most {MAX_CARRY_ENTRIES} [name, value] pairs, "
                          f"got {short(carry)}")
    return GameContext(number, tuple(order), drawer, tuple((k, v) for k, v in carry))


#: Variants loaded for records that named them, by what defines them (``_variant_key``): a
#: replay without ``variant=`` builds a variant once, not once per record. Bounded (LRU).
_LOADED: OrderedDict[str, tuple[Variant, str]] = OrderedDict()
_LOADED_LIMIT = 64
_LOADED_LOCK = threading.Lock()


def _replay_variant(record: dict[str, Any], variant: Variant | None, trust: bool,
                    allow_changed: bool = False) -> tuple[Variant, str]:
    """The variant to replay ``record`` with, its plugins checked and the record's options
    given, and the note on changed plugin versions (:func:`_check_plugins`)."""
    # Only the caller's own variant may have changed plugin files: never one a record describes.
    allow_changed = allow_changed and variant is not None
    key = _variant_key(record, trust) if variant is None else None
    if key is not None:
        with _LOADED_LOCK:
            found = _LOADED.get(key)
            if found is not None:
                _LOADED.move_to_end(key)
                return found
    variant = _variant_for(record, variant, trust)
    notes = _check_plugins(record, variant, allow_changed)
    try:
        if variant.options.to_plain() != record["options"]:
            variant = variant.with_options(**record["options"])
    except GoujiError as exc:
        raise RecordError(f"record cannot be replayed: {exc}{notes}") from exc
    if key is not None:
        with _LOADED_LOCK:
            _LOADED[key] = (variant, notes)
            while len(_LOADED) > _LOADED_LIMIT:
                _LOADED.popitem(last=False)
    return variant, notes


def _variant_key(record: dict[str, Any], trust: bool) -> str | None:
    """What decides the variant a record without ``variant=`` replays with: its name, its
    variant's TOML text, its installed plugins and options, hashed.
    ``None`` where the variant comes from files (a variant file, plugin files): those are read
    and checked by their hashes again for every record, so a file changed on disk is seen."""
    from gouji.plugins.loader import _looks_like_path

    name = record["variant"]
    if _looks_like_path(name) or not all(isinstance(p, str) or (isinstance(p, dict) and "file" not in p)
                                         for p in record["plugins"]):
        return None
    content = json.dumps([name, record["version"], trust, record.get("variant_toml"), record["plugins"],
                          record["options"]], sort_keys=True, ensure_ascii=True, default=repr)
    return hashlib.sha256(content.encode()).hexdigest()


def _variant_for(record: dict[str, Any], variant: Variant | None, trust: bool) -> Variant:
    """The variant to replay with: the caller's, a built-in or installed one the record names,
    or (trusted records only) the one the record describes."""
    from gouji.plugins.loader import _looks_like_path, load_variant, variant_names
    from gouji.plugins.variant import Variant

    name = record["variant"]
    if variant is not None:
        if not isinstance(variant, Variant):
            raise RecordError(f"variant: expected a gouji.Variant, got {short(variant)}")
        if variant.name != name:
            raise RecordError(f"the record was played under variant {short(name)}, not {variant.name!r}")
        return variant
    try:
        if not _looks_like_path(name) and name in variant_names():
            return load_variant(name)
        if not trust:
            raise VariantNotGivenError(
                f"the record's variant {short(name)} is neither built in nor installed{_needs(record)}; "
                "a record never loads files by itself: give the variant (replay(record, variant=...), "
                "gouji replay --variant PATH) or trust the record (trust=True, gouji replay --trust)")
        if record["version"] >= 2:
            return _variant_from_record(record)
        # A version-1 record holds no hash of its variant file nor of its plugin files:
        # trusting it would load whatever files now lie at those paths.
        raise VariantNotGivenError(
            f"the record's variant {short(name)} is a file, and a version-1 record holds no hash of it "
            "or of its plugin files: trust cannot load it; give the variant (replay(record, variant=...), "
            "gouji replay --variant PATH)")
    except RecordError:
        raise
    except GoujiError as exc:
        raise RecordError(f"the record's variant {short(name)} cannot be loaded: {exc}") from exc


def _needs(record: dict[str, Any]) -> str:
    files = [p for p in record.get("plugins", []) if isinstance(p, dict) and "file" in p]
    if not files:
        return ""
    return "; it was played with plugin files " + ", ".join(
        f"{short(p.get('file'))} (sha256 {short(p.get('sha256'))})" for p in files[:8])


def _variant_from_record(record: dict[str, Any]) -> Variant:
    """A trusted record's own variant: its TOML text, with each plugin file checked by hash."""
    from gouji.plugins.loader import variant_from_text
    from gouji.plugins.variant import Variant

    data = variant_from_text(record["variant_toml"], "the record's variant_toml")
    table = data.get("variant")
    if not isinstance(table, dict) or not isinstance(table.get("plugins", []), list):
        raise RecordError("the record's variant_toml has no [variant] table with its plugins")
    files = table.get("plugin_files", [])
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        raise RecordError("the record's variant_toml: plugin_files is a list of paths")
    _compare_files(record, files)
    return Variant.build(record["variant"], table.get("plugins", []), record["options"], files,
                         table.get("description", ""))


def _check_plugins(record: dict[str, Any], variant: Variant, allow_changed: bool = False) -> str:
    """Raise :class:`RecordError` if the variant's plugins are not the record's; return a note
    on installed plugins whose version changed since the record (said if the replay fails)."""
    plugins = record["plugins"]
    if record["version"] < 2:
        if plugins != list(variant.plugins):
            raise RecordError(f"the record names plugins {short(plugins)}; variant {variant.name!r} has "
                              f"{list(variant.plugins)}")
        return ""
    named = [p.get("entry_point") for p in plugins if isinstance(p, dict) and "entry_point" in p]
    if not all(isinstance(p, dict) for p in plugins) or named != list(variant.plugins):
        missing = [n for n in named if n not in variant.plugins]
        what = f"plugin {missing[0]!r} is missing" if missing else f"the variant has {list(variant.plugins)}"
        raise RecordError(f"the record names plugins {short(named)}; {what}")
    _compare_files(record, list(variant.plugin_files), allow_changed)
    notes = []
    for entry, now in zip([p for p in plugins if "entry_point" in p], plugin_identities(variant), strict=False):
        if entry.get("version") != now["version"] and now["distribution"] != "gouji":
            notes.append(f"plugin {now['entry_point']!r} ({now['distribution']}) was version "
                         f"{short(entry.get('version'))} when the record was made, {now['version']} now")
    return f" (note: {'; '.join(notes)})" if notes else ""


def _compare_files(record: dict[str, Any], files: list[str], allow_changed: bool = False) -> None:
    recorded = [p for p in record["plugins"] if isinstance(p, dict) and "file" in p]
    if len(recorded) != len(files):
        raise RecordError(f"the record was played with {len(recorded)} plugin file(s), the variant has "
                          f"{len(files)}: {', '.join(files) or 'none'}")
    for entry, path in zip(recorded, files, strict=True):
        digest = file_sha256(path)
        if digest == "missing":
            raise RecordError(f"plugin file {path} is missing (the record needs {short(entry.get('file'))}, "
                              f"sha256 {short(entry.get('sha256'))})")
        if digest != entry.get("sha256"):
            if allow_changed:
                warnings.warn(f"plugin file {path} differs from the one the record was played with "
                              f"(sha256 {short(entry.get('sha256'))} in the record, {short(digest)} now): "
                              "replaying anyway, as asked; if its rules changed, the replay may fail or "
                              "differ", UserWarning, stacklevel=2)
                continue
            raise RecordError(f"plugin file {path}: its content differs from the record's "
                              f"(sha256 {short(entry.get('sha256'))} in the record, {short(digest)} now; even "
                              "a comment counts): replay with the file as the game was played with it, "
                              "from version control for example, or, if you changed it yourself, replay "
                              "anyway with allow_changed_plugins=True (gouji replay --allow-changed-plugins)")


def _check_result(record: dict[str, Any], game: Game, notes: str) -> None:
    """Everything the record states about the end of the game must be what the replay gives."""
    claimed = record.get("void")
    if "void" in record and not isinstance(claimed, bool):
        raise RecordError(f"record key 'void': true or false, got {short(claimed)}")
    if claimed is not None and claimed is not game.is_void:
        raise RecordError(f"record key 'void' is {short(claimed)}, but the actions replay to a "
                          f"{'void' if game.is_void else 'valid'} game{notes}")
    stated_finished = record.get("finished", record.get("finish_order") is not None)
    if stated_finished != game.is_over:
        said = "finished" if stated_finished else "not finished"
        raise RecordError(f"the record says the game is {said}; its replay is "
                          f"{'finished' if game.is_over else 'not finished'} after {len(game.history)} actions"
                          f"{notes}")
    if not game.is_over:
        if record.get("finish_order") is not None or record.get("score") is not None:
            raise RecordError(f"the record states a finish order or a score, but the game is not over{notes}")
        return
    if record.get("finish_order") != game.finish_order:
        raise RecordError(f"the record's finish_order {short(record.get('finish_order'))} differs from the "
                          f"replay's {game.finish_order}{notes}")
    # Compared as JSON: true is no integer to the record's schema, though True == 1 in Python.
    if record["version"] >= 2 and json.dumps(record.get("score"), sort_keys=True) != json.dumps(
            _score_or_none(game), sort_keys=True):
        raise RecordError(f"the record's score {short(record.get('score'))} differs from the replay's "
                          f"{_score(game)}{notes}")
