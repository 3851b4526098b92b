"""The game log: what happened, in the rulebook's words (Chinese and English)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

import attrs

from gouji.engine.plays import Play
from gouji.engine.vocabulary import engine_event_names

#: The engine's own event kinds with their Chinese and English names, read from their
#: declarations (:data:`gouji.engine.vocabulary.ENGINE_TERMS`). A plugin's events are named by
#: its variant's vocabulary (``variant.vocabulary``), not here.
EVENT_NAMES: Mapping[str, tuple[str, str]] = MappingProxyType(engine_event_names())

PLACE_NAMES = (("头科", "1st"), ("二科", "2nd"), ("三科", "3rd"), ("四科", "4th"), ("二落", "5th"), ("大落", "6th"))


def _seats(seats: Iterable[int] | None) -> frozenset[int] | None:
    return None if seats is None else frozenset(seats)


@attrs.frozen
class Event:
    """One line of the log. ``rule`` is the ID of the rule behind it
    (:ref:`the rules reference <rules-reference>`)."""

    kind: str
    seat: int | None = None
    rule: str = ""
    play: Play | None = None
    detail: str = ""
    #: The seats that see this event; ``None``: every seat (most of the game is public).
    visible_to: frozenset[int] | None = attrs.field(
        default=None, converter=_seats)

    def seen_by(self, seat: int) -> bool:
        return self.visible_to is None or seat in self.visible_to

    def seen_as(self, seat: int) -> Event | None:
        """This event as ``seat`` sees it: ``None`` if it may not, and for a decline of
        another seat only the word the table hears (P§12 过牌, P§16 扣牌): whether that
        seat could have covered, or burned, stays its own (the referee's log keeps it)."""
        if self.visible_to is not None and seat not in self.visible_to:
            return None
        if seat == self.seat:
            return self
        return self.as_public()

    def as_public(self) -> Event:
        """This event as anyone but its seat sees it (the table, a spectator): a decline as
        the plain 过牌 or 扣牌 the table hears, any other event as it is."""
        if self.seat is None or self.kind not in DECLINES:
            return self
        return _public_decline(self)

    def text(self, names: Mapping[str, tuple[str, str]] | None = None) -> str:
        """``"seat 3 烧牌 burn: 大王 A A [BURN-1]"``. ``names``: ``{kind: (Chinese, English)}``,
        the variant's (``variant.vocabulary.event_names``); without it, the engine's own
        (:data:`EVENT_NAMES`), a plugin's event by its kind."""
        zh, en = (EVENT_NAMES if names is None else names).get(self.kind, (self.kind, ""))
        name = f"{zh} {en}" if en and en != zh else zh
        who = f"seat {self.seat} " if self.seat is not None else ""
        what = f": {self.play}" if self.play is not None else ""
        detail = phase_words(self.detail) if self.kind == "phase" else self.detail
        extra = f" — {detail}" if detail else ""
        tag = f" [{self.rule}]" if self.rule else ""
        return f"{who}{name}{what}{extra}{tag}"


def phase_words(detail: str) -> str:
    """A phase choice's ``"NAME: RECORD TEXT"`` in words: ``"revolution (革命): do not revolt:
    play your hand"``, the Chinese term once. Text that is no action stays as it is."""
    import re

    from gouji.engine.actions import parse_action
    from gouji.errors import GoujiError

    phase, sep, text = detail.partition(": ")
    if not sep:
        return detail
    try:
        words = parse_action(text).describe()
    except GoujiError:
        return detail
    if words == text:
        return detail
    # "point declaration (宣点)" and "declare (宣点) that ...": the term once, in the choice.
    for term in re.findall(r" ?\(([^()]*)\)", phase):
        if term in words:
            phase = phase.replace(f" ({term})", "")
    return f"{phase}: {words}"


#: Declines whose words tell more than the table hears (who could not cover, who could have
#: burned): other seats see the public word instead (``Event.seen_as``).
#: A chosen ``pass`` (ROUND-2) and ``close`` (ROUND-5) are the public words themselves.
DECLINES = {"auto-pass": "pass", "no-burn": "pass", "auto-close": "close"}
_DECLINE_RULES = {"pass": "ROUND-2", "close": "ROUND-5"}
_PUBLIC: dict[tuple[str, int], Event] = {}


def _public_decline(event: Event) -> Event:
    """The plain 过牌 or 扣牌 of ``event``'s seat, shared, as the engine's public events are."""
    kind = DECLINES[event.kind]
    assert event.seat is not None
    if event.visible_to is not None:
        return Event(kind, event.seat, _DECLINE_RULES[kind], visible_to=event.visible_to)
    public = _PUBLIC.get((kind, event.seat))
    if public is None:
        public = _PUBLIC[kind, event.seat] = Event(kind, event.seat, _DECLINE_RULES[kind])
    return public
