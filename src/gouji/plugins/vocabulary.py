"""A variant's vocabulary: every term its plugins declare (``gouji_vocabulary``), gathered once.

``Variant.vocabulary`` builds it on first use and keeps it: the
log's text, the page's labels, the RL action space and the bots read it once per variant,
never per step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import pluggy

from gouji.engine.vocabulary import ENGINE_TERMS, DecisionTerm, EventTerm, PhaseTerm, Term
from gouji.errors import PluginError
from gouji.plugins.hook_results import short

#: The most terms one plugin may declare (a page downloads them all).
MAX_TERMS = 500


@attrs.frozen
class Vocabulary:
    """The terms of one variant, by keyword (a phase by its name), in the order declared.

    Where two plugins declare the same keyword, the first asked wins (the plugin registered
    last, as with ``firstresult`` hooks): a house plugin may word a book's term its own way."""

    events: Mapping[str, EventTerm]
    decisions: Mapping[str, DecisionTerm]
    phases: Mapping[str, PhaseTerm]
    #: ``{event kind: (Chinese, English)}``, what :meth:`gouji.engine.events.Event.text` reads.
    event_names: Mapping[str, tuple[str, str]] = attrs.field(init=False, eq=False)

    @event_names.default
    def _names(self) -> dict[str, tuple[str, str]]:
        return {k: (t.words.zh, t.words.en) for k, t in self.events.items()}

    @classmethod
    def of(cls, terms: Iterable[Term]) -> Vocabulary:
        """The vocabulary of ``terms``, the first of a keyword kept."""
        events: dict[str, EventTerm] = {}
        decisions: dict[str, DecisionTerm] = {}
        phases: dict[str, PhaseTerm] = {}
        for term in terms:
            if isinstance(term, EventTerm):
                events.setdefault(term.keyword, term)
            elif isinstance(term, DecisionTerm):
                decisions.setdefault(term.keyword, term)
            else:
                phases.setdefault(term.name, term)
        return cls(events, decisions, phases)

    def event_words(self, kind: str) -> tuple[str, str]:
        """``(Chinese, English)`` of an event kind; an undeclared one reads as its keyword."""
        return self.event_names.get(kind, (kind, kind))

    def undeclared(self, events: Iterable[str] = (), decisions: Iterable[str] = (),
                   phases: Iterable[str] = ()) -> list[str]:
        """What of the given event kinds, decision keywords and phase names is not declared."""
        return ([f"event {k!r}" for k in events if k not in self.events]
                + [f"decision {k!r}" for k in decisions if k not in self.decisions]
                + [f"phase {k!r}" for k in phases if k not in self.phases])

    def to_json(self) -> dict[str, Any]:
        """The labels as the page reads them (``GET /api/vocabulary``): no code, words only."""
        def rule(term: Any) -> dict[str, Any]:
            return {**term.words.to_json(), "rule": term.rule}
        return {
            "events": {k: rule(t) for k, t in self.events.items()},
            "decisions": {k: {**rule(t), "choices": {c: list(w) for c, w in t.choices.items()}}
                          for k, t in self.decisions.items()},
            "phases": {k: rule(t) for k, t in self.phases.items()},
        }


def collect_vocabulary(pm: pluggy.PluginManager) -> Vocabulary:
    """Ask every plugin's ``gouji_vocabulary`` (first asked first), then the engine's own terms."""
    hook = pm.hook.gouji_vocabulary
    terms: list[Term] = []
    for impl in reversed(hook.get_hookimpls()):
        try:
            answer = impl.function()
        except (Exception, SystemExit) as exc:
            raise PluginError(f"plugin {impl.plugin_name!r} raised in hook gouji_vocabulary: {exc!r:.200}") from exc
        if answer is None:
            continue
        if (not isinstance(answer, (list, tuple)) or len(answer) > MAX_TERMS
                or not all(isinstance(t, (EventTerm, DecisionTerm, PhaseTerm)) for t in answer)):
            raise PluginError(f"plugin {impl.plugin_name!r}: hook gouji_vocabulary answered {short(answer)}, "
                              f"expected a list of at most {MAX_TERMS} EventTerm, DecisionTerm or PhaseTerm")
        terms += answer
    return Vocabulary.of([*terms, *ENGINE_TERMS])


__all__ = ["MAX_TERMS", "Vocabulary", "collect_vocabulary"]
