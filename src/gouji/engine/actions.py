"""Actions: every decision a player makes is one of these hashable values.

Sets are played with :class:`PlaySet` (出牌 / 顺牌) or :class:`Burn` (烧牌);
declining is :class:`Pass` (过牌), :class:`Close` (扣牌, the opposite ends a
dead round), :class:`Yield` (让牌) or :class:`TakeWind` (接风). Plugins add
their own action types (a tribute card, a revolution) with
:func:`register_action`, so that records of their games can be read back.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from gouji.engine.plays import Play, parse_play
from gouji.engine.suggest import did_you_mean
from gouji.errors import GoujiError, ParseError


class Action:
    """Base of every action. ``keyword`` starts its text in a game record."""

    keyword: str = ""
    #: The set this action puts on the table, if any.
    play: Play | None = None

    def to_text(self) -> str:
        """The action as a record writes it and :func:`gouji.parse_action` reads it: ``"pass"``, ``"play 9 9"``."""
        return self.keyword

    @property
    def record_text(self) -> str:
        """:meth:`to_text`, read as an attribute: the engine's sets (:class:`PlaySet`,
        :class:`Burn`) hold it written once, so that a turn's many legal actions are read
        without a call each (a server writing them to a client), and so do the engine's word
        actions (``pass``, ``close``, ``yield``, ``take-wind``) and their subclasses, each its
        own, written when it is made (as their ``to_text`` says). A record text is printable
        (what :func:`parse_action` reads): any other is refused here with a
        :class:`~gouji.errors.GoujiError` naming the action's class."""
        text = self.to_text()
        if not text.isprintable():
            raise GoujiError(f"{type(self).__name__}.to_text() gave {text!r}: a record text is printable")
        return text

    def describe(self) -> str:
        """The choice in words for a player (``"burn (烧牌) with 大王 A A"``); a plugin's action
        says what it does here, and its record text stays :meth:`Action.to_text`."""
        return self.to_text()

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        # Subclasses are attrs classes whose generated repr shows Play(rank=…, naturals=…);
        # the action's text reads better and parses back to an equal action.
        return f"parse_action({self.to_text()!r})"


_PARSERS: dict[str, Callable[[str], Action]] = {}

#: Imports the installed plugins, whose modules register their actions (set by
#: :mod:`gouji.plugins.manager`): asked once, the first time a word is unknown, so that a fresh
#: process reads every installed variant's actions without having built a game of it.
_plugin_importer: list[Callable[[], None]] = []


def set_plugin_importer(importer: Callable[[], None]) -> None:
    """What :func:`parse_action` calls, once, before it calls a word unknown."""
    _plugin_importer[:] = [importer]


def register_action(keyword: str, parse: Callable[[str], Action]) -> None:
    """Teach :func:`gouji.parse_action` an action type: ``parse`` gets the text after the keyword."""
    if keyword in _PARSERS and _PARSERS[keyword] is not parse:
        raise ValueError(f"action keyword {keyword!r} is already registered")
    _PARSERS[keyword] = parse


#: The longest action text read: the longest real one (a set of every joker) is far shorter.
MAX_ACTION_CHARS = 400


def action_keywords() -> list[str]:
    """The first words of the record texts :func:`parse_action` reads (``play``, ``pass``, ...)."""
    return sorted(_PARSERS)


def parse_action(text: str) -> Action:
    """Read an action from its record text: ``"play 9 9"``, ``"burn BJ A A"``, ``"pass"``.

    Anything else — not a string, longer than ``MAX_ACTION_CHARS`` (400), or
    holding characters other than printable ASCII and the card and rank
    names — raises :class:`~gouji.errors.ParseError`.
    """
    if not isinstance(text, str):
        raise ParseError(f"an action is text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_CHARS:
        raise ParseError(f"an action is at most {MAX_ACTION_CHARS} characters, got {len(text)}")
    if any(ch.isdigit() and not ch.isascii() for ch in text):
        raise ParseError(f"digits in an action are ASCII 0-9: {text!r}")
    keyword, _, rest = text.strip().partition(" ")
    parser = _PARSERS.get(keyword)
    if parser is None and _plugin_importer:
        _plugin_importer.pop()()
        parser = _PARSERS.get(keyword)
    if parser is None:
        raise ParseError(f"unknown action {keyword[:40]!r}{did_you_mean(keyword, _PARSERS)}; "
                         f"known: {', '.join(sorted(_PARSERS))}")
    try:
        return parser(rest.strip())
    except ParseError:
        raise
    except GoujiError as exc:
        raise ParseError(str(exc)) from exc
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        raise ParseError(f"{keyword!r}: cannot read {rest.strip()[:60]!r}: {exc}") from exc


def _write_record_text(action: Action) -> None:
    """Keep the set action's record text, as its class writes it (:meth:`Action.to_text`: a
    plugin's subclass may write its own). An action may be built from anything a caller passes
    (the engine refuses what is not a set): one whose text cannot be written, or is not
    printable, is left without it, and reading ``record_text`` raises ``AttributeError``."""
    try:
        text = action.to_text()
    except Exception:
        return
    if isinstance(text, str) and text.isprintable():
        object.__setattr__(action, "record_text", text)


@attrs.frozen(cache_hash=True, repr=False)
class PlaySet(Action):
    """出牌 / 顺牌: lead a set, or cover the set on the table."""

    play: Play
    #: The record text (:meth:`to_text`), written when the action is made: sets are interned.
    record_text: str = attrs.field(init=False, eq=False, hash=False, repr=False)
    keyword = "play"

    def __attrs_post_init__(self) -> None:
        _write_record_text(self)

    @classmethod
    def of(cls, play: Play) -> PlaySet:
        """The action that plays ``play``; equal sets give the same object (while fewer than
        ``MAX_INTERNED`` are kept: past that, an equal new one)."""
        found = _play_cache.get(play)
        if found is None:
            found = cls(play)
            if len(_play_cache) < MAX_INTERNED:
                _play_cache[play] = found
        return found

    def to_text(self) -> str:
        """``"play"`` and the set in ASCII: ``"play BJ 2 9 9"``."""
        return f"{self.keyword} {self.play.text(ascii_only=True)}"

    def describe(self) -> str:
        """``"play 大王 9 9"``."""
        return f"play {self.play}"


@attrs.frozen(cache_hash=True, repr=False)
class Burn(Action):
    """烧牌: cover a gouji set that is not your opposite's (BURN-1)."""

    play: Play
    #: The record text (:meth:`to_text`), written when the action is made: sets are interned.
    record_text: str = attrs.field(init=False, eq=False, hash=False, repr=False)
    keyword = "burn"

    def __attrs_post_init__(self) -> None:
        _write_record_text(self)

    @classmethod
    def of(cls, play: Play) -> Burn:
        """The action that burns with ``play``; equal sets give the same object (as :meth:`PlaySet.of`)."""
        found = _burn_cache.get(play)
        if found is None:
            found = cls(play)
            if len(_burn_cache) < MAX_INTERNED:
                _burn_cache[play] = found
        return found

    def to_text(self) -> str:
        """``"burn"`` and the set in ASCII: ``"burn BJ A A"``."""
        return f"{self.keyword} {self.play.text(ascii_only=True)}"

    def describe(self) -> str:
        """``"burn (烧牌) with 大王 A A"``."""
        return f"burn (烧牌) with {self.play}"


@attrs.frozen(repr=False)
class _WordAction(Action):
    """An action that is its word alone (:func:`register_word_action`), holding its record text
    written when it is made: read in every answer's legal actions."""

    #: The record text (:meth:`to_text`), written when the action is made (a subclass's own).
    record_text: str = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _write_record_text(self)


@attrs.frozen(repr=False)
class Pass(_WordAction):
    """过牌: decline the set on the table; no more sets for you this round (ROUND-2)."""

    keyword = "pass"

    def describe(self) -> str:
        """What a pass means for the player: no more sets this round (ROUND-2)."""
        return "pass (过牌): no more sets this round"


@attrs.frozen(repr=False)
class Close(_WordAction):
    """扣牌: as the opposite of the set's owner, declare the round dead (ROUND-5)."""

    keyword = "close"

    def describe(self) -> str:
        """扣牌, in words."""
        return "close the round (扣牌)"


@attrs.frozen(repr=False)
class Yield(_WordAction):
    """让牌: let the next two players answer first (ROUND-4); in the melee, skip once (END-5)."""

    keyword = "yield"

    def describe(self) -> str:
        """让牌, in words: the right to answer is kept (ROUND-4)."""
        return "yield (让牌): let the next players answer first, keeping your right"


@attrs.frozen(repr=False)
class TakeWind(_WordAction):
    """接风: ask to lead instead of answering the last set of a player who went out (END-4)."""

    keyword = "take-wind"

    def describe(self) -> str:
        """接风, in words (END-4)."""
        return "take the wind (接风): lead instead of answering"


#: The most sets each cache of actions keeps: texts from outside (a record, a client) may name
#: any number of different sets, and the caches must not grow with them.
MAX_INTERNED = 65_536
_play_cache: dict[Play, PlaySet] = {}
_burn_cache: dict[Play, Burn] = {}

PASS = Pass()
CLOSE = Close()
YIELD = Yield()
TAKE_WIND = TakeWind()


def register_word_action(action: Action) -> None:
    """Register an action that is one word and nothing more (``pass``, ``close``): its
    keyword reads back as this very action, and anything after the word is an error."""

    def parse(rest: str) -> Action:
        if rest:
            raise ParseError(f"{action.keyword!r} takes nothing after it, got {rest!r}")
        return action

    register_action(action.keyword, parse)
    # The rules compare such actions by identity (``action is PASS``): a pickled or
    # deep-copied one must come back as this very object.
    type(action).__reduce__ = _reduce_word_action  # type: ignore[method-assign,assignment]


def _reduce_word_action(action: Action) -> tuple[Callable[[str], Action], tuple[str]]:
    return parse_action, (action.keyword,)


register_action("play", lambda rest: PlaySet.of(parse_play(rest)))
register_action("burn", lambda rest: Burn.of(parse_play(rest)))
for _action in (PASS, CLOSE, YIELD, TAKE_WIND):
    register_word_action(_action)
