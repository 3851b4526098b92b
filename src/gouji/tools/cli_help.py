"""What each ``gouji`` command is for, with an example, for its ``--help``.

Kept apart from the parser so that every command, the ones other modules add included, gets a
description and an example from one table (``tests/tools/test_cli.py`` checks that none is missing).
"""

from __future__ import annotations

import argparse
import textwrap

#: command: (what it does, in a sentence or two; example command lines)
COMMAND_HELP: dict[str, tuple[str, tuple[str, ...]]] = {
    "variants": ("List the variants this installation knows: the built-in rulebooks and those that other "
                 "installed packages add.", ("gouji variants",)),
    "show": ("Print a variant as a TOML file, every option with its value and meaning: a start for a "
             "house-rules file of your own.", ("gouji show dagang", "gouji show dagang > house.toml")),
    "plugins": ("List the plugins a variant file can name in its 'plugins' list, and where each comes from.",
                ("gouji plugins",)),
    "simulate": ("Play games between bots and print statistics: wins, places and points per team. With "
                 "--games 1, the game's result (and with --log its whole log).",
                 ("gouji simulate --variant provincial --games 1 --seed 1 --log",
                  "gouji simulate --variant district --games 50 --bots random")),
    "play": ("Play a game in the terminal against five bots. Type a set by its cards (KK, K x3), "
             "a number of the list, or an action (pass); h shows the help, q saves the game to a record "
             "that --resume continues.",
             ("gouji play --seat 0", "gouji play --variant dagang --seed 7 --record game.json",
              "gouji play --resume game.json")),
    "replay": ("Replay a game record: check it, print its result or log, or write it as a web page to "
               "step through (one seat's view with --seat).",
               ("gouji simulate --games 1 --seed 3 --record game.json", "gouji replay game.json --log",
                "gouji replay game.json --html game.html --seat 0")),
    "score": ("Score one game from its finish order (the seats, 头科 first), with bonuses and penalties, "
              "every point with its rule.",
              ("gouji score --variant provincial 0 1 2 3 4 5",
               "gouji score --variant district 0 2 4 1 3 5 --bonus 0:1:TRIB-7:burn --penalty 1:2:REF-4")),
    "match": ("Score one match between two teams from a file of game results (TOML or CSV): the totals, the "
              "winner, and how a tie was settled.",
              ("gouji match examples/organiser/match.csv", "gouji match examples/organiser/match.csv --format json")),
    "tournament": ("Rank the teams of a tournament from a file of every match's game results (TOML or CSV): "
                   "standings with points, wins and the draws that ordered ties.",
                   ("gouji tournament examples/organiser/tournament.toml",
                    "gouji tournament examples/organiser/tournament.toml --format csv")),
    "serve": ("Host tables in the browser: a game server with a page where people play against bots and "
              "each other (pip install '.[server]' (in gouji's folder)).",
              ("gouji serve", "gouji serve --host 127.0.0.1 --port 8000 --store sqlite:///tables.db")),
}


def describe_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Give every subcommand its description and an ``examples:`` epilog from :data:`COMMAND_HELP`."""
    for name, parser in subparsers.choices.items():
        description, examples = COMMAND_HELP.get(name, ("", ()))
        if description:
            parser.description = textwrap.fill(description, 88)
        if examples:
            parser.epilog = "examples:\n" + "\n".join(f"  {line}" for line in examples)
            parser.formatter_class = argparse.RawDescriptionHelpFormatter


__all__ = ["COMMAND_HELP", "describe_commands"]
