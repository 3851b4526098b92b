"""The terms a variant speaks in: each decision kind, event kind and phase, declared once.

A rule module declares the terms it owns beside its rule, in both languages (a short label
and a one-line explanation, :class:`Words`), with the rule's ID; a plugin hands them to the
``gouji_vocabulary`` hook (:func:`gouji.plugins.hookspecs.gouji_vocabulary`), and every
reader (the log's text, the terminal, the replay page, ``gouji serve``'s page, the RL action
space, the bots' phase decisions) reads the variant's :class:`gouji.plugins.vocabulary.Vocabulary`.

The engine's own terms (the events of play, the ordinary decisions) are declared here: the
engine owns them, and every variant speaks them (:data:`ENGINE_TERMS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO
from gouji.errors import GoujiError, PluginError

if TYPE_CHECKING:
    from gouji.engine.actions import Action

#: The longest label or explanation a term may have (a label is a button's text; an
#: explanation one line of help).
MAX_LABEL = 80
MAX_EXPLANATION = 200


def _text(limit: int) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if not isinstance(value, str) or not value.strip() or len(value) > limit or "\n" in value:
            raise PluginError(f"{type(instance).__name__}.{attribute.name}: a one-line text of 1..{limit} "
                              f"characters, not {value!r:.80}")
    return check


@attrs.frozen
class Words:
    """A term in both languages: ``en`` and ``zh`` a short label, ``en_explain`` and
    ``zh_explain`` one line saying what it means at the table."""

    en: str = attrs.field(validator=_text(MAX_LABEL))
    zh: str = attrs.field(validator=_text(MAX_LABEL))
    en_explain: str = attrs.field(validator=_text(MAX_EXPLANATION))
    zh_explain: str = attrs.field(validator=_text(MAX_EXPLANATION))

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "zh": self.zh, "en_explain": self.en_explain, "zh_explain": self.zh_explain}


def _keyword(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, str) or not value or len(value) > 60 or value != value.strip():
        raise PluginError(f"{type(instance).__name__}.{attribute.name}: a name of 1..60 characters, not {value!r:.80}")


@attrs.frozen
class Domain:
    """The values one parameter of a decision takes, numbered 0..size-1 (the RL action space
    numbers a decision by its parameters' domains)."""

    name: str
    size: int
    encode: Callable[[Any], int] = attrs.field(eq=False)
    decode: Callable[[int], Any] = attrs.field(eq=False)


def bool_domain() -> Domain:
    return Domain("bool", 2, int, bool)


def seat_domain() -> Domain:
    return Domain("seat", 6, int, int)


#: The shared domains (the RL features tell a yes/no and a seat by these very objects).
BOOL = bool_domain()
SEAT = seat_domain()
#: Ranks in the order of every per-rank vector: 3..A, 2, small joker, big joker.
RANKS = (*range(THREE, ACE + 1), TWO, SMALL_JOKER, BIG_JOKER)


class UnsupportedActionError(GoujiError):
    """An action that the action space cannot number (a referee's ruling, a house action
    with parameters it does not know)."""


def rank_domain() -> Domain:
    """Any rank (3..A, 2, the jokers)."""
    return Domain("rank", len(RANKS), RANKS.index, lambda i: RANKS[i])


def ranks_domain(*ranks: int) -> Domain:
    """Some ranks only (a tribute card is a 2 or a joker)."""
    return Domain("rank", len(ranks), ranks.index, lambda i: ranks[i])


def choice_domain(*values: Any) -> Domain:
    """One of a few values (words)."""
    return Domain("choice", len(values), values.index, lambda i: values[i])


def rank_subset_domain(*ranks: int) -> Domain:
    """A set of some ranks (会3 gathers the 3s, the 4s, both or neither)."""
    def encode(chosen: Sequence[int]) -> int:
        return sum(1 << ranks.index(r) for r in chosen)

    def decode(bits: int) -> tuple[int, ...]:
        return tuple(r for i, r in enumerate(ranks) if bits >> i & 1)

    return Domain("ranks", 1 << len(ranks), encode, decode)


def rank_counts_domain(ranks: Sequence[int], most: int) -> Domain:
    """Ranks given as a tuple, biggest first, numbered by how many of each (at most ``most``)."""
    base = most + 1

    def encode(given: Sequence[int]) -> int:
        index = 0
        for rank in ranks:
            n = sum(1 for r in given if r == rank)
            if n > most:
                raise UnsupportedActionError(f"more than {most} cards of one rank in {given!r}")
            index = index * base + n
        return index

    def decode(index: int) -> tuple[int, ...]:
        counts = []
        for _ in ranks:
            counts.append(index % base)
            index //= base
        counts.reverse()
        return tuple(r for r, n in zip(ranks, counts, strict=True) for _ in range(n))

    return Domain("rank counts", base ** len(ranks), encode, decode)


#: The payments and tribute cards: a 2 or a joker.
MONEY = ranks_domain(TWO, SMALL_JOKER, BIG_JOKER)
RANK = rank_domain()

#: What a bot's suggestion is asked: ``(legal actions, observation, variant)``; it answers one
#: of the legal actions, or ``None`` to leave the decision to the next term asked. The
#: observation is the deciding seat's own (:class:`gouji.engine.game.Observation`): a
#: suggestion sees no hidden card.
Suggestion = Callable[[Sequence["Action"], Any, Any], "Action | None"]


@attrs.frozen
class EventTerm:
    """An event kind of the log (``Event.kind``)."""

    keyword: str = attrs.field(validator=_keyword)
    words: Words
    rule: str = ""


@attrs.frozen
class PhaseTerm:
    """A phase before or beside play, by its ``Phase.name``."""

    name: str = attrs.field(validator=_keyword)
    words: Words
    rule: str = ""

    @property
    def keyword(self) -> str:
        return self.name


@attrs.frozen
class DecisionTerm:
    """A decision kind (an action's record keyword).

    ``words``' labels may hold ``{1}``, ``{2}`` (the action's first, second argument in its
    record text) and ``{all}`` (every argument): ``"buy a {1}"``. ``choices`` labels whole
    record texts whose arguments are words (``"dagang-declare pre yes"``: ``(en, zh)``).
    ``action`` and ``params`` (attribute name, :class:`Domain`) let the RL action space
    number it; ``suggest`` is what a sensible player picks (:data:`Suggestion`), asked by
    every bot but ``random``."""

    keyword: str = attrs.field(validator=_keyword)
    words: Words
    rule: str = ""
    action: type[Action] | None = None
    params: tuple[tuple[str, Domain], ...] = ()
    choices: Mapping[str, tuple[str, str]] = attrs.field(factory=dict, eq=False)
    suggest: Suggestion | None = attrs.field(default=None, eq=False)

    @property
    def size(self) -> int:
        n = 1
        for _, domain in self.params:
            n *= domain.size
        return n


Term = EventTerm | DecisionTerm | PhaseTerm


def event_term(keyword: str, en: str, zh: str, en_explain: str, zh_explain: str, rule: str = "") -> EventTerm:
    return EventTerm(keyword, Words(en, zh, en_explain, zh_explain), rule)


def phase_term(name: str, en: str, zh: str, en_explain: str, zh_explain: str, rule: str = "") -> PhaseTerm:
    return PhaseTerm(name, Words(en, zh, en_explain, zh_explain), rule)


def decision_term(keyword: str, en: str, zh: str, en_explain: str, zh_explain: str, rule: str = "",
             **more: Any) -> DecisionTerm:
    return DecisionTerm(keyword, Words(en, zh, en_explain, zh_explain), rule, **more)


#: The engine's own events, and the ordinary decisions of play: every variant speaks them.
ENGINE_TERMS: tuple[Term, ...] = (
    event_term("cut", "cut", "开牌", "a card is drawn from the pile to choose who draws first", "从牌堆抽牌定谁先摸牌",
          "OPEN-1"),
    event_term("deal", "deal", "摸牌", "the pack is dealt to the six seats", "六家摸牌", "OPEN-2"),
    event_term("lead-right", "first lead", "上班", "who leads the first set of the game", "本局谁先发牌", "OPEN-3"),
    event_term("lead", "lead", "发牌", "a set led to a new round", "新一轮发出的牌", "ROUND-1"),
    event_term("cover", "cover", "顺牌", "a set that beats the set on the table", "压过桌上的牌", "PLAY-4"),
    event_term("burn", "burn", "烧牌", "a gouji set answered out of turn by a teammate of the one answered",
          "对够级牌的抢先应答", "BURN-1"),
    event_term("pass", "pass", "过牌", "no answer to the set on the table", "不要桌上的牌", "ROUND-2"),
    event_term("auto-pass", "pass (no legal cover)", "过牌", "a pass with no set that could cover",
          "没有能压的牌而过", "ROUND-2"),
    event_term("no-burn", "declines to burn", "不烧", "an offer to burn declined", "放弃烧牌", "BURN-2"),
    event_term("close", "close", "扣牌", "the last word on a gouji set declined", "对够级牌扣牌", "ROUND-5"),
    event_term("auto-close", "close (no legal cover)", "扣牌", "a close with no set that could cover",
          "没有能压的牌而扣", "ROUND-5"),
    event_term("yield", "yield", "让牌", "a set left to a teammate to answer", "让队友来管", "ROUND-4"),
    event_term("take-wind", "take the wind", "接风", "the lead taken after a teammate went out", "队友走科后接风",
          "ROUND-6"),
    event_term("dead-set", "dead set", "死牌", "a set nobody may answer", "无人能管的牌", "PLAY-3"),
    event_term("round-won", "wins the lead", "得牌权", "the round's last set wins the next lead", "赢得下一轮发牌权",
          "ROUND-3"),
    event_term("out", "goes out", "走科", "a seat has played its last card and takes a place", "出完手牌得名次",
               "END-1"),
    event_term("headless", "headless", "无头", "a seat plays on without its gouji rights", "失去够级权利", "OPEN-5"),
    event_term("melee", "melee begins", "四人乱缠", "four seats are left and every set may be answered by anyone",
          "剩四人时乱缠", "END-4"),
    event_term("burn-failed", "failed burn, judged 落", "烧错牌·判落",
               "a burner could not carry his burn and is judged last",
          "烧牌未能烧完被判落", "BURN-4"),
    event_term("burn-released", "burn broken", "解烧", "a burner is released from carrying jokers", "解除烧牌",
          "BURN-3"),
    event_term("phase", "phase", "阶段", "a decision before or beside play", "开打前或打牌之外的决定"),
    event_term("retired", "out of play", "出局", "a seat leaves play with its cards", "带牌出局", "END-1"),
    event_term("penalty", "penalty", "处罚", "the referee's penalty", "裁判的处罚", "REF-1"),
    event_term("forfeited", "game lost by penalty", "判负", "a seat loses the game by the referee's ruling",
          "被裁判判负", "REF-3"),
    event_term("game-over", "game over", "终局", "the places are settled and the game is scored", "名次已定，计分",
          "END-1"),
    event_term("void-game", "game void", "作废", "the game counts for nothing", "本局作废", "END-1"),
    event_term("set-aside", "set aside", "放到一边", "a card taken out of play before the first lead",
          "开打前拿出不用的牌", "OPEN-4"),
    event_term("lead-passed", "leads instead", "发牌权转下家", "the lead passes to the next seat by a ruling",
          "发牌权按裁决转给下家", "REF-3"),
    event_term("moved", "place changed", "改名次", "a seat out of play moves to another place", "出局者改换名次",
          "OPEN-5"),
    decision_term("play", "play", "出牌", "play this set", "打出这手牌", "PLAY-1"),
    decision_term("burn", "burn", "烧牌", "burn the gouji set on the table", "烧桌上的够级牌", "BURN-1"),
    decision_term("pass", "pass", "过牌", "do not answer the set on the table", "不要桌上的牌", "ROUND-2"),
    decision_term("close", "close", "扣牌", "decline the last word on the gouji set", "扣住够级牌不管", "ROUND-5"),
    decision_term("yield", "yield", "让牌", "leave the set to a teammate", "让给队友管", "ROUND-4"),
    decision_term("take-wind", "take the wind", "接风", "lead after your teammate went out", "队友走科后接风发牌",
             "ROUND-6"),
)


def engine_event_names() -> dict[str, tuple[str, str]]:
    """``{event kind: (Chinese, English)}`` of the engine's own events."""
    return {t.keyword: (t.words.zh, t.words.en) for t in ENGINE_TERMS if isinstance(t, EventTerm)}


__all__ = [
    "BOOL",
    "ENGINE_TERMS",
    "MONEY",
    "RANK",
    "RANKS",
    "SEAT",
    "DecisionTerm",
    "Domain",
    "EventTerm",
    "PhaseTerm",
    "Suggestion",
    "Term",
    "UnsupportedActionError",
    "Words",
    "choice_domain",
    "decision_term",
    "engine_event_names",
    "event_term",
    "phase_term",
    "rank_counts_domain",
    "rank_domain",
    "rank_subset_domain",
    "ranks_domain",
]
