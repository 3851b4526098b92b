"""``Action.record_text``: an action's record text read as an attribute (the engine's sets hold
theirs written once), what a server writes a turn's legal actions from."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest
from hypothesis import given, settings

import gouji
from gouji.engine.actions import CLOSE, PASS, TAKE_WIND, YIELD, Action, Burn, PlaySet
from gouji.testing.strategies import plays


@given(play=plays())
@settings(max_examples=200, deadline=None)
def test_a_sets_record_text_is_its_text_and_reads_back(play):
    for action in (PlaySet.of(play), Burn.of(play), PlaySet(play), Burn(play)):
        assert action.record_text == action.to_text()
        assert gouji.parse_action(action.record_text) == action
        assert action.record_text.isascii() and action.record_text.isprintable()


@given(play=plays())
@settings(max_examples=50, deadline=None)
def test_the_written_text_is_no_part_of_equality_hashing_or_copies(play):
    action = PlaySet.of(play)
    fresh = PlaySet(play)
    assert fresh == action and hash(fresh) == hash(action)
    for copied in (pickle.loads(pickle.dumps(action)), copy.copy(action), copy.deepcopy(action)):
        assert copied == action and copied.record_text == action.record_text
    field = attrs.fields(PlaySet).record_text
    assert not field.eq and not field.hash and not field.init and not field.repr


def test_word_actions_give_their_word():
    for action in (PASS, CLOSE, YIELD, TAKE_WIND):
        assert action.record_text == action.to_text() == action.keyword


class _Shout(Action):
    keyword = "shout"

    def __init__(self, text: str) -> None:
        self.text = text

    def to_text(self) -> str:
        return self.text


@pytest.mark.parametrize("text", ["shout\n", "shout\x00", "shout\x1b[2J", "shout\x7f"])
def test_a_record_text_that_is_not_printable_is_refused(text):
    with pytest.raises(gouji.GoujiError, match=r"_Shout\.to_text"):
        _Shout(text).record_text  # noqa: B018


def test_a_printable_record_text_of_a_plugin_is_given_as_it_is():
    assert _Shout('shout "a\\b" 大王').record_text == 'shout "a\\b" 大王'


def test_game_deltas_write_a_legal_action_that_refuses_its_record_text():
    """Game.deltas reads the legal actions' record texts; one that refuses its text there (not
    printable) is written as to_text() gives it, as Observation.to_dict writes it."""
    game = gouji.load_variant("provincial").new_game(seed=3)
    shout = _Shout("shout\n")
    game.legal_actions()
    game._legal = [*game._legal, shout]
    data = game.deltas([0] * 6)[game.current_player]
    assert data["legal_actions"][-1] == "shout\n"


def test_a_subclass_of_a_word_action_writing_its_own_text_reads_it_again():
    """A plugin's subclass of a word action with its own keyword, or its own ``to_text``, gives
    its own text, not the word its base keeps."""
    from gouji.engine.actions import Pass

    @attrs.frozen(repr=False)
    class Shrug(Pass):
        keyword = "shrug"

    @attrs.frozen(repr=False)
    class Loud(Pass):
        def to_text(self) -> str:
            return "PASS!"

    @attrs.frozen(repr=False)
    class Quiet(Loud):
        pass

    class Quoting:
        def to_text(self) -> str:
            return 'say "hi"'

    @attrs.frozen(repr=False)
    class QuotedPass(Quoting, Pass):  # its text from a mixin (a fresh-eyes review's case)
        pass

    assert Shrug().record_text == "shrug"
    assert Loud().record_text == Quiet().record_text == "PASS!"
    assert QuotedPass().record_text == 'say "hi"'
    assert PASS.record_text == "pass"
    from gouji.server.views import legal_json

    assert legal_json([QuotedPass(), Shrug(), PASS]) == '["say \\"hi\\"", "shrug", "pass"]'


def test_word_actions_of_one_class_with_their_word_as_a_field_keep_each_its_own():
    """register_word_action keeps the text on the class only where the word is the class's:
    actions of one class whose keyword is a field (a plugin's choices) give each its own."""
    from gouji.engine.actions import register_word_action

    @attrs.frozen
    class Choice(Action):
        keyword: str

    first, second = Choice("test-choice-one"), Choice("test-choice-two")
    register_word_action(first)
    register_word_action(second)
    assert (first.record_text, second.record_text) == ("test-choice-one", "test-choice-two")
    assert gouji.parse_action("test-choice-one") is first


@pytest.mark.parametrize("word", ["pass", "close", "yield", "take-wind"])
def test_a_word_action_holds_its_text_and_its_subclasses_their_own(word):
    """The engine's word actions are read in every answer's legal actions: each holds its text,
    written when it is made; a subclass with a keyword of its own, a mixin's ``to_text``, or a
    mixin whose ``__init_subclass__`` does not call on (a registry's; a fresh-eyes review's case:
    a text kept on the class reached it) holds its own."""
    action = gouji.parse_action(word)
    base = type(action)
    assert action.record_text == action.to_text() == word

    @attrs.frozen(repr=False)
    class Renamed(base):  # type: ignore[valid-type,misc]
        keyword = "renamed-" + word

    class Saying:
        def to_text(self) -> str:
            return "said"

    @attrs.frozen(repr=False)
    class Mixed(Saying, base):  # type: ignore[valid-type,misc]
        pass

    @attrs.frozen(repr=False)
    class Deeper(Renamed):
        pass

    known: list[type] = []

    class Registry:
        def __init_subclass__(cls, **kwargs: object) -> None:  # does not call on
            known.append(cls)

    class Knock(Registry, base):  # type: ignore[valid-type,misc]
        keyword = "knock"

    assert Renamed().record_text == "renamed-" + word == Deeper().record_text
    assert Mixed().record_text == "said"
    assert Knock().record_text == "knock" == Knock().to_text()
    from gouji.server.views import legal_json

    assert legal_json([Knock(), action]) == f'["knock", "{word}"]'
