"""A live table: a :class:`~gouji.engine.game.Game`, its seats and its log in a store.

Every accepted action is committed to the store before the table changes (and so
before anyone is told); a refusal changes nothing. A table is restored by
replaying its stored log. Bots are asked only through :func:`gouji.bots.decide`,
each decision with a bot built from a seed derived from the table's secret seed,
the seat and the turn, so a restored table makes the very same bot choices.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from gouji.bots.basic import SearchingBot, bot_names, decide, make_bot
from gouji.engine.actions import Action, parse_action
from gouji.engine.context import MAX_GAME_NUMBER
from gouji.engine.game import Game
from gouji.engine.series import context_after
from gouji.errors import GoujiError, IllegalActionError, OutOfTurnError
from gouji.plugins.loader import load_variant, variant_from_text, variant_names, variant_to_toml
from gouji.plugins.variant import Variant
from gouji.records.record import context_from_plain
from gouji.server.refusals import BAD_REQUEST, CONFLICT, FORBIDDEN, ILLEGAL, NOT_FOUND, OUT_OF_TURN, STALE, Refusal
from gouji.server.store import (
    ABANDONED,
    BOT,
    HUMAN,
    OPEN,
    OVER,
    PLAYING,
    WAITING,
    ActionRow,
    SeatRow,
    Store,
    StoreError,
    TableRow,
)
from gouji.server.tokens import MAX_TOKEN_CHARS, new_token, seat_of_token, token_hash
from gouji.server.views import turn_of

#: What a seat may be in a new table's ``seats``: a human (the creator gets his token),
#: an open seat (anyone may join it), or a bot of the registry.
SEAT_KINDS = (HUMAN, OPEN)
#: The options a variant is served with, where the client names none of them: in real time, a
#: decline the engine made at once would show the table who was never asked (security.rst), so
#: a served table asks every seat.
SERVED_OPTIONS: dict[str, Any] = {"ask_forced_declines": True}
#: Bounds on a new table's options (checked before the variant sees them).
MAX_OPTIONS = 64
MAX_OPTION_NAME_CHARS = 64
MAX_OPTION_TEXT_CHARS = 256
MAX_OPTION_NUMBER = 10**9
#: A game longer than this many actions is refused further actions (a bug, or an attack).
MAX_TURNS = 20_000


def bot_seed(secret: int, seat: int, turn: int) -> int:
    """The seed of the bot that decides for ``seat`` at ``turn``: derived from the table's
    secret seed, so a restored table asks the same bot the same question."""
    digest = hashlib.sha256(f"gouji-bot:{secret}:{seat}:{turn}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


#: How long a server process reuses the variants it has found and built (the installed
#: variants' list, a variant loaded by name): finding them reads every installed package's
#: entry points and the variant's files, which costs more than a game. A variant installed or
#: edited meanwhile is seen once this has passed.
VARIANT_CACHE_SECONDS = 5.0
_found: dict[str, tuple[float, Any]] = {}


def _cached(key: str, make: Any) -> Any:
    now = time.monotonic()
    kept = _found.get(key)
    if kept is None or now - kept[0] > VARIANT_CACHE_SECONDS:
        kept = _found[key] = (now, make())
    return kept[1]


def _variant_names() -> list[str]:
    names: list[str] = _cached("", variant_names)
    return names


def _load_variant(name: str) -> tuple[Variant, str]:
    """The variant ``name`` as :func:`load_variant` builds it, and its TOML, reused for a few
    seconds (:data:`VARIANT_CACHE_SECONDS`): a variant is immutable, its games share it."""
    def make() -> tuple[Variant, str]:
        built = load_variant(name)
        return built, variant_to_toml(built)

    found: tuple[Variant, str] = _cached(f"variant:{name}", make)
    return found


#: Variants given a table's options, kept as :func:`_load_variant`'s are: giving options builds a
#: variant again (its plugin manager), which costs more than the game's deal. Bounded: the keys
#: come from clients.
MAX_OPTIONED_VARIANTS = 64
_optioned: OrderedDict[str, tuple[float, Variant, str]] = OrderedDict()
_optioned_lock = threading.Lock()


def _variant_with_options(built: Variant, toml: str, values: dict[str, Any]) -> tuple[Variant, str]:
    """``built`` given the option ``values`` (checked by :func:`check_options`), and its TOML;
    the same variant for the same loaded variant and values for a few seconds. A refused value
    raises the variant's :class:`GoujiError` and is not kept."""
    key = json.dumps([toml, values], sort_keys=True, ensure_ascii=True)
    now = time.monotonic()
    with _optioned_lock:  # an embedding server may create tables from several threads
        kept = _optioned.get(key)
        if kept is not None and now - kept[0] <= VARIANT_CACHE_SECONDS:
            _optioned.move_to_end(key)
            return kept[1], kept[2]
    optioned = built.with_options(**values)
    text = variant_to_toml(optioned)
    with _optioned_lock:
        _optioned[key] = (now, optioned, text)
        _optioned.move_to_end(key)
        while len(_optioned) > MAX_OPTIONED_VARIANTS:
            _optioned.popitem(last=False)
    return optioned, text


def check_variant_name(name: object) -> str:
    """A variant a client may start: a built-in or installed name, never a file path."""
    names = _variant_names()
    if name is None:
        raise Refusal(BAD_REQUEST, f"variant: missing; one of {', '.join(names)}")
    if not isinstance(name, str) or name not in names:
        raise Refusal(BAD_REQUEST, f"variant: one of {', '.join(names)}, not {str(name)[:64]!r}")
    return name


#: Why a bot that searches (:class:`gouji.bots.basic.SearchingBot`, ``ismcts``) sits at no table.
SEARCHING_NOT_SERVED = ("searches for tens of milliseconds a decision: a table's bots move on the loop "
                        "that every table of the server shares, and must answer at once")


@functools.cache
def bot_problem(name: str) -> str | None:
    """Why this process cannot seat the bot ``name`` (``learned`` needs the ``bots`` extra; a bot
    that searches is not served, :data:`SEARCHING_NOT_SERVED`), or ``None``; asked once a process."""
    try:
        bot = make_bot(name, 0)
    except Exception as exc:  # a missing extra, or a broken bot
        return str(exc) or type(exc).__name__
    if isinstance(bot, SearchingBot):
        return f"{name} {SEARCHING_NOT_SERVED}"
    return None


def check_seats(seats: object) -> tuple[SeatRow, ...]:
    """Six seats: ``"human"``, ``"open"`` or a bot's registry name."""
    if not isinstance(seats, list) or len(seats) != 6:
        raise Refusal(BAD_REQUEST, "seats: a list of six seats (\"human\", \"open\" or a bot: "
                                   f"{', '.join(bot_names())})")
    rows = []
    for seat, kind in enumerate(seats):
        if kind in SEAT_KINDS:
            rows.append(SeatRow(str(kind)))
        elif isinstance(kind, str) and kind in bot_names():
            problem = bot_problem(kind)
            if problem is not None:  # refused now, not when the bot's first turn comes
                raise Refusal(BAD_REQUEST, f"seat {seat}: {problem}")
            rows.append(SeatRow(BOT, bot=kind))
        else:
            raise Refusal(BAD_REQUEST, f"seat {seat}: \"human\", \"open\" or a bot ({', '.join(bot_names())}), "
                                       f"not {str(kind)[:64]!r}")
    return tuple(rows)


#: The longest list an option may be given (place points, removed cards …).
MAX_OPTION_LIST = 64


def check_options(options: object) -> dict[str, Any]:
    """Option values: a flat object of names to booleans, bounded numbers, short strings and
    short lists of them (the variant's own checks come after)."""
    if options is None:
        return {}
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise Refusal(BAD_REQUEST, f"options: an object of at most {MAX_OPTIONS} option values")
    for name, value in options.items():
        if not isinstance(name, str) or not 0 < len(name) <= MAX_OPTION_NAME_CHARS:
            raise Refusal(BAD_REQUEST, f"options: a name is at most {MAX_OPTION_NAME_CHARS} characters")
        ok = _option_scalar(value) or (isinstance(value, list) and len(value) <= MAX_OPTION_LIST
                                       and all(_option_scalar(item) for item in value))
        if not ok:
            raise Refusal(BAD_REQUEST, f"option {name!r}: a boolean, a number, a short text or a list of "
                                       f"at most {MAX_OPTION_LIST} of them")
    return dict(options)


def _option_scalar(value: object) -> bool:
    return (isinstance(value, bool)
            or (isinstance(value, int) and abs(value) <= MAX_OPTION_NUMBER)
            or (isinstance(value, float) and abs(value) <= MAX_OPTION_NUMBER and value == value)
            or (isinstance(value, str) and len(value) <= MAX_OPTION_TEXT_CHARS))


def variant_from_toml(text: str) -> Variant:
    """The variant a table was created with, from the TOML the server stored (the server
    wrote it, so it is trusted as a record is with ``trust=True``)."""
    data = variant_from_text(text, "the stored variant")
    table = data.get("variant")
    if not isinstance(table, dict) or not isinstance(table.get("name"), str):
        raise StoreError("the stored variant has no [variant] table with its name")
    options = data.get("options", {})
    return Variant.build(table["name"], table.get("plugins", []), options, table.get("plugin_files", []),
                         table.get("description", ""))


class Table:
    """One table: its game, seats and store. Not thread-safe: one caller at a time."""

    def __init__(self, row: TableRow, game: Game, store: Store, owner: str) -> None:
        self.row = row
        self.game = game
        self.store = store
        self.owner = owner

    # -- creation and restore -------------------------------------------------------------
    @classmethod
    def create(cls, store: Store, variant: object, seats: object, options: object = None,
               owner: str = "") -> tuple[Table, dict[int, str]]:
        """A new table, stored; and the token of each human seat (shown once, never stored).
        Its creator's token is :meth:`create_with_creator`'s."""
        table, tokens, _ = cls.create_with_creator(store, variant, seats, options, owner)
        return table, tokens

    @classmethod
    def create_with_creator(cls, store: Store, variant: object, seats: object, options: object = None,
                            owner: str = "") -> tuple[Table, dict[int, str], str]:
        """:meth:`create`, and the creator's token (建桌人的凭证): the credential that reissues a
        seat's token (:meth:`reissue`), shown once and stored as its hash, as seat tokens are."""
        name = check_variant_name(variant)
        rows = check_seats(seats)
        values = check_options(options)
        source = None
        try:
            built, toml = _load_variant(name)
            source = built.source
            for option, value in SERVED_OPTIONS.items():  # unless the client says otherwise
                if option not in values and built.options.get(option, value) != value:
                    values[option] = value
            if values:
                built, toml = _variant_with_options(built, toml, values)
        except GoujiError as exc:
            # The variant's file is named by its name: a client learns nothing of the server's paths.
            text = str(exc) if not source else str(exc).replace(f"{source}: ", "").replace(source, name)
            raise Refusal(BAD_REQUEST, f"variant {name}: {text}") from exc
        tokens: dict[int, str] = {}
        seated = []
        for seat, given in enumerate(rows):
            if given.kind == HUMAN:
                tokens[seat] = new_token()
                given = SeatRow(HUMAN, token_hash=token_hash(tokens[seat]))
            seated.append(given)
        creator = new_token()
        seed = secrets.randbits(63)
        game = built.new_game(seed=seed)
        status = OVER if game.is_over else WAITING if any(r.kind == OPEN for r in seated) else PLAYING
        table = TableRow(id=secrets.token_urlsafe(9), variant_name=name, variant_toml=toml,
                         options=built.options.to_plain(), seats=tuple(seated), seed=seed, status=status,
                         created_at=time.time(), owner=owner or None, creator_hash=token_hash(creator))
        store.create_table(table)
        return cls(table, game, store, owner), tokens, creator

    def create_next(self, owner: str = "") -> Table:
        """The next game at this finished table, stored: the same variant and seats, each human
        seat held by the same token, open seats still open, bots the same bots, a new secret
        seed, and the context the variant carries from this game to the next (its places, the
        tribute owed: the ``gouji_next_context`` hook, as :class:`gouji.engine.series.Series` does).
        :class:`~gouji.server.store.NextTakenError` if a table follows this one already."""
        game = self.game
        if not game.is_over:
            raise Refusal(CONFLICT, "the game is in play: the next game follows once it is over")
        if game.context.game_number >= MAX_GAME_NUMBER:
            raise Refusal(CONFLICT, f"a series at one table has at most {MAX_GAME_NUMBER} games")
        variant = game.variant
        context = context_after(variant, game)
        seed = secrets.randbits(63)
        following = variant.new_game(seed=seed, context=context)
        seats = self.row.seats
        status = OVER if following.is_over else WAITING if any(r.kind == OPEN for r in seats) else PLAYING
        row = TableRow(id=secrets.token_urlsafe(9), variant_name=self.row.variant_name,
                       variant_toml=self.row.variant_toml, options=self.row.options, seats=seats, seed=seed,
                       status=status, created_at=time.time(), owner=owner or None, follows=self.id,
                       context=context.to_plain(), creator_hash=self.row.creator_hash)
        self.store.create_table(row)
        self.row = _evolve(self.row, next=row.id)
        return Table(row, following, self.store, owner)

    @classmethod
    def restore(cls, store: Store, table_id: str, owner: str = "") -> Table:
        """The table as its stored log leaves it."""
        row = store.get_table(table_id)
        if row is None:
            raise Refusal(NOT_FOUND, f"no table {table_id[:64]!r}")
        try:
            context = context_from_plain(row.context)
            game = variant_from_toml(row.variant_toml).new_game(seed=row.seed, context=context)
        except GoujiError as exc:
            raise StoreError(f"table {row.id}: its variant cannot be built again: {exc}") from exc
        for expected, entry in enumerate(store.actions(row.id)):
            try:
                if entry.turn != expected:
                    raise GoujiError(f"the log skips from turn {expected} to {entry.turn}")
                game.apply(parse_action(entry.action))
            except GoujiError as exc:
                raise StoreError(f"table {row.id}: its log does not replay at turn {expected}: {exc}") from exc
        return cls(row, game, store, owner)

    # -- reading ----------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.row.id

    @property
    def turn(self) -> int:
        """The turn an action must name to be accepted now."""
        return turn_of(self.game)

    @property
    def status(self) -> str:
        return self.row.status

    def seat_of(self, token: str) -> int:
        """The seat ``token`` is for; :class:`Refusal` (forbidden) for any other token."""
        seat = seat_of_token(token, [s.token_hash for s in self.row.seats])
        if seat is None:
            raise Refusal(FORBIDDEN, "this token holds no seat at this table")
        return seat

    def bot_to_move(self) -> bool:
        """Is the seat to decide a bot?"""
        seat = self.game.current_player
        return seat is not None and self.row.seats[seat].kind == BOT

    def summary(self) -> dict[str, Any]:
        """The lobby's line for this table: variant, seats, status, turn."""
        return row_summary(self.row, self.turn, self.game.current_player)

    def record(self) -> dict[str, Any]:
        """The finished game's record (with its seed: only once the game is over, or the table
        abandoned: then the record of the game as far as it went, ``finished`` false)."""
        if not self.game.is_over and self.status != ABANDONED:
            raise Refusal(CONFLICT, "the game is in play: its record (which reveals every hand) "
                                    "is given once it is over")
        return self.game.record()

    # -- changes ------------------------------------------------------------------------
    def join(self, seat: object) -> str:
        """A token for open seat ``seat``."""
        seat = check_seat_number(seat)
        if self.row.seats[seat].kind != OPEN:
            raise Refusal(CONFLICT, f"seat {seat} is not open")
        token = new_token()
        digest = token_hash(token)
        if not self.store.claim_seat(self.id, seat, digest):
            raise Refusal(CONFLICT, f"seat {seat} was taken meanwhile")
        seats = list(self.row.seats)
        seats[seat] = SeatRow(HUMAN, token_hash=digest)
        status = self.row.status
        if status == WAITING and not any(s.kind == OPEN for s in seats):
            status = PLAYING
            self.store.set_status(self.id, status)
        self.row = _evolve(self.row, seats=tuple(seats), status=status)
        return token

    def reissue(self, seat: object, creator_token: object) -> str:
        """A new token for human seat ``seat`` (换发座位链接), asked with the creator's token:
        the seat's old token holds nothing from now on (in the store too); its hand and the
        game are the same. Any creator token but this table's (none, not a text, a seat's, a
        table made before there were creator tokens) is the one refusal (forbidden), which says
        nothing of the seat or the table; then the seat is checked."""
        wanted = self.row.creator_hash
        given = creator_token if isinstance(creator_token, str) and 0 < len(creator_token) <= MAX_TOKEN_CHARS \
            else ""
        # Compared in constant time, as seat tokens are; an empty one is hashed too (same time).
        if wanted is None or not hmac.compare_digest(token_hash(given), wanted) or not given:
            raise Refusal(FORBIDDEN, NOT_THE_CREATOR)
        if self.game.is_over or self.status == ABANDONED:
            raise Refusal(CONFLICT, "the game is over: reissue the seat's link at the table of the next game")
        seat = check_seat_number(seat)
        held = self.row.seats[seat]
        if held.kind != HUMAN or held.token_hash is None:
            what = "open: anyone may join it by link" if held.kind == OPEN else "a bot's"
            raise Refusal(CONFLICT, f"seat {seat} is {what}; a seat's link is reissued for a person's seat")
        token = new_token()
        digest = token_hash(token)
        if not self.store.reissue_seat(self.id, seat, held.token_hash, digest):
            raise Refusal(CONFLICT, f"seat {seat}'s link was reissued meanwhile")
        seats = list(self.row.seats)
        seats[seat] = SeatRow(HUMAN, token_hash=digest)
        self.row = _evolve(self.row, seats=tuple(seats))
        return token

    def act(self, seat: int | None, turn: object, text: object, bots: int = 0) -> Action:
        """Seat ``seat``'s action ``text`` at ``turn``, committed; a :class:`Refusal` changes nothing.
        ``bots``: then let the bots answer, at most that many moves, committed with it in one write
        (:meth:`play_bots`; a bot that fails is raised once the moves before it are committed)."""
        if seat is None:
            raise Refusal(FORBIDDEN, "a spectator does not act: connect with a seat's token")
        if not isinstance(turn, int) or isinstance(turn, bool):
            raise Refusal(BAD_REQUEST, "turn: the integer the last view gave")
        if not isinstance(text, str):
            raise Refusal(BAD_REQUEST, "action: the text of an action (\"play K K\", \"pass\")")
        if self.game.is_over:
            raise Refusal(ILLEGAL, "the game is over", "END-1")
        if turn != self.turn:
            when = "is past" if turn < self.turn else "has not come yet"
            raise Refusal(STALE, f"turn {turn} {when}: the game is at turn {self.turn}; act on the last view's turn")
        if seat != self.game.current_player:
            raise Refusal(OUT_OF_TURN, f"seat {seat} is not to decide now: seat {self.game.current_player} is",
                          "ROUND-1")
        try:
            action = parse_action(text)
        except GoujiError as exc:
            # The parser's list of every action word of every variant is no help here: the view
            # holds this seat's own choices.
            reason = str(exc).split("; known: ", 1)[0]
            legal = self.game.legal_actions()
            example = f" (such as {legal[0].to_text()!r})" if legal else ""
            raise Refusal(BAD_REQUEST, f"action: {reason}; send one of the view's legal_actions{example}") from exc
        if bots > 0:
            self.play_bots(bots, first=(action, seat))
            return action
        return self.commit(action, seat)

    def bot_action(self) -> Action:
        """The action the bot to move chooses now (not applied)."""
        seat = self.game.current_player
        assert seat is not None and self.row.seats[seat].kind == BOT
        return self.bot_choice(self.row.seats[seat].bot or "greedy")

    def bot_choice(self, name: str) -> Action:
        """What bot ``name`` chooses for the seat to move: its seed from the secret seed, seat, turn."""
        seat = self.game.current_player
        assert seat is not None
        return decide(make_bot(name, bot_seed(self.row.seed, seat, self.turn)), self.game)

    def play_bots(self, most: int, first: tuple[Action, int] | None = None) -> int:
        """Let the bots move while a bot is to decide, at most ``most`` moves, and commit the
        moves to the store together (one transaction, where the store offers
        ``append_actions``) before this returns: nobody is told before. If the store refuses
        them, the game is put back as it was before the first. A bot's move that is refused, or
        a bot that fails, ends the run: the moves before it are committed, then it is raised.
        ``first``: a person's action and seat, made before the bots' and committed with them (a
        :class:`Refusal` of it changes nothing). The bots' moves made and committed."""
        append = getattr(self.store, "append_actions", None)
        if append is None:  # a store of one action per write
            if first is not None:
                self.commit(*first)
            made = 0
            while made < most and self.bot_to_move() and not self.game.is_over:
                self.commit(self.bot_action(), self.game.current_player)
                made += 1
            return made
        game = self.game
        snapshot = game.clone()
        start = self.turn
        rows: list[ActionRow] = []

        def move(action: Action, seat: int | None) -> None:
            if self.turn >= MAX_TURNS:
                raise Refusal(ILLEGAL, f"a table takes at most {MAX_TURNS} actions", "ROUND-1")
            try:
                game.apply(action, seat=seat)  # a refusal leaves the game as it was
            except GoujiError as exc:
                raise _refusal(exc) from exc
            rows.append(ActionRow(start + len(rows), seat, action.to_text()))

        if first is not None:
            move(*first)
        made = len(rows)
        failure: Exception | None = None
        try:
            while len(rows) - made < most and self.bot_to_move() and not game.is_over:
                seat = game.current_player
                move(self.bot_action(), seat)
        except Exception as exc:
            failure = exc
        if rows:
            status = OVER if game.is_over else None
            try:
                append(self.id, rows, status=status, owner=self.owner or None)
            except BaseException:
                game.__dict__.update(snapshot.__dict__)
                raise
            if status is not None:
                self.row = _evolve(self.row, status=status)
        if failure is not None:
            raise failure
        return len(rows) - made

    def commit(self, action: Action, seat: int | None) -> Action:
        """Apply ``action`` (from ``seat``, ``None`` for a referee's) and store it; if the store
        refuses it, the game is put back as it was. Nobody is told before this returns."""
        if self.turn >= MAX_TURNS:
            raise Refusal(ILLEGAL, f"a table takes at most {MAX_TURNS} actions", "ROUND-1")
        turn = self.turn
        snapshot = self.game.clone()
        try:
            self.game.apply(action, seat=seat)  # a refusal leaves the game as it was
        except GoujiError as exc:
            raise _refusal(exc) from exc
        status = OVER if self.game.is_over else None
        try:
            self.store.append_action(self.id, ActionRow(turn, seat, action.to_text()), status=status,
                                     owner=self.owner or None)
        except BaseException:
            self.game.__dict__.update(snapshot.__dict__)
            raise
        if status is not None:
            self.row = _evolve(self.row, status=status)
        return action


#: The one refusal of a reissue asked without this table's creator token, whatever was sent.
NOT_THE_CREATOR = ("this is not the creator token of this table: only whoever created the table (with the "
                   "creator_token its creation answered) may reissue a seat's link")


def check_seat_number(seat: object) -> int:
    """A seat a request names: a number 0-5; :class:`Refusal` (bad request) for anything else."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 6:
        if isinstance(seat, str):
            given = f"the text {seat[:32]!r}"
        elif isinstance(seat, (dict, list)):
            given = "a JSON object" if isinstance(seat, dict) else "a JSON array"
        else:
            given = json.dumps(seat)[:32]
        raise Refusal(BAD_REQUEST, f"seat: a number 0-5 (as {{\"seat\": 2}}), not {given}")
    return seat


def _refusal(exc: GoujiError) -> Refusal:
    """The refusal of an action the game refused."""
    if isinstance(exc, OutOfTurnError):
        return Refusal(OUT_OF_TURN, str(exc), exc.rule_id)
    if isinstance(exc, IllegalActionError):
        return Refusal(ILLEGAL, str(exc), exc.rule_id)
    return Refusal(ILLEGAL, str(exc))


def row_summary(row: TableRow, turn: int, current_player: int | None) -> dict[str, Any]:
    """A table's summary from its stored row (``current_player`` is ``None`` where unknown: a
    table this process does not hold)."""
    context = row.context if isinstance(row.context, dict) else {}
    return {
        "id": row.id, "variant": row.variant_name, "status": row.status, "turn": turn,
        "current_player": current_player, "created_at": row.created_at,
        "seats": [{"seat": i, "kind": s.kind, "bot": s.bot} for i, s in enumerate(row.seats)],
        "game_number": context.get("game_number", 1), "follows": row.follows, "next": row.next,
        "options": options_chosen(row),
    }


def options_chosen(row: TableRow) -> dict[str, Any]:
    """The options a table plays with that are not those its variant is served with (the
    variant's own, and :data:`SERVED_OPTIONS`), so that whoever joins or watches
    knows them (a hostile review: a table's creator could have forced declines made at once,
    which shows the table who could not cover, and nobody joining could tell). None where the
    variant is not installed here."""
    try:
        built, _ = _load_variant(row.variant_name)
    except GoujiError:
        return {}
    served = {**built.options.to_plain(), **SERVED_OPTIONS}
    return {name: value for name, value in row.options.items() if name not in served or served[name] != value}


def _evolve(row: TableRow, **changes: Any) -> TableRow:
    import attrs

    return attrs.evolve(row, **changes)


def seat_tokens_text(tokens: Mapping[int, str]) -> dict[str, str]:
    """The tokens as the protocol writes them: seats as strings (JSON object keys)."""
    return {str(seat): token for seat, token in sorted(tokens.items())}


def open_seats(row: TableRow) -> Sequence[int]:
    return [i for i, s in enumerate(row.seats) if s.kind == OPEN]
