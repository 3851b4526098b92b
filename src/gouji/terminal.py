"""A game in the terminal: you hold one seat, bots hold the others (``gouji play``).

You see what your seat may see (``Game.observation``, ROUND-6 decides what
of the other hands shows), choose among the legal actions by number or by
their record text (``play 9 9``, ``pass``), and read each move with the
rule behind it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from gouji.actions import parse_action
from gouji.cards import BIG_JOKER, THREE, rank_name
from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.bots import Bot
    from gouji.game import Game

QUIT_WORDS = ("q", "quit", "exit")


def play_in_terminal(game: Game, seat: int, bots: Sequence[Bot], read: Callable[[str], str],
                     out: TextIO) -> Game:
    """Play ``game`` to its end: ``seat`` decides through ``read`` (a prompt → a line), every
    other seat through its bot. Return the game (possibly unfinished, if the player quits)."""
    shown = 0
    while not game.is_over:
        for event in game.events[shown:]:
            out.write(f"  {event.text()}\n")
        shown = len(game.events)
        actor = game.current_player
        assert actor is not None, "a game not over has a seat to decide"
        if actor != seat:
            game.apply(bots[actor].choose(game))
            continue
        out.write(_situation(game, seat))
        actions = game.legal_actions()
        for number, action in enumerate(actions, 1):
            out.write(f"  {number:>3}. {action.to_text()}\n")
        while True:
            try:
                answer = read(f"seat {seat}, your choice (number, action text, or q): ").strip()
            except EOFError:
                answer = "q"
            if answer.lower() in QUIT_WORDS:
                out.write("game left unfinished\n")
                return game
            try:
                action = actions[int(answer) - 1] if answer.isdigit() else parse_action(answer)
                if answer.isdigit() and int(answer) < 1:
                    raise IndexError
                game.apply(action)
                break
            except IndexError:
                out.write(f"  choose a number from 1 to {len(actions)}\n")
            except GoujiError as error:  # a refused action changes nothing: ask again
                out.write(f"  {error}\n")
    for event in game.events[shown:]:
        out.write(f"  {event.text()}\n")
    return game


def _situation(game: Game, seat: int) -> str:
    seen = game.observation(seat)
    counts = game.hand_counts(seat)
    hand = " ".join(rank_name(r) for r in range(BIG_JOKER, THREE - 1, -1) for _ in range(counts.get(r, 0)))
    others = ", ".join(f"seat {s}: {'?' if n is None else n}" for s, n in enumerate(seen.hand_sizes) if s != seat)
    table = "you lead" if seen.table is None else f"to beat: {seen.table} (seat {seen.table_owner})"
    return (f"\n[seat {seat}, team {seat % 2}, opposite {(seat + 3) % 6}] {table}\n"
            f"  your hand ({len(seen.hand)}): {hand}\n  cards held: {others}\n")
