"""One vocabulary (issue 39): every decision, event and phase a variant speaks is declared once,
beside its rule, with its words in both languages; every reader reads the declarations."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gouji
from gouji.engine.vocabulary import ENGINE_TERMS, DecisionTerm, EventTerm, PhaseTerm
from gouji.plugins.vocabulary import Vocabulary
from gouji.testing import check_vocabulary, random_playout

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "gouji"
BUILTIN = ("provincial", "dagang", "district", "dagang196")
#: The example house plugin, loaded by path (examples/house_wager).
HOUSE = str(ROOT / "examples" / "house_wager" / "house_wager_by_path.toml")

# Played in a process that has loaded one variant only: what it names may not depend on which
# plugins some other test imported (with only provincial loaded, `moved` had no name).
_ONE_VARIANT = """
import json, sys
import gouji
from gouji.testing import check_vocabulary, random_playout
variant = gouji.load_variant(sys.argv[1])
events, decisions, phases = set(), set(), set()
def step(game):
    check_vocabulary(game, 0)
    events.update(e.kind for e in game.events)
    if not game.is_over:
        decisions.update(a.keyword for a in game.legal_actions())
for seed in range(int(sys.argv[2])):
    random_playout(variant, seed, on_step=step)
names = variant.vocabulary.event_names
print(json.dumps({"events": sorted(events), "decisions": sorted(decisions),
                  "named": {k: names[k] for k in events}}))
"""


@pytest.mark.parametrize("name", [*BUILTIN, HOUSE])
def test_every_term_a_variant_speaks_is_declared_in_a_process_of_its_own(name):
    out = subprocess.run([sys.executable, "-c", _ONE_VARIANT, name, "4"], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""}).stdout
    seen = json.loads(out)
    assert seen["events"] and seen["decisions"]
    for kind, (zh, en) in seen["named"].items():
        assert (zh and en and zh != kind) or kind in ("pass", "close"), (kind, zh, en)


def _vocabularies() -> list[tuple[str, Vocabulary]]:
    found = [(name, gouji.load_variant(name).vocabulary) for name in BUILTIN]
    return [*found, ("house_wager", gouji.load_variant(HOUSE).vocabulary)]


@pytest.mark.parametrize(("name", "vocabulary"), _vocabularies(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_declared_term_has_both_languages_and_a_known_rule(name, vocabulary):
    rules = set(re.findall(r"\b[A-Z]+-\d+\b", (ROOT / "docs" / "rules" / "index.rst").read_text("utf-8"))) \
        if (ROOT / "docs" / "rules" / "index.rst").exists() else None
    for table in (vocabulary.events, vocabulary.decisions, vocabulary.phases):
        for keyword, term in table.items():
            words = term.words
            assert all((words.en, words.zh, words.en_explain, words.zh_explain)), keyword
            assert re.search(r"[\u4e00-\u9fff]", words.zh + words.zh_explain), f"{keyword}: no Chinese"
            if rules and term.rule and name in BUILTIN:
                assert term.rule in rules, (keyword, term.rule)


def test_the_engines_own_events_are_named_in_every_variant():
    for name in BUILTIN:
        names = gouji.load_variant(name).vocabulary.event_names
        for kind in ("moved", "lead-passed", "set-aside", "lead", "cover", "game-over"):
            assert kind in names, (name, kind)


def test_a_book_words_its_own_event():
    """District's no-three (无3为6科) and dagang196's (nobody can give him a 3) read each its own."""
    assert gouji.load_variant("district").vocabulary.event_names["no-three"][1] == "has no 3"
    assert gouji.load_variant("dagang196").vocabulary.event_names["no-three"][1] == "cannot buy a 3"


def test_every_event_kind_logged_in_the_source_is_declared():
    """The kinds written as literals (``game.log("buy", ...)``, ``kind="smothered"``) in gouji's
    own code: each is declared by the engine or a book."""
    declared = {t.keyword for t in ENGINE_TERMS if isinstance(t, EventTerm)}
    for _, vocabulary in _vocabularies()[:4]:
        declared |= set(vocabulary.events)
    logged = set()
    for path in SRC.rglob("*.py"):
        text = path.read_text("utf-8")
        logged |= set(re.findall(r"\.log\(\s*\"([a-z-]+)\"", text))
        logged |= set(re.findall(r"\bkind=\"([a-z-]+)\"", text))
    assert logged and logged <= declared, sorted(logged - declared)


def test_every_registered_action_keyword_is_declared_by_a_book():
    from gouji.engine.actions import action_keywords

    declared = set()
    for _, vocabulary in _vocabularies()[:4]:
        declared |= set(vocabulary.decisions)
    builtin = {k for k in action_keywords() if k in declared or not k.startswith(("house-", "qingdao", "x-"))}
    assert {k for k in builtin if k.split("-")[0] in ("dagang", "club", "district", "consent", "clock", "referee",
                                                      "play", "burn", "pass", "close", "yield", "take")} <= declared


def test_the_vocabulary_is_gathered_once_per_variant():
    variant = gouji.load_variant("dagang")
    assert variant.vocabulary is variant.vocabulary
    game = random_playout(variant, 3)
    assert check_vocabulary(game) == len(game.events)


def test_a_term_without_words_is_refused():
    from gouji.engine.vocabulary import Words
    from gouji.errors import PluginError

    with pytest.raises(PluginError, match="one-line text"):
        Words("", "出牌", "play", "出牌")
    with pytest.raises(PluginError, match="one-line text"):
        Words("play", "出牌", "two\nlines", "出牌")


def test_the_log_reads_a_books_words():
    game = random_playout("dagang", 5)
    text = game.log_text()
    names = game.variant.vocabulary.event_names
    for event in game.events:
        assert names[event.kind][0] in text


def test_the_terms_are_of_three_kinds():
    assert all(isinstance(t, (EventTerm, DecisionTerm, PhaseTerm)) for t in ENGINE_TERMS)
