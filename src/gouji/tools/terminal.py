"""A game in the terminal: you hold one seat, bots hold the others (``gouji play``).

You see what your seat may see (``Game.observation``; :ref:`ROUND-6
<rule-ROUND-6>` decides what of the other hands shows), choose among the legal
actions by number (``#7`` where 7 is also a card), by their cards (``KK``, ``K x3``) or by
their record text (``play 9 9``, ``pass``), and read
each move with the rule behind it. ``h`` shows the help; ``q``, Ctrl-C or the
end of input leave the game unfinished, and the caller saves it to resume.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from gouji.bots.basic import decide
from gouji.engine.actions import Burn, PlaySet, action_keywords, parse_action
from gouji.engine.cards import BIG_JOKER, THREE, rank_name
from gouji.engine.game import PHASE
from gouji.engine.suggest import did_you_mean
from gouji.errors import GoujiError
from gouji.tools.terminal_choices import (
    AmbiguousChoice,
    choices_text,
    colour_hand,
    count_problem,
    numbered,
    read_choice,
    short_form,
)

if TYPE_CHECKING:
    from gouji.bots.basic import Bot
    from gouji.engine.actions import Action
    from gouji.engine.game import Game

QUIT_WORDS = ("q", "quit", "exit")
#: The card queen: ``Q`` in upper case plays it; ``q`` in lower case leaves.
QUEEN = "Q"
HELP_WORDS = ("h", "help", "?")
#: The two spellings of the jokers: the hand and the choices use the first, answers may use either.
JOKER_LEGEND = "jokers: BJ = 大王 (big joker), SJ = 小王 (small joker); answers may use either spelling"

#: What ``?`` in the ``cards held`` line means, by the option ``count_visibility`` (ROUND-6).
HIDDEN_COUNT = {
    "ten_or_fewer": "? = more than 10 cards: a count is told only at 10 or fewer (ROUND-6)",
    "never": "? = not told: nobody announces a count in this variant (ROUND-6)",
}


def help_text(game: Game) -> str:
    """What ``h``, ``help`` or ``?`` print: how to answer, what the screen shows, how to leave."""
    visibility = game.variant.options["count_visibility"]
    counts = {
        "ten_or_fewer": "the others' card counts, each told only at 10 or fewer ('?' above 10)",
        "never": "the others' card counts: never told in this variant, so always '?'",
        "always": "the others' card counts, always told in this variant",
    }.get(visibility, f"the others' card counts as count_visibility = {visibility!r} allows")
    return "\n".join((
        "how to answer:",
        "  a set by its cards: 'K K', 'KK', 'K x3' (three Ks), '2 2 K K', 'BJ 9 9', 'burn BJ A A';",
        "  a number from the list ('#7' where 7 could also be the card 7, which 'play 7' plays);",
        "  or the action's text: 'play 9 9', 'pass', 'close', 'yield', 'take-wind';",
        "  cards are 3-10 J Q K A 2 SJ BJ, suits (S H C D, ♠ ♥ ♣ ♦) optional: 'S3 S3', '♠3', 'HQ HQ';",
        "  'Q' (upper case) is the queen; 'q' (lower case) leaves the game",
        "  a list line '4 ×1-2, with up to 4 2s and jokers (the number plays 2 2 2 4 4)': one or two 4s",
        "  may be played, with up to four 2s and jokers added; its number plays the set in brackets",
        "  a pass with no choice (no legal cover; a gouji set only its owner's opposite answers,",
        "  GOUJI-2) is made for you and printed as a pass",
        f"  {JOKER_LEGEND}",
        "the screen before each of your decisions:",
        "  [seat, team, opposite]: your seat; your team is the seats of the same parity, your opposite",
        "  sits three seats away; then the set to beat and whose it is, 'you lead', or the decision",
        "  of a phase before play (a declaration, a tribute) with what it is called",
        f"  cards held: {counts}",
        "  (the rules reference, rule ROUND-6; option count_visibility)",
        "leaving:",
        "  q (lower case; 'Q' is the queen), quit, exit, Ctrl-C or Ctrl-D (end of input) leave the",
        "  game unfinished; it is saved",
        "  and 'gouji play --resume FILE' goes on from your decision",
        "  h, help, ? print this help",
    )) + "\n"


def play_in_terminal(game: Game, seat: int, bots: Sequence[Bot], read: Callable[[str], str],
                     out: TextIO, shown: int = 0, colour: bool = False) -> Game:
    """Play ``game`` to its end: ``seat`` decides through ``read`` (a prompt → a line), every
    other seat through its bot. Return the game, unfinished if the player left it (``q``,
    the end of input or Ctrl-C: ``KeyboardInterrupt`` never escapes). The log is printed
    from event number ``shown`` on (a resumed game: from its current round), as ``seat`` sees
    it: his observation's events, never another seat's private ones; ``colour``: ANSI colours
    for a terminal that shows them."""
    # From the game's event numbers to the seat's own: the events before ``shown`` it saw.
    shown = sum(1 for event in game.events[:shown] if event.seen_by(seat))
    try:
        while not game.is_over:
            shown = _print_seen(game, seat, shown, out)
            actor = game.current_player
            assert actor is not None  # the game is not over
            if actor != seat:
                game.apply(decide(bots[actor], game))
                continue
            actions = game.legal_actions()
            # The choices first and the hand and table last, so they stay in view at the prompt.
            out.write("\n" + choices_text(actions))
            out.write(_situation(game, seat, colour))
            if not _decide(game, seat, actions, read, out):
                out.write("game left unfinished\n")
                return game
    except KeyboardInterrupt:  # Ctrl-C while the bots play: the game stays as the last decision left it
        out.write("\ninterrupted: game left unfinished\n")
        return game
    _print_seen(game, seat, shown, out)
    return game


def _print_seen(game: Game, seat: int, shown: int, out: TextIO) -> int:
    """Print the events ``seat`` saw after its first ``shown``; return how many it saw in all."""
    history = game.observation(seat).history
    names = game.variant.vocabulary.event_names
    for event in history[shown:]:
        out.write(f"  {event.text(names)}\n")
    return len(history)


def _decide(game: Game, seat: int, actions: Sequence[Action], read: Callable[[str], str],
            out: TextIO) -> bool:
    """Ask until a legal answer is applied (True) or the player leaves (False)."""
    while True:
        try:
            answer = read(f"seat {seat}, your choice (a set such as K K, a number, h for help, "
                          "q to leave; Q is the queen): ").strip()
        except (EOFError, KeyboardInterrupt):  # Ctrl-D, Ctrl-C: leave, as q does
            out.write("\n")
            return False
        # 'Q' in upper case is the card queen; 'q', 'quit', 'QUIT' leave.
        if answer != QUEEN and answer.lower() in QUIT_WORDS:
            return False
        if answer.lower() in HELP_WORDS:
            out.write(help_text(game))
            continue
        if not answer:
            continue
        try:
            action = read_choice(answer, actions)
            if action is None:
                if re.fullmatch(r"#?\s*[-+]?\d+", answer):
                    raise IndexError
                play = short_form(answer)
                keyword = answer.split()[0].lower()
                if play is None and keyword not in action_keywords():
                    out.write(f"  {count_problem(answer) or unknown_answer(answer, actions)}\n")
                    continue
                # A set that is not among the choices: the engine says why (the rule it breaks).
                action = parse_action(answer) if play is None else (
                    Burn.of(play) if answer.lower().startswith("burn") else PlaySet.of(play))
            game.apply(action)
            return True
        except AmbiguousChoice as error:
            out.write(f"  {error}\n")
        except IndexError:
            listed = len(numbered(actions))
            out.write(f"  choose a number from 1 to {listed}, or type a set ('K K')\n" if listed else
                      "  type the set you play ('K K', 'KK'), or h for help\n")
        except GoujiError as error:  # a refused action changes nothing: ask again
            leave = " ('Q' is the queen: to leave, type q in lower case or quit)" if answer == QUEEN else ""
            out.write(f"  {error}{leave} (h for help)\n")


def may_type(actions: Sequence[Action]) -> str:
    """What a player may type at this decision, in words."""
    words = []
    if any(isinstance(a, PlaySet) for a in actions):
        words.append("a set's cards ('K K', 'KK', 'K x3')")
    if any(isinstance(a, Burn) for a in actions):
        words.append("'burn' and the cards")
    listed = len(numbered(actions))
    if listed:
        words.append(f"a number from 1 to {listed}")
    others = list(dict.fromkeys(a.to_text() for a in actions if not isinstance(a, (PlaySet, Burn))))
    words += [f"'{text}'" for text in others[:6]]
    return ", ".join(words) + ", h for help or q to leave"


def unknown_answer(answer: str, actions: Sequence[Action]) -> str:
    """The answer to a typo: what may be typed now, and the closest of it."""
    texts = [a.to_text() for a in actions if not isinstance(a, (PlaySet, Burn))]
    close = did_you_mean(answer.lower(), [*texts, *(t.split()[0] for t in texts), "help", "quit", "pass"])
    shown = answer if len(answer) <= 20 else answer[:20] + "…"
    return f"'{shown}' is not a set or a choice{close}: type {may_type(actions)}"


def current_round_start(game: Game) -> int:
    """The index of the event that opened the round in progress (0 before the first lead)."""
    leads = [i for i, event in enumerate(game.events) if event.kind == "lead"]
    return leads[-1] if leads else 0


def hand_text(game: Game, seat: int) -> str:
    """The hand biggest first, jokers spelt as the choices spell them (``BJ``, ``SJ``)."""
    counts = game.hand_counts(seat)
    return " ".join(rank_name(r, ascii_only=True) for r in range(BIG_JOKER, THREE - 1, -1)
                    for _ in range(counts.get(r, 0)))


def _situation(game: Game, seat: int, colour: bool = False) -> str:
    seen = game.observation(seat)
    if game.kind == PHASE and game.phases:
        # A decision of a phase before play (a declaration, a tribute): nobody leads yet.
        # The phase in its declared words (gouji_vocabulary): the label, what it means.
        name = game.phases[0].name
        term = game.variant.vocabulary.phases.get(name)
        doing = f"to decide: {name}"
        if term is not None:
            zh = "" if term.words.zh in name else f"{term.words.zh}: "
            doing += f" ({zh}{term.words.en_explain})"
    elif seen.table is None:
        doing = "you lead"
    else:
        doing = f"to beat: {seen.table.text(ascii_only=True)} (seat {seen.table_owner})"
    head = f"[seat {seat}, team {seat % 2}, opposite {(seat + 3) % 6}] {doing}\n"
    if game.deal is None and game.position is None:
        return head + "  your hand: no cards yet (this decision comes before the deal)\n"
    others = ", ".join(f"seat {s}: {'?' if n is None else n}" for s, n in enumerate(seen.hand_sizes) if s != seat)
    hidden = HIDDEN_COUNT.get(game.variant.options["count_visibility"], "? = not shown (ROUND-6)")
    note = f"  ({hidden})" if None in seen.hand_sizes else ""
    hand = colour_hand(hand_text(game, seat)) if colour else hand_text(game, seat)
    held = f"  cards held: {others}"
    if note and _width(held + note) > 100:
        # Not wrapped by the terminal at 100 columns: the note on a line of its own.
        held += "\n             " + note
    else:
        held += note
    return f"{head}  your hand ({len(seen.hand)}): {hand}\n{held}\n{_held_threes(game, seat, seen.table is None)}"


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal (CJK characters take two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _held_threes(game: Game, seat: int, leading: bool) -> str:
    """Why a lead lists none of the seat's 3s: the hold-three rule (憋3, END-6) keeps them last."""
    from gouji.engine.actions import PlaySet
    from gouji.engine.cards import THREE

    if (not leading or game.kind == PHASE or not game.variant.hold_three_policy.active
            or not game.hand_counts(seat).get(THREE)):
        return ""
    if any(isinstance(a, PlaySet) and a.play.rank == THREE for a in game.legal_actions()):
        return ""
    return "  no 3s listed: 憋3 (hold three, rule END-6): your 3s are played last, after your other cards\n"
