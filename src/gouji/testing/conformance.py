"""The conformance checks: does a variant (with its plugins) play correct games?

Each ``check_*`` function raises :class:`AssertionError` with a message that
says what went wrong; :func:`run_conformance` runs them all over several
seeds and names the seed and the check that failed.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from gouji.engine.actions import CLOSE, PASS, TAKE_WIND, YIELD, Action, Burn, PlaySet
from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO, Card, parse_card_text
from gouji.engine.game import PHASE, Game
from gouji.engine.plays import Play
from gouji.errors import GameOverError, IllegalActionError
from gouji.plugins.loader import builtin_variant_names, load_variant
from gouji.plugins.variant import Variant
from gouji.records.record import replay

#: A game that has not ended after this many actions does not end.
DEFAULT_MAX_STEPS = 20_000

VariantLike = Variant | str | os.PathLike[str]


class ConformanceError(AssertionError):
    """A conformance check failed. ``seed`` and ``check`` say which one."""

    def __init__(self, message: str, *, variant: str = "", seed: int | None = None, check: str = "") -> None:
        self.variant = variant
        self.seed = seed
        self.check = check
        super().__init__(message)


@attrs.frozen
class ConformanceReport:
    """What :func:`run_conformance` checked."""

    variant: str
    seeds: tuple[int, ...]
    actions: int
    refused: int

    def __str__(self) -> str:
        return (f"variant {self.variant!r}: {len(self.seeds)} games, {self.actions} actions, "
                f"{self.refused} refused actions checked")


def as_variant(variant: VariantLike) -> Variant:
    """A :class:`gouji.Variant` from itself, a built-in name or a TOML file path."""
    if isinstance(variant, Variant):
        return variant
    return load_variant(variant)


# -- playing ----------------------------------------------------------------------------
def random_playout(
    variant: VariantLike,
    seed: int,
    max_steps: int | None = DEFAULT_MAX_STEPS,
    *,
    rng: random.Random | None = None,
    on_step: Callable[[Game], None] | None = None,
) -> Game:
    """A game of ``variant`` dealt with ``seed``, played by uniformly random legal actions.

    The actions are drawn from ``rng`` (by default ``random.Random(seed)``),
    so the same arguments always give the same game. Stops when the game
    ends or after ``max_steps`` actions (``None``: no limit), whichever comes
    first. ``on_step(game)`` is called on the new game and after every action.
    """
    game = as_variant(variant).new_game(seed)
    rng = random.Random(seed) if rng is None else rng
    if on_step is not None:
        on_step(game)
    steps = 0
    while not game.is_over and (max_steps is None or steps < max_steps):
        legal = game.legal_actions()
        if not legal:
            raise AssertionError(
                f"seat {game.current_player} has no legal action but the game is not over "
                f"(after {len(game.history)} actions)"
            )
        game.apply(legal[rng.randrange(len(legal))])
        steps += 1
        if on_step is not None:
            on_step(game)
    return game


def random_position(
    variant: VariantLike,
    seed: int,
    max_cards: int = 8,
    *,
    pool: list[Card] | None = None,
) -> Game:
    """A game from a random position (:meth:`gouji.Variant.new_position`): six
    hands of 1 to ``max_cards`` cards drawn from ``pool`` (default: the
    variant's deck) and a random leader; no action applied yet.

    Small hands reach what long games rarely do under random play: going
    out, headless play, burns, the melee.
    """
    variant = as_variant(variant)
    rng = random.Random(seed)
    cards = variant.deck() if pool is None else list(pool)
    max_cards = max(1, min(max_cards, len(cards) // 6))
    sizes = [rng.randint(1, max_cards) for _ in range(6)]
    drawn = rng.sample(cards, sum(sizes))
    hands, start = [], 0
    for size in sizes:
        hands.append(drawn[start:start + size])
        start += size
    return variant.new_position(hands, rng.randrange(6))


def state_of(game: Game) -> dict[str, Any]:
    """Everything observable about ``game``, as comparable values."""
    return {
        "record": _json_normal(game.record()),
        "hands": [tuple(game.hand(s)) for s in range(6)],
        "events": list(game.events),
        "pile": list(game.pile),
        "current_player": game.current_player,
        "table": game.table,
        "table_owner": game.table_owner,
        "finish_order": list(game.finish_order),
        "is_over": game.is_over,
        "legal_actions": game.legal_actions(),
        "rng": game.rng.getstate(),
    }


def _differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    return [key for key in before if before[key] != after.get(key)]


def _json_normal(data: Any) -> Any:
    return json.loads(json.dumps(data, ensure_ascii=False))


# -- the checks ----------------------------------------------------------------------------
def check_game_ends(variant: VariantLike, seed: int, max_steps: int = DEFAULT_MAX_STEPS) -> Game:
    """A random game ends within ``max_steps`` actions, with a complete finish order,
    a score, no legal action left, and every further action refused."""
    variant = as_variant(variant)
    game = random_playout(variant, seed, max_steps)
    if not game.is_over:
        raise AssertionError(f"the game did not end within {max_steps} actions: {game!r}")
    check_finished(game)
    return game


def check_finished(game: Game) -> None:
    """The invariants of a finished game."""
    order = list(game.finish_order)
    if game.is_void:
        if order:
            raise AssertionError(f"a void game has no finish order, not {order}")
    elif sorted(order) != list(range(6)):
        raise AssertionError(f"finish order {order} does not list each seat 0-5 once")
    if game.legal_actions():
        raise AssertionError(f"the game is over but legal_actions() is {game.legal_actions()}")
    if game.current_player is not None:
        raise AssertionError(f"the game is over but current_player is {game.current_player}")
    score = game.score()
    if tuple(score.finish_order) != tuple(order):
        raise AssertionError(f"score.finish_order {score.finish_order} != finish_order {order}")
    for action in (PASS, PlaySet.of(Play.of(THREE, 1))):
        try:
            game.apply(action)
        except GameOverError:
            continue
        raise AssertionError(f"{action} was accepted after the game ended")


def check_determinism(variant: VariantLike, seed: int, max_steps: int = DEFAULT_MAX_STEPS) -> Game:
    """The same seed and the same actions give the same game: the same decision
    (seat and legal actions) at every step, events, hands and finish order.

    Plays a random game, then applies its actions to a new game of the same
    seed and compares every step. A plugin that draws from the global
    ``random`` instead of the game's ``rng`` fails here.
    """
    variant = as_variant(variant)
    trace: list[tuple[int | None, list[Action]]] = []
    first = random_playout(variant, seed, max_steps,
                           on_step=lambda g: trace.append((g.current_player, g.legal_actions())))
    _check_same_steps(variant, first, trace)
    return first


def _check_same_steps(variant: Variant, first: Game, trace: list[tuple[int | None, list[Action]]],
                      keep_at: int | None = None) -> Game | None:
    """Apply ``first``'s actions to a new game of its seed, comparing each step
    with ``trace``; return a clone taken after ``keep_at`` actions."""
    second = variant.new_game(first.seed, first.context)
    kept = None
    for step, action in enumerate(first.history):
        if step == keep_at:
            kept = second.clone()
        player, legal = trace[step]
        if second.current_player != player or second.legal_actions() != legal:
            raise AssertionError(
                f"step {step}: the same seed and actions gave a different decision: seat "
                f"{second.current_player} with {len(second.legal_actions())} legal actions, "
                f"the first time seat {player} with {len(legal)}"
            )
        second.apply(action)
    _compare_games(first, second, "replaying the same actions on the same seed")
    return second.clone() if kept is None and keep_at is not None else kept


def _compare_games(a: Game, b: Game, how: str) -> None:
    if len(a.events) != len(b.events) or a.events != b.events:
        at = next((i for i, (x, y) in enumerate(zip(a.events, b.events, strict=False)) if x != y),
                  min(len(a.events), len(b.events)))
        names = a.variant.vocabulary.event_names
        first = a.events[at].text(names) if at < len(a.events) else "(nothing)"
        second = b.events[at].text(names) if at < len(b.events) else "(nothing)"
        raise AssertionError(f"{how}: event {at} differs: {first!r} vs {second!r}")
    for seat in range(6):
        if a.hand(seat) != b.hand(seat):
            raise AssertionError(f"{how}: the hand of seat {seat} differs")
    if a.finish_order != b.finish_order:
        raise AssertionError(f"{how}: finish order {a.finish_order} vs {b.finish_order}")
    if (a.is_over, a.current_player) != (b.is_over, b.current_player):
        raise AssertionError(f"{how}: the game state differs ({a!r} vs {b!r})")
    if a.is_over and a.score() != b.score():
        raise AssertionError(f"{how}: score {a.score()} vs {b.score()}")


def initial_cards(game: Game) -> list[Card]:
    """Every card of the game at its start: the hands of a position, the cards
    dealt in a dealt game, none before the deal (a variant may have decisions
    before the cut)."""
    if game.position is not None:
        hands, _leader = game.position
        return [card for hand in hands for card in hand]
    if game.deal is None:
        return []
    dealt = [card for _seat, card in game.deal.draws]
    if Counter(dealt) != Counter(game.variant.deck()):
        raise AssertionError("the cards dealt are not the variant's deck (gouji_deck)")
    return dealt


def check_card_conservation(game: Game, deck: list[Card] | None = None) -> None:
    """Every card dealt is in a hand or was played: counts, ranks, and the
    suits of the cards still held.

    ``deck`` is the game's cards at its start (default :func:`initial_cards`).
    """
    deck = initial_cards(game) if deck is None else deck
    hands = [game.hand(seat) for seat in range(6)]
    _check_counts(game, Counter(card.rank for card in deck), len(deck),
                  [Counter(card.rank for card in hand) for hand in hands], _pile_ranks(game.pile))
    too_many = Counter(card for hand in hands for card in hand) - Counter(deck)
    if too_many:
        raise AssertionError(f"cards held more often than the deck has them: {dict(too_many)}")


class _ConservationWatch:
    """:func:`check_card_conservation` after every action, without its cost:
    rank counts only, the pile summed as it grows."""

    def __init__(self) -> None:
        self.deck: list[Card] | None = None
        self.expected: list[int] = []
        self.seen = 0
        self.pile = [0] * (BIG_JOKER + 1)

    def __call__(self, game: Game) -> None:
        if self.deck is None or (not self.deck and game.deal is not None):  # (re)start once dealt
            self.deck = initial_cards(game)
            self.expected = _rank_list(Counter(card.rank for card in self.deck))
            check_card_conservation(game, self.deck)
        pile = self.pile
        for play in game.pile[self.seen:]:
            for rank, n in play.counts().items():
                pile[rank] += n
        self.seen = len(game.pile)
        ranks = list(pile)
        sizes = getattr(game, "sizes", None)
        for seat in range(6):
            held = 0
            for rank, n in game.hand_counts(seat).items():
                ranks[rank] += n
                held += n
            if sizes is not None and sizes[seat] != held:
                raise AssertionError(f"seat {seat} holds {held} cards but its size says {sizes[seat]}")
        if ranks != self.expected or game.deck_size != len(self.deck):
            # Say what is wrong in detail.
            check_card_conservation(game, self.deck)
            raise AssertionError(f"the ranks in hands and on the pile differ from the deck: {ranks} vs "
                                 f"{self.expected}")


def _rank_list(counts: Counter[int]) -> list[int]:
    out = [0] * (BIG_JOKER + 1)
    for rank, n in counts.items():
        out[rank] += n
    return out


def watch_card_conservation() -> Callable[[Game], None]:
    """A checker to call on one game after each of its actions (``on_step`` of
    :func:`random_playout`): the first call runs :func:`check_card_conservation`,
    later ones check counts and ranks cheaply, summing the pile as it grows."""
    return _ConservationWatch()


def _pile_ranks(pile: list[Play]) -> Counter[int]:
    ranks: Counter[int] = Counter()
    for play in pile:
        ranks.update(play.counts())
    return ranks


def _check_counts(game: Game, expected: Counter[int], deck_size: int, hands: list[Counter[int]],
                  pile: Counter[int]) -> None:
    held = sum(sum(h.values()) for h in hands)
    played = sum(pile.values())
    if held + played != game.deck_size or game.deck_size != deck_size:
        raise AssertionError(
            f"{held} cards in hands + {played} played = {held + played}, "
            f"but the deck holds {deck_size} (game.deck_size {game.deck_size})"
        )
    sizes = getattr(game, "sizes", None)
    if sizes is not None:
        for seat in range(6):
            if sizes[seat] != sum(hands[seat].values()):
                raise AssertionError(
                    f"seat {seat} holds {sum(hands[seat].values())} cards but its size says {sizes[seat]}")
    ranks = pile.copy()
    for hand in hands:
        ranks.update(hand)
    if +ranks != +expected:
        raise AssertionError(f"the ranks in hands and on the pile differ from the deck: "
                             f"extra {dict(ranks - expected)}, missing {dict(expected - ranks)}")


def illegal_candidates(game: Game, rng: random.Random) -> list[Any]:
    """Actions the current player may not take now (none of them is in ``legal_actions()``)."""
    legal = set(game.legal_actions())
    candidates: list[Any] = [PASS, CLOSE, YIELD, TAKE_WIND, "pass", None]
    seat = game.current_player
    if seat is None:
        candidates.append(PlaySet.of(Play.of(THREE, 1)))
    else:
        counts = game.hand_counts(seat)
        # Sets the player does not hold (PLAY-1).
        rank = rng.randrange(THREE, ACE + 1)
        candidates.append(PlaySet.of(Play.of(rank, counts.get(rank, 0) + 1)))
        candidates.append(PlaySet.of(Play.of(TWO, counts.get(TWO, 0) + 1)))
        candidates.append(PlaySet.of(Play.of(BIG_JOKER, 0, 0, 0, counts.get(BIG_JOKER, 0) + 1)))
        candidates.append(Burn.of(Play.of(SMALL_JOKER, 0, 0, counts.get(SMALL_JOKER, 0) + 1)))
        held = [r for r in range(THREE, ACE + 1) if counts.get(r)]
        if held:
            rank = rng.choice(held)
            play = Play.of(rank, rng.randint(1, counts[rank]))
            candidates += [PlaySet.of(play), Burn.of(play)]
            if game.table is not None:
                # A held set of the wrong size, and the smallest set of the right size.
                size = game.table.size + 1
                if counts[rank] >= size:
                    candidates.append(PlaySet.of(Play.of(rank, size)))
                low = min(held)
                if counts[low] >= game.table.size:
                    candidates.append(PlaySet.of(Play.of(low, game.table.size)))
        for action in legal:
            if isinstance(action, PlaySet):
                candidates.append(Burn.of(action.play))
            elif isinstance(action, Burn):
                candidates.append(PlaySet.of(action.play))
    return [a for a in dict.fromkeys(candidates) if a not in legal]


def check_refused_actions_change_nothing(game: Game, rng: random.Random | None = None,
                                         how_many: int | None = None) -> int:
    """Actions not in ``legal_actions()`` raise :class:`gouji.IllegalActionError`
    with a rule ID, and leave the record, the hands and the events unchanged.

    Tries ``how_many`` (default: all) of :func:`illegal_candidates`; returns
    how many were tried.
    """
    rng = random.Random(0) if rng is None else rng
    candidates = illegal_candidates(game, rng)
    if how_many is not None and len(candidates) > how_many:
        candidates = rng.sample(candidates, how_many)
    before = state_of(game)
    quick_before = _quick_state(game)
    for action in candidates:
        try:
            game.apply(action)
        except IllegalActionError as exc:
            if not isinstance(exc.rule_id, str) or not exc.rule_id.strip():
                raise AssertionError(f"refusing {action!r} gave no rule ID: {exc}") from exc
        except Exception as exc:
            raise AssertionError(
                f"{action!r} raised {type(exc).__name__} instead of IllegalActionError: {exc}"
            ) from exc
        else:
            raise AssertionError(f"{action!r} is not in legal_actions() but apply() accepted it ({game!r})")
        changed = _differences(quick_before, _quick_state(game))
        if changed:
            raise AssertionError(f"refusing {action!r} changed the game: {', '.join(changed)}")
    changed = _differences(before, state_of(game))
    if changed:
        raise AssertionError(f"refusing {', '.join(map(repr, candidates))} changed the game: {', '.join(changed)}")
    return len(candidates)


def _quick_state(game: Game) -> dict[str, Any]:
    return {
        "history": list(game.history),
        "hands": [game.hand_counts(s) for s in range(6)],
        "events": len(game.events),
        "pile": len(game.pile),
        "current_player": game.current_player,
        "table": game.table,
        "finish_order": list(game.finish_order),
        "legal_actions": game.legal_actions(),
    }


#: Events that show cards by the rules themselves: the cut's drawn cards lie face up (OPEN-1),
#: the game's end lists seats. A plugin whose rules show cards adds its event kinds here.
REVEALING_EVENT_KINDS: set[str] = {"cut", "deal", "game-over"}
_CARD_WORD = re.compile(r"^(?:[♠♥♣♦]?(?:10|[2-9JQKA])|大王|小王|BJ|SJ)$")


def listed_cards(text: str) -> list[dict[int, int]]:
    """Every run of two or more card words in ``text`` (``"♠9 ♣8 7"``, sets joined by
    ``/``), each as ``{rank: count}``; single words are not counted (``seat 3``)."""
    runs: list[dict[int, int]] = []
    current: Counter[int] = Counter()
    words = 0
    for word in [*text.split(), ""]:
        if word == "/" and words:
            continue
        if word and _CARD_WORD.match(word):
            current[parse_card_text(word)[0]] += 1
            words += 1
            continue
        if words >= 2:
            runs.append(dict(current))
        current, words = Counter(), 0
    return runs


def check_no_hand_leaks(game: Game, since: int = 0) -> int:
    """No event from index ``since`` on that every seat sees lists cards of a hand.

    An event the rules keep between some seats says so (``visible_to``: a card handed
    back face down, a hand shown to a teammate); an event seen by all that lists two or
    more cards all held by one seat at that moment (``"♠9 ♣8 ♠7"``, ``"7 7 / 6"``)
    tells the table a hand: a leak. Sets put on the table are public (``Event.play``);
    ``REVEALING_EVENT_KINDS`` are shown by the rules. Returns the number of events,
    the ``since`` of the next call after the next action.
    """
    hands = [Counter(game.hand_counts(seat)) for seat in range(6)]
    for index in range(since, len(game.events)):
        event = game.events[index]
        if event.visible_to is not None or event.kind in REVEALING_EVENT_KINDS:
            continue
        for run in listed_cards(event.detail):
            for seat, hand in enumerate(hands):
                if not Counter(run) - hand:
                    raise AssertionError(
                        f"event {index} ({event.kind}: {event.detail!r}) is seen by every seat and lists "
                        f"{sum(run.values())} cards that seat {seat} holds: his hand leaks")
    return len(game.events)


def check_vocabulary(game: Game, since: int = 0) -> int:
    """Every term the game speaks now is declared in its variant's vocabulary
    (``gouji_vocabulary``): its events from the ``since``-th on, the keywords of the legal
    actions and the phase being decided. Return how many events the game has now."""
    vocabulary = game.variant.vocabulary
    events = game.events
    phase = game.phases[0].name if game.kind == PHASE and game.phases else None
    missing = vocabulary.undeclared(
        events={e.kind for e in events[since:]},
        decisions={a.keyword for a in game.legal_actions()} if not game.is_over else (),
        phases=(phase,) if phase is not None else ())
    if missing:
        raise AssertionError(f"the variant speaks terms its plugins do not declare (hook gouji_vocabulary): "
                             f"{', '.join(sorted(missing))} (after {len(game.history)} actions)")
    return len(events)


def check_record_round_trip(game: Game) -> Game:
    """``gouji.replay`` of the record, through JSON text, gives the same game.

    A built-in variant is replayed from the record alone; a variant from a
    TOML file is loaded again from that file; any other is passed to
    ``replay``.
    """
    record = game.record()
    text = json.dumps(record, ensure_ascii=False)
    if _json_normal(record) != json.loads(text):
        raise AssertionError("the record does not survive a JSON round trip")
    variant = _variant_for_replay(game.variant)
    replayed = replay(text, variant=variant)
    _compare_games(game, replayed, "replaying the record")
    if _json_normal(replayed.record()) != _json_normal(record):
        raise AssertionError("the replayed game's record differs from the original record")
    if replayed.legal_actions() != game.legal_actions():
        raise AssertionError("the replayed game offers different legal actions")
    return replayed


def _variant_for_replay(variant: Variant) -> Variant | None:
    if not variant.plugin_files and _builtin_plugins(variant.name) == variant.plugins:
        return None
    if variant.source and os.path.isfile(variant.source):
        return load_variant(variant.source)
    return variant


@functools.cache
def _builtin_plugins(name: str) -> tuple[str, ...] | None:
    """The plugins of the built-in variant ``name``, or ``None`` if there is none."""
    if name not in builtin_variant_names():
        return None
    return load_variant(name).plugins


def check_clone_is_independent(game: Game, rng: random.Random | None = None) -> None:
    """Applying an action to ``game.clone()`` leaves ``game`` as it was."""
    if game.is_over:
        return
    rng = random.Random(0) if rng is None else rng
    before = state_of(game)
    other = game.clone()
    legal = other.legal_actions()
    other.apply(legal[rng.randrange(len(legal))])
    changed = _differences(before, state_of(game))
    if changed:
        raise AssertionError(f"an action on a clone changed the original game: {', '.join(changed)}")


# -- hostile input ---------------------------------------------------------------------------
#: Objects a client may send in place of an action.
GARBAGE_ACTIONS: tuple[Any, ...] = (
    None, 0, -1, 1.5, "pass", b"pass", [1], {}, (), object(), type, Exception("x"),
    PlaySet(None), PlaySet("9 9"), Burn(None), PlaySet(Play.of(THREE, 99)),  # type: ignore[arg-type]
)
#: Action texts a client may send.
GARBAGE_TEXTS: tuple[Any, ...] = (
    None, b"pass", 7, "", " ", "dance", "play", "play 9 x", "play ²", "play ٣ ٣", "burn",
    "pass pass", "play " + "9 " * 300, "x" * 10_000, "play 99999999999999999999", "\x00", "play\n9",
)


def mutated_records(record: dict[str, Any], rng: random.Random, count: int = 12) -> list[Any]:
    """``count`` records made from ``record`` by one random edit each: actions dropped,
    repeated or swapped, values of the wrong type, a stated result changed, text cut short."""
    from gouji.records.record import FORMAT

    mutants: list[Any] = []
    keys = sorted(record)
    junk: list[Any] = [None, -1, 10**30, "x", [], {}, [None], {"a": [1]}, True, 1.5]
    for _ in range(count):
        data = json.loads(json.dumps(record, ensure_ascii=False))
        kind = rng.randrange(8)
        actions = data["actions"]
        if kind == 0 and actions:
            del actions[rng.randrange(len(actions))]
        elif kind == 1 and actions:
            i = rng.randrange(len(actions))
            actions.insert(i, actions[i])
        elif kind == 2 and len(actions) > 1:
            i = rng.randrange(len(actions) - 1)
            actions[i], actions[i + 1] = actions[i + 1], actions[i]
        elif kind == 3:
            data[rng.choice(keys)] = rng.choice(junk)
        elif kind == 4:
            data.pop(rng.choice([k for k in keys if k != "format"]), None)
        elif kind == 5:
            data["finish_order"] = rng.sample(range(6), 6)
            data["format"] = FORMAT
        elif kind == 6 and actions:
            actions[rng.randrange(len(actions))] = rng.choice([*GARBAGE_TEXTS[3:12], "pass"])
        else:
            text = json.dumps(data, ensure_ascii=False)
            data = text[: rng.randrange(len(text))]
        mutants.append(data)
    return mutants


def check_hostile_input(game: Game, rng: random.Random | None = None, variant: Variant | None = None) -> int:
    """Whatever a stranger sends is refused as gouji says, and changes nothing.

    Garbage objects given to ``game.apply`` raise :class:`gouji.IllegalActionError`; garbage
    text given to :func:`gouji.parse_action` raises :class:`gouji.ParseError`; records mutated
    from ``game.record()`` replay (with ``variant`` as :func:`gouji.replay` takes it) or raise
    :class:`gouji.RecordError` — never any other exception. Returns how many inputs were tried.
    """
    from gouji.engine.actions import parse_action
    from gouji.errors import ParseError, RecordError

    rng = random.Random(0) if rng is None else rng
    before = state_of(game)
    for garbage in GARBAGE_ACTIONS:
        try:
            game.apply(garbage)
        except IllegalActionError:
            pass
        except Exception as exc:
            raise AssertionError(f"apply({garbage!r:.60}) raised {type(exc).__name__}, not IllegalActionError: "
                                 f"{exc}") from exc
        else:
            raise AssertionError(f"apply({garbage!r:.60}) was accepted")
    changed = _differences(before, state_of(game))
    if changed:
        raise AssertionError(f"garbage actions changed the game: {', '.join(changed)}")
    for text in GARBAGE_TEXTS:
        try:
            parse_action(text)
        except ParseError:
            pass
        except Exception as exc:
            raise AssertionError(f"parse_action({text!r:.60}) raised {type(exc).__name__}: {exc}") from exc
    mutants = mutated_records(game.record(), rng)
    for mutant in mutants:
        try:
            replay(mutant, variant=variant)
        except RecordError:
            pass
        except Exception as exc:
            raise AssertionError(f"replaying a mutated record raised {type(exc).__name__}, not RecordError: "
                                 f"{exc}\n  record: {json.dumps(mutant, ensure_ascii=False)[:400]}") from exc
    return len(GARBAGE_ACTIONS) + len(GARBAGE_TEXTS) + len(mutants)


# -- everything ----------------------------------------------------------------------------
def run_conformance(
    variant: VariantLike,
    seeds: Iterable[int] = range(10),
    *,
    max_steps: int = DEFAULT_MAX_STEPS,
    refused_every: int = 10,
    thorough: bool = True,
) -> ConformanceReport:
    """Run every check on random games of ``variant``, one game per seed.

    For each seed: the game ends (:func:`check_game_ends`), cards are
    conserved after every action, refused actions change nothing (every
    ``refused_every`` actions), a clone is independent, records round-trip
    (mid-game and at the end), and the game is deterministic; then a game
    from a :func:`random_position` (small hands: the endgame) is played with
    the same checks.
    ``thorough=False`` keeps the checks that cost no second game: the game
    ends, cards are conserved after every action, refused actions change
    nothing; about a fifth of the time.

    Raise :class:`ConformanceError` (an ``AssertionError``) naming the
    variant, its non-default options, the seed and the check.
    """
    try:
        variant = as_variant(variant)
    except Exception as exc:
        raise ConformanceError(f"gouji conformance: variant {variant!r} cannot be loaded: {exc}",
                               check="load") from exc
    actions = refused = 0
    seeds = tuple(seeds)
    for seed in seeds:
        rng = random.Random(f"conformance-{seed}")
        counter = {"refused": 0, "events": 0, "named": 0}
        check = "check_game_ends"
        watch = _ConservationWatch()
        trace: list[tuple[int | None, list[Action]]] = []

        # This seed's state is bound now, as defaults (B023): a closure reads
        # loop variables when it runs, not when it is made, so an on_step kept
        # past its seed would check one seed's game against the next one's.
        # ``check`` is deliberately shared: the error names the current check.
        def on_step(
            game: Game,
            rng: random.Random = rng,
            counter: dict[str, int] = counter,
            watch: _ConservationWatch = watch,
            trace: list[tuple[int | None, list[Action]]] = trace,
        ) -> None:
            nonlocal check
            check = "check_card_conservation"
            watch(game)
            check = "check_no_hand_leaks"
            counter["events"] = check_no_hand_leaks(game, counter["events"])
            check = "check_vocabulary"
            counter["named"] = check_vocabulary(game, counter["named"])
            if thorough and len(game.history) % refused_every == 0:
                check = "check_refused_actions_change_nothing"
                counter["refused"] += check_refused_actions_change_nothing(game, rng, how_many=4)
            if thorough:
                trace.append((game.current_player, game.legal_actions()))
            check = "check_game_ends"

        try:
            game = random_playout(variant, seed, max_steps, on_step=on_step)
            if not game.is_over:
                raise AssertionError(f"the game did not end within {max_steps} actions: {game!r}")
            check_finished(game)
            check = "check_card_conservation"
            check_card_conservation(game, watch.deck)
            check = "check_refused_actions_change_nothing"
            counter["refused"] += check_refused_actions_change_nothing(game, rng)
            if not thorough:
                actions += len(game.history)
                refused += counter["refused"]
                continue
            check = "check_record_round_trip"
            check_record_round_trip(game)
            check = "check_hostile_input"
            check_hostile_input(game, rng, _variant_for_replay(variant))
            check = "check_determinism"
            middle = _check_same_steps(variant, game, trace, keep_at=rng.randrange(len(game.history) + 1))
            assert middle is not None, "keep_at given: the game kept there"
            check = "check_record_round_trip"
            check_record_round_trip(middle)
            check = "check_clone_is_independent"
            check_clone_is_independent(middle, rng)
            check = "random_position"
            position = random_position(variant, seed)
            steps = 0
            position_watch = _ConservationWatch()
            position_watch(position)
            while not position.is_over and steps < max_steps:
                if steps % 3 == 0:
                    check = "check_refused_actions_change_nothing"
                    counter["refused"] += check_refused_actions_change_nothing(position, rng, how_many=3)
                legal = position.legal_actions()
                check = "random_position"
                position.apply(legal[rng.randrange(len(legal))])
                steps += 1
                check = "check_card_conservation"
                position_watch(position)
            check = "random_position"
            if not position.is_over:
                raise AssertionError(f"the position game did not end within {max_steps} actions")
            check_finished(position)
            check = "check_record_round_trip"
            check_record_round_trip(position)
            actions += len(position.history)
        except Exception as exc:
            raise ConformanceError(
                f"gouji conformance: variant {variant.name!r}{_option_note(variant)}, seed {seed}: "
                f"{check} failed: {type(exc).__name__}: {exc}\n"
                f"  reproduce: gouji.testing.run_conformance(variant, seeds=[{seed}])",
                variant=variant.name, seed=seed, check=check,
            ) from exc
        actions += len(game.history)
        refused += counter["refused"]
    return ConformanceReport(variant.name, seeds, actions, refused)


def _option_note(variant: Variant) -> str:
    """Where the variant comes from and the options it changes there, for error messages."""
    try:
        if variant.source:
            reference = dict(load_variant(variant.source).options)
        else:
            reference = {spec.name: spec.check(spec.default) for spec in variant.option_specs()}
    except Exception:
        return ""
    changed = {k: v for k, v in variant.options.items() if reference.get(k) != v}
    parts = [f"from {variant.source}"] if variant.source else []
    if changed:
        parts.append(f"options {changed}")
    return f" ({', '.join(parts)})" if parts else ""


class ScriptedDraws(random.Random):
    """A random source whose ``randrange`` answers the given indexes in turn.

    For tests of a cut (``gouji_cut``): ``cut_by_count(table, ScriptedDraws(0, 1), pile, …)``
    draws ``pile[0]`` then ``pile[1]``. Anything else it is asked falls back to a
    seeded ``random.Random(0)``.
    """

    def __init__(self, *indexes: int) -> None:
        super().__init__(0)
        self.indexes = list(indexes)

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        if not self.indexes:
            raise AssertionError("ScriptedDraws ran out of scripted draws")
        return self.indexes.pop(0)
