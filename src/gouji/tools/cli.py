"""The ``gouji`` command: list and show variants and plugins, simulate games with bots, replay records.

::

    gouji variants
    gouji show provincial                 # the resolved variant as TOML, options documented
    gouji plugins
    gouji simulate --variant provincial --games 1000 --seed 1 --bots greedy
    gouji simulate --games 1 --seed 7 --log --record game7.json
    gouji replay game7.json --log
    gouji replay game7.json --html game7.html   # the game as a web page
    gouji score --variant district 1 3 4 5 0 2  # a finish order's points, each with its rule
    gouji match results.csv                     # a match or a tournament from a file of results
    gouji play --seat 0 --seed 3           # you against five bots, in the terminal
    gouji serve --port 8000                # live tables in the browser (pip install '.[server]' (in gouji's folder))

Errors of the library (:class:`gouji.errors.GoujiError`) and of files print
one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shlex
import sys
import textwrap
import unicodedata
import warnings
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn, cast

from gouji.bots.basic import BOT_TYPES, play_game
from gouji.engine.events import PLACE_NAMES
from gouji.errors import GoujiError
from gouji.tools.arguments import ascii_int
from gouji.tools.cli_help import describe_commands
from gouji.tools.game_text import game_log, result_text
from gouji.tools.progress import Progress
from gouji.tools.simulation import bots_for

if TYPE_CHECKING:
    from gouji.engine.game import Game
    from gouji.plugins.variant import Variant
    from gouji.tools.simulation import GameResult

PROG = "gouji"
#: game.stats keys counted by ``simulate``, with their labels.
STAT_LABELS = (
    ("gouji_sets", "gouji sets (够级牌)"),
    ("burns", "burns (烧牌)"),
    ("failed_burns", "failed burns (烧错牌)"),
    ("headless", "headless (无头)"),
    ("melee", "melee phases (四人乱缠)"),
)
#: Runs of at least this many games draw a progress bar when stderr is a terminal.
PROGRESS_MIN_GAMES = 20


def _invoked() -> str:
    """The command as the user typed it: ``gouji`` where that is the one on PATH, else the path
    run (``.venv/bin/gouji`` of the README, with no venv activated), so a printed hint works."""
    import shutil

    ran = sys.argv[0] if sys.argv and sys.argv[0] else PROG
    if os.path.basename(ran) != PROG:  # python -m gouji, or a test calling main()
        return PROG
    found = shutil.which(PROG)
    if found and os.path.realpath(found) == os.path.realpath(ran):
        return PROG
    return shlex.quote(ran)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else 2
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        status: int = args.run(args)
        return status
    except GoujiError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:  # Ctrl-C outside a game (gouji play handles its own): no traceback
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130  # the shells' status for a command ended by SIGINT
    except BrokenPipeError:  # pragma: no cover - `gouji ... | head`
        _quiet_stdout()
        return 0
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        return _fail(f"{where}{exc.strerror or exc}")


def _quiet_stdout() -> None:
    # After a closed pipe, make the interpreter's final flush of stdout harmless.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def read_record_file(path: str) -> bytes:
    """A record file's bytes: a regular file only (a FIFO or a device would block or never end)."""
    from gouji.plugins.files import UnreadableFile, read_bounded
    from gouji.records.record import MAX_RECORD_CHARS

    try:
        return read_bounded(path, MAX_RECORD_CHARS)
    except UnreadableFile as exc:
        raise GoujiError(f"{path}: a record is a regular file of at most {MAX_RECORD_CHARS} bytes ({exc})") from None


def check_writable(path: str, option: str) -> None:
    """Refuse, before any game is played, an output file that could not be written at its end:
    its folder missing or read-only, or the path a folder."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise GoujiError(f"{option} {path}: is a folder; give a file name such as {os.path.join(path, 'game.json')}")
    if not os.path.isdir(folder):
        raise GoujiError(f"{option} {path}: the folder {folder} does not exist; create it or choose another path")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise GoujiError(f"{option} {path}: cannot be written here (permission denied); choose another path")


def _fail(message: str) -> int:
    first = message.strip().splitlines()[0] if message.strip() else "error"
    print(f"{PROG}: error: {first}", file=sys.stderr)
    return 2


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose "invalid choice" (a misspelt command: ``gouji simulat``) names
    the closest choices, as variant and rule names do."""

    def error(self, message: str) -> NoReturn:
        import re

        from gouji.engine.suggest import did_you_mean

        match = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if match:
            choices = re.findall(r"'([^']*)'", match.group(2))
            close = did_you_mean(match.group(1), choices)
            if close:
                message = (f"{message[: match.start()]}invalid choice: '{match.group(1)}'{close}; "
                           f"choose from {', '.join(choices)}")
        super().error(message)


def _parser() -> argparse.ArgumentParser:
    from gouji import __version__

    parser = _Parser(prog=PROG, description="够级 (Gouji): variants, plugins, simulations, records.",
                                     epilog="Each command has its own help: gouji COMMAND --help.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    # The commands' parsers are _Parser too (their misspelt choices get a suggestion).
    sub = cast("argparse._SubParsersAction[argparse.ArgumentParser]",
               parser.add_subparsers(dest="command", metavar="COMMAND"))

    p = sub.add_parser("variants", help="list the variants: built-in and installed by other packages")
    p.set_defaults(run=cmd_variants)

    p = sub.add_parser("show", help="a variant as TOML, with every option and hook documented")
    p.add_argument("variant", metavar="VARIANT", help="a built-in variant name or a .toml file")
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("plugins", help="list the plugins a variant can name")
    p.set_defaults(run=cmd_plugins)

    p = sub.add_parser("simulate", help="play games with bots and print statistics (one game: its result)")
    p.add_argument("--variant", default="provincial", help="variant name or .toml file (default: provincial)")
    p.add_argument("--games", type=ascii_int, default=1, help="how many games (default: 1)")
    p.add_argument("--seed", type=ascii_int, default=0,
                   help="seed of the first game; the next get seed+1, ... (default: 0)")
    p.add_argument("--bots", default="greedy",
                   help=f"one bot for every seat or six comma-separated, seat 0 first; "
                        f"bots: {', '.join(BOT_TYPES)} or one installed (group gouji.bots) (default: greedy)")
    p.add_argument("--log", action="store_true", help="print each game's log first (meant for --games 1)")
    p.add_argument("--record", metavar="OUT.json", help="write the game record (with --games 1)")
    p.add_argument("--progress", action="store_true", help="draw the progress bar even when stderr is not a terminal")
    p.add_argument("--jobs", type=ascii_int, default=None, metavar="N",
                   help="worker processes (default: every core); the results are the same for any N")
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="run the games on Ray (pip install '.[ray]' (in gouji's folder)): the cluster at ADDRESS "
                        "('auto', 'ray://host:10001'), or without ADDRESS a Ray started on this machine")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("--variant", help="variant name or .toml file (default: provincial; with --resume: "
                                     "the record's variant)")
    p.add_argument("--seed", type=ascii_int, help="the game's seed, to play a deal again (default: a new "
                                                  "deal each time; the first line names its seed)")
    p.add_argument("--seat", type=ascii_int, default=None,
                   help="your seat, 0-5 (default: 0; with --resume: the seat the record was played from)")
    p.add_argument("--bots", default="greedy",
                   help=f"the bots of the other seats: {', '.join(BOT_TYPES)} or one installed (group gouji.bots) "
                        "(default: greedy)")
    p.add_argument("--record", metavar="OUT.json",
                   help="write the game record when the game ends or is left unfinished")
    p.add_argument("--resume", metavar="RECORD.json",
                   help="go on with the unfinished game of a record (one that q or Ctrl-C saved)")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("replay", help="replay a game record and print its result")
    p.add_argument("record", metavar="RECORD.json")
    p.add_argument("--log", action="store_true", help="print the game log")
    p.add_argument("--html", metavar="OUT.html", help="write the game as one self-contained web page")
    p.add_argument("--seat", type=ascii_int, help="with --html: a page of this seat's view only (0-5)")
    p.add_argument("--variant", metavar="NAME_OR_PATH",
                   help="replay under this variant (a name or a .toml file): needed for a house variant, "
                        "whose files a record never loads by itself")
    p.add_argument("--trust", action="store_true",
                   help="load the variant and plugin files the record names (imports their code: only for "
                        "records you trust); each file must have the content the record hashed")
    p.add_argument("--allow-changed-plugins", action="store_true",
                   help="with --variant: replay although a plugin file your variant names was edited "
                        "since the record (a warning names each changed file)")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("serve", help="host live tables: the game server and its page (the server extra)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    p.add_argument("--store", default=None, metavar="URL",
                   help="where tables are kept: sqlite:///PATH or postgresql://... "
                        "(default: sqlite:///gouji-tables.sqlite3 in the current directory)")
    p.add_argument("--clock", type=float, default=None, metavar="SECONDS",
                   help="a seat's time for each decision, after which it declines or a bot decides "
                        "for it (district: the book's own clock); default: no clock")
    p.add_argument("--bot-delay", type=float, default=0.4, metavar="SECONDS",
                   help="seconds a bot waits before it moves, so people can follow (default: 0.4)")
    p.add_argument("--allowed-host", action="append", default=[], metavar="HOST",
                   help="a host name requests may name besides 127.0.0.1, localhost, ::1 and --host "
                        "(NAME or NAME:PORT, e.g. behind a proxy; repeatable; '*': any)")
    p.add_argument("--idle-timeout", type=float, default=3600.0, metavar="SECONDS",
                   help="a table in play with no client and no move for this long is abandoned: "
                        "kept unfinished, its record readable (default: 3600; 0: never)")
    p.set_defaults(run=cmd_serve)

    from gouji.tools.cli_organiser import add_commands

    add_commands(sub)
    describe_commands(sub)
    return parser


# -- serve ----------------------------------------------------------------------------
#: What ``gouji serve`` needs beyond the core: the ``server`` extra.
SERVER_MODULES = ("starlette", "uvicorn", "websockets")


def cmd_serve(args: argparse.Namespace) -> int:
    import importlib
    import importlib.util

    missing = [name for name in SERVER_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        raise GoujiError(f"gouji serve needs the server extra ({', '.join(missing)} missing): "
                         "pip install '.[server]' (in gouji's folder)")
    # The server is the wing above the tools: reached by name, only when asked for.
    serving = importlib.import_module("gouji.server.serve")
    try:
        serving.check_arguments(args.port, args.clock, args.bot_delay, args.idle_timeout)
        serving.allowed_hosts(args.host, args.port, args.allowed_host)
        serving.serve(args.host, args.port, args.store or serving.DEFAULT_STORE_URL, args.clock, args.bot_delay,
                      args.allowed_host, args.idle_timeout)
    except (ValueError, OSError) as exc:
        raise GoujiError(f"gouji serve: {exc}") from None
    return 0


# -- variants, show, plugins ---------------------------------------------------------
def cmd_variants(args: argparse.Namespace) -> int:
    from gouji.plugins.loader import builtin_variant_names, installed_variants, load_variant, variant_names

    names = variant_names()
    builtin, installed = set(builtin_variant_names()), installed_variants()
    width = max((len(n) for n in names), default=0)
    for name in names:
        try:
            description = load_variant(name).description or "(no description)"
        except GoujiError as exc:
            description = f"(cannot be loaded: {exc})"
        origin = "" if name in builtin and name not in installed else \
            f"  [from {', '.join(dist for dist, _ in installed.get(name, []))}]"
        print(f"{name:<{width}}  {description}{origin}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from gouji.plugins.loader import load_variant

    variant = load_variant(args.variant)
    print(show_text(variant), end="")
    return 0


def show_text(variant: Variant) -> str:
    """``gouji show``: the variant as TOML, then its options and hooks as TOML comments."""
    from gouji.plugins.loader import builtin_variant_names, variant_to_toml

    toml = variant_to_toml(variant).rstrip("\n")
    lines = []
    if variant.name in builtin_variant_names():
        # A variant file may not take a built-in's name (a record would replay it under the
        # built-in's rules): the copy gets a name of its own, so that it loads as printed.
        own = f"my-{variant.name}"
        lines += [f"# the built-in variant {variant.name!r}, as a variant file of your own: it loads as it is",
                  "# (gouji simulate --variant FILE.toml); a file may not take a built-in's name, so its",
                  f"# name is {own!r}: choose one for your house rules, and a description"]
        toml = toml.replace(f"name = {_toml_value(variant.name)}", f"name = {_toml_value(own)}", 1)
    lines += [toml, ""]
    if variant.source:
        lines.append(f"# loaded from {variant.source}")
    lines.append("# ---- options " + "-" * 60)
    for spec in variant.option_specs():
        facts = [spec.type.__name__, f"default {_toml_value(spec.default)}"]
        if spec.rule:
            facts.append(f"rule {spec.rule}")
        facts.append(f"plugin {spec.plugin or '?'}")
        lines.append(f"# {spec.name} ({', '.join(facts)})")
        for line in textwrap.wrap(" ".join(spec.doc.split()), 88) or [""]:
            lines.append(f"#     {line}")
        if spec.choices:
            lines.append(f"#     choices: {', '.join(spec.choices)}")
        if spec.range_text():
            lines.append(f"#     range: {spec.range_text()}" + (f", {spec.length[0]} to {spec.length[1]} items"
                                                               if spec.length else ""))
    lines.append("# ---- hooks: the plugins that answer each, first asked first " + "-" * 13)
    answers = variant.hook_answers()
    width = max((len(h) for h in answers), default=0)
    for hook, plugins in answers.items():
        lines.append(f"# {hook:<{width}}  {', '.join(plugins) or '(none)'}")
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return str(value)


def cmd_plugins(args: argparse.Namespace) -> int:
    from gouji.plugins.manager import blocked_plugins

    rows = plugin_rows()
    blocked = blocked_plugins()
    width = max((len(r[0]) for r in rows), default=0)
    mod_width = max((len(r[1]) for r in rows), default=0)
    for name, module, origin in rows:
        note = "  (blocked by GOUJI_BLOCK_PLUGINS)" if name in blocked else ""
        print(f"{name:<{width}}  {module:<{mod_width}}  {origin}{note}")
    return 0


def plugin_rows() -> list[tuple[str, str, str]]:
    """``(name, module, origin)`` for every plugin ``available_plugins()`` finds."""
    from importlib.metadata import entry_points

    from gouji.plugins.manager import BUILTIN_PLUGINS, DISABLE_AUTOLOAD_ENV, ENTRY_POINT_GROUP, available_plugins

    dists: dict[str, str] = {}
    if not os.environ.get(DISABLE_AUTOLOAD_ENV):
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            if ep.name in dists:
                continue
            dist = getattr(ep, "dist", None)
            dists[ep.name] = f"{dist.name} {dist.version}" if dist is not None else "unknown distribution"
    rows = []
    for name, module in sorted(available_plugins().items()):
        if name in BUILTIN_PLUGINS:
            origin = "built-in"
            if name in dists:
                origin += f" (entry point of {dists[name]})"
        else:
            origin = f"entry point of {dists.get(name, 'unknown distribution')}"
        rows.append((name, module, origin))
    return rows


# -- simulate --------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace) -> int:
    from gouji.plugins.loader import load_variant
    from gouji.tools.simulation import simulate

    if args.games < 1:
        raise GoujiError(f"--games must be at least 1, not {args.games}")
    if args.record and args.games != 1:
        raise GoujiError("--record writes one game: use it with --games 1")
    if args.jobs is not None and args.jobs < 1:
        raise GoujiError(f"--jobs must be at least 1, not {args.jobs}")
    if args.record:
        check_writable(args.record, "--record")
    variant = load_variant(args.variant)
    bots_for(args.bots, args.seed)  # check the names before playing
    show_bar = args.games >= PROGRESS_MIN_GAMES and (args.progress or _isatty(sys.stderr))
    summary = Summary()
    game = None
    if args.ray is not None:
        from gouji.tools.simulation import require_ray

        require_ray()  # one game or many: without Ray, --ray says how to install it
    if args.games == 1:
        # One game, kept whole for its result and record: played here.
        game = play_game(variant, args.seed, bots_for(args.bots, args.seed))
        if args.log:
            print(game_log(game))
            print()
        summary.add(game)
        if args.record:
            with open(args.record, "w", encoding="utf-8") as out:
                json.dump(game.record(), out, ensure_ascii=False, indent=1)
                out.write("\n")
    else:
        backend = "processes" if args.ray is None else "ray"
        with Progress(args.games, "simulating", enabled=show_bar) as bar:
            results = simulate(variant, args.games, args.seed, args.bots, jobs=args.jobs, backend=backend,
                               address=args.ray or None, log=args.log, progress=bar.advance)
        for result in results:
            if args.log:
                print(result.log)
                print()
            summary.add(result)
    names = [n.strip() for n in args.bots.split(",")]
    bots_text = f"{names[0]} at every seat" if len(names) == 1 else ", ".join(f"{s}:{n}" for s, n in enumerate(names))
    last = args.seed + args.games - 1
    seeds = f"seed {args.seed}" if args.games == 1 else f"seeds {args.seed}..{last}"
    print(f"variant {variant.name}: {args.games} game{'s' if args.games != 1 else ''}, {seeds}; bots: {bots_text}")
    if args.games > 1:
        print(summary.text())
    elif not args.log and game is not None:  # one game: its result and why, not statistics of one
        print(result_text(game))
    if args.record:
        print(f"record written to {args.record}")
    return 0


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Summary:
    """Statistics over many finished games."""

    def __init__(self) -> None:
        self.games = 0
        self.places = [[0] * 6 for _ in range(2)]
        self.points = [0, 0]
        self.wins = [0, 0, 0]  # team 0, team 1, draws
        self.sweeps = 0
        self.voids = 0
        self.decisions = 0
        self.sets = 0
        self.stats: Counter[str] = Counter()

    def add(self, game: Game | GameResult) -> None:
        from gouji.tools.simulation import GameResult

        result = game if isinstance(game, GameResult) else GameResult.of(game)
        stats = dict(result.stats)
        self.games += 1
        if result.void:
            self.voids += 1  # no places, no points, no winner
            self.decisions += result.decisions
            self.stats.update(stats)
            return
        for place, seat in enumerate(result.finish_order):
            self.places[seat % 2][place] += 1
        for team in (0, 1):
            self.points[team] += result.team_points[team]
        self.wins[2 if result.winner is None else result.winner] += 1
        self.sweeps += result.sweep
        self.decisions += result.decisions
        self.sets += stats.get("sets", 0)
        self.stats.update(stats)

    def text(self) -> str:
        n = max(self.games, 1)
        label_w = 22
        head = _pad("", label_w) + "".join(_pad(f"{en} {zh}", 10, right=True) for zh, en in PLACE_NAMES)
        lines = ["places per team (games in which the team took each place):", head]
        for team in (0, 1):
            row = _pad(f"  team {team} (seats {' '.join(str(s) for s in range(team, 6, 2))})", label_w)
            row += "".join(_pad(str(c), 10, right=True) for c in self.places[team])
            lines.append(row)
        lines.append("points per team:")
        for team in (0, 1):
            lines.append(f"  team {team}: total {self.points[team]:+d}, mean {self.points[team] / n:+.3f}")
        lines.append(f"wins: team 0 {self.wins[0]} ({self.wins[0] / n:.1%}), team 1 {self.wins[1]} "
                     f"({self.wins[1] / n:.1%}), draws {self.wins[2]}; sweeps (串三户) {self.sweeps}")
        scored = self.games - self.voids
        if scored and not any(self.points) and self.wins[2] == scored:
            # dagang196 (SCORE-5): places score nothing; the game's result is the tribute it owes.
            lines.append("  (this variant scores no points for places, so every game is a draw on points: "
                         f"read the places above; 头科 went to team 0 in {self.places[0][0]} games, "
                         f"team 1 in {self.places[1][0]})")
        if self.voids:
            lines.append(f"void games (作废: no places, no points): {self.voids}")
        lines.append(f"mean game length: {self.decisions / n:.1f} decisions, {self.sets / n:.1f} sets")
        lines.append("events (total, mean per game):")
        width = max(_width(label) for _, label in STAT_LABELS)
        for key, label in STAT_LABELS:
            total = self.stats.get(key, 0)
            lines.append(f"  {_pad(label, width)}  {total:>7}  {total / n:8.2f}")
        return "\n".join(lines)


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    space = " " * max(width - _width(text), 0)
    return space + text if right else text + space


# -- play ------------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    from gouji.errors import UnknownVariantError, VariantNotGivenError
    from gouji.plugins.loader import load_variant
    from gouji.records.record import replay
    from gouji.tools.terminal import JOKER_LEGEND, current_round_start, play_in_terminal

    if args.seat is not None and not 0 <= args.seat < 6:
        raise GoujiError(f"--seat is 0-5, not {args.seat}")
    if args.record:
        check_writable(args.record, "--record")  # before the game, not after it
    variant = load_variant(args.variant) if args.variant else None
    seat = 0 if args.seat is None else args.seat
    if args.resume:
        if args.seed is not None:
            raise GoujiError("--resume goes on with the record's game: its seed comes from the record, drop --seed")
        text = read_record_file(args.resume)
        try:
            game = replay(text, variant)
        except GoujiError as exc:
            if variant is None and (isinstance(exc, VariantNotGivenError)
                                    or isinstance(exc.__cause__, UnknownVariantError)):
                raise GoujiError(f"{args.resume}: {exc}; the game of a variant file resumes with "
                                 "--variant FILE.toml") from exc
            raise
        if game.is_over:
            raise GoujiError(f"{args.resume}: the game is over, nothing to resume (gouji replay shows it)")
        recorded = _recorded_seat(text)
        if args.seat is None and recorded is not None:
            seat = recorded
        elif recorded is not None and seat != recorded:
            print(f"note: {args.resume} was played from seat {recorded}; you now play seat {seat} (--seat)")
        opening = f"resuming {args.resume} after {len(game.history)} decisions: "
    else:
        # A fresh deal each time, as at a real table; the seed is printed so the deal can be played again.
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        game = (variant or load_variant("provincial")).new_game(seed=seed)
        opening = ""
    bots = bots_for(args.bots, game.seed)
    print(f"{game.variant.name}, seed {game.seed}: {opening}you play seat {seat} (team {seat % 2}); "
          "type a set such as 'K K' (or 'KK'), a number of the list, or 'pass'; h for help; q (lower case: "
          "'Q' is the queen), Ctrl-C or Ctrl-D leave and save the game")
    print(JOKER_LEGEND)
    print(seating_text(args.bots, seat))
    shown = current_round_start(game) if args.resume else 0
    if shown:
        print(f"  … {shown} earlier events ({_invoked()} replay {shlex.quote(args.resume)} --log shows them); "
              "this round:")
    play_in_terminal(game, seat, bots, input, sys.stdout, shown, colour=_wants_colour(sys.stdout))
    if game.is_over:
        print(result_text(game))
        note = set_scoring_note(game)
        if note:
            print(note)
        path = args.record or args.resume
    else:
        path = args.record or args.resume or _save_name(game)
    if path:
        _write_record(game, path, seat)
        print(f"record written to {path}")
    if not game.is_over:
        print(f"to resume: {_invoked()} play --resume {shlex.quote(path)}{_play_options(args, game)}")
    return 0


def seating_text(spec: str, seat: int) -> str:
    """Which bot sits at which seat, for the banner of ``gouji play``; a name ``--bots`` gives
    for the player's own seat is said to be unused."""
    names = [n.strip() for n in spec.split(",")]
    if len(names) == 1:
        return f"bots: {names[0]} at seats {', '.join(str(s) for s in range(6) if s != seat)}; you at seat {seat}"
    text = "bots: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(names) if s != seat) + f"; you at seat {seat}"
    return text + f" (--bots names {names[seat]!r} for seat {seat}: you play that seat, so it is not used)"


def set_scoring_note(game: Game) -> str:
    """Why a finished game of a variant scored over a set of games (dagang196, SCORE-5) shows +0."""
    options = game.variant.options
    score = None if game.is_void else game.score()
    if score is None or any(score.team_points) or "set_games" not in options:
        return ""
    return (f"note: {game.variant.name} scores no points for a single game (SCORE-5): a game's result is "
            f"the tribute it owes the next game of a set of {options['set_games']}; the +0 above is no "
            "draw (docs: variant-dagang196, the set of five)")


def _recorded_seat(text: bytes) -> int | None:
    """The ``player_seat`` of a record's text (read already by :func:`gouji.replay`), if any."""
    try:
        value = json.loads(text).get("player_seat")
    except (ValueError, AttributeError):
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6 else None


def _wants_colour(stream: Any) -> bool:
    """ANSI colours on a terminal, unless NO_COLOR is set (no-color.org) or the terminal is dumb."""
    return _isatty(stream) and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _save_name(game: Game) -> str:
    """Where an unfinished game is saved when no --record is given: the current directory."""
    name = "".join(c if c.isalnum() or c in "-_" else "-" for c in game.variant.name)
    return f"gouji-{name}-seed{game.seed}.json"


def _write_record(game: Game, path: str, seat: int | None = None) -> None:
    record = game.record()
    if seat is not None:
        record["player_seat"] = seat
    with open(path, "w", encoding="utf-8") as out:
        json.dump(record, out, ensure_ascii=False, indent=1)
        out.write("\n")


def _play_options(args: argparse.Namespace, game: Game) -> str:
    """The options of this ``play`` that a resumed game needs again (bots, a variant file); the
    record keeps the seat."""
    words = []
    if args.variant and args.variant != game.variant.name:  # a variant file: the record names only the variant
        words += ["--variant", shlex.quote(args.variant)]
    if args.bots != "greedy":
        words += ["--bots", shlex.quote(args.bots)]
    return "".join(f" {w}" for w in words)


# -- replay ------------------------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    from gouji.plugins.loader import load_variant
    from gouji.records.record import replay

    data = read_record_file(args.record)
    variant = load_variant(args.variant) if args.variant else None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        game = replay(data, variant=variant, trust=args.trust, allow_changed_plugins=args.allow_changed_plugins)
    for warning in caught:
        print(f"{PROG}: warning: {warning.message}", file=sys.stderr)
    if args.seat is not None and not args.html:
        raise GoujiError("--seat chooses the view of an --html page: give --html OUT.html too")
    if args.html:
        from gouji.tools.html_replay import replay_html

        page = replay_html(game, args.seat)
        with open(args.html, "w", encoding="utf-8") as out:
            out.write(page)
        print(f"page written to {args.html}")
        return 0
    if args.log:
        print(game_log(game))
        return 0
    print(f"{game.variant.name}, seed {game.seed}: {len(game.history)} decisions, {game.stats['sets']} sets")
    if game.is_over:
        print(result_text(game))
    else:
        print(f"game not over: seat {game.current_player} to decide")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
