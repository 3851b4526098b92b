"""``gouji replay --html``: one self-contained page; a one-seat page holds only that seat's view.

What the page shows in a real browser is checked in tests/browser/.
"""

from __future__ import annotations

import json
import re

import pytest

import gouji
from gouji.bots.basic import GreedyBot, RandomBot, decide, play_game
from gouji.tools.cli import main
from gouji.tools.html_replay import page_data, replay_html


@pytest.fixture(scope="module")
def game() -> gouji.Game:
    return play_game(gouji.load_variant("provincial"), 7, [GreedyBot(7), RandomBot(7)] * 3)


def embedded(page: str) -> dict:
    text = re.search(r'<script type="application/json" id="gouji-data">(.*?)</script>', page, re.DOTALL).group(1)
    return json.loads(text)


def test_the_page_is_self_contained(game):
    page = replay_html(game)
    assert page.startswith("<!DOCTYPE html>")
    # Nothing loaded from elsewhere: no external script, style sheet, image or font.
    assert not re.search(r"""(src|href)\s*=|@import|url\(|https?://""", page)
    assert page.count("<script") == 2 and "<style>" in page
    assert embedded(page) == json.loads(json.dumps(page_data(game)))


def test_every_hand_at_every_step_comes_from_the_game(game):
    data = page_data(game)
    assert len(data["frames"]) == len(game.history) + 1
    replay = game.variant.new_game(seed=game.seed)
    for step, frame in enumerate(data["frames"]):
        if step:
            replay.apply(game.history[step - 1])
            assert frame["action"] == game.history[step - 1].to_text()
        assert frame["hands"] == {str(s): [c.record_text() for c in replay.hand(s)] for s in range(6)}
        assert frame["events"] == len(replay.events)
    assert any(line.startswith("score:") for line in data["result"])


def test_a_one_seat_page_holds_only_what_that_seat_observes(game):
    page = replay_html(game, seat=2)
    data = embedded(page)
    assert data["views"] == ["2"] and data["seat"] == 2
    replay = game.variant.new_game(seed=game.seed)
    for step, frame in enumerate(data["frames"]):
        if step:
            replay.apply(game.history[step - 1])
        view = replay.observation(2)
        assert set(frame["hands"]) == {"2"} and set(frame["sizes"]) == {"2"}
        assert frame["hands"]["2"] == [c.record_text() for c in view.hand]
        assert frame["sizes"]["2"] == list(view.hand_sizes)
    assert len(data["events"]) == len(replay.observation(2).history)
    assert all("visible_to" not in e for e in data["events"])
    # Another seat's opening hand, as a run of its cards, appears nowhere in the page.
    other = json.dumps([c.record_text() for c in game.variant.new_game(seed=game.seed).hand(3)],
                       ensure_ascii=False, separators=(",", ":"))
    assert other not in page


def test_a_private_event_stays_out_of_other_seats_pages():
    from gouji.engine.series import Series

    series = Series(gouji.load_variant("dagang"), seed=5)
    play_game_in_place = RandomBot(5)
    for _ in range(4):
        while not series.game.is_over:
            series.game.apply(decide(play_game_in_place, series.game))
        series.next_game()
        for _ in range(40):
            series.game.apply(decide(play_game_in_place, series.game))
        if any(e.visible_to is not None for e in series.game.events):
            break
    game = series.game
    private = [e for e in game.events if e.visible_to is not None]
    assert private
    outsider = next(s for s in range(6) if s not in private[0].visible_to)
    data = page_data(game, outsider)
    assert len(data["events"]) == sum(1 for e in game.events if e.seen_by(outsider))


def _dagang_game_with_private_choices() -> gouji.Game:
    from gouji.engine.series import Series

    series = Series(gouji.load_variant("dagang"), seed=5)
    bot = RandomBot(5)
    for _ in range(6):
        while not series.game.is_over:
            series.game.apply(decide(bot, series.game))
        series.next_game()
        for _ in range(60):
            series.game.apply(decide(bot, series.game))
        if any(e.kind == "phase" and e.visible_to is not None for e in series.game.events):
            break
    return series.game


def test_a_seat_page_holds_no_other_seats_private_choice_nor_the_seed():
    """Issue 21 item 11: a step's action text is another seat's only as the events this seat
    saw show it; a face-down return (D§21) or a 挑牌 order (D§15) never enters the page."""
    game = _dagang_game_with_private_choices()
    private = [e for e in game.events if e.kind == "phase" and e.visible_to is not None]
    assert private
    for outsider in sorted(set(range(6)) - set().union(*(e.visible_to for e in private))):
        page = replay_html(game, seat=outsider)
        data = embedded(page)
        for event in private:
            choice = event.detail.split(": ", 1)[1]
            assert choice not in page, f"seat {outsider}'s page shows {choice!r}"
        assert data["seed"] is None and f"seed {game.seed}" not in page
        own = [f["action"] for f in data["frames"][1:] if f["actor"] == outsider]
        assert own and all(a for a in own)
    # The page of every hand is the referee's: it shows them all.
    full = replay_html(game)
    assert all(e.detail.split(": ", 1)[1] in full for e in private)


def test_the_command_writes_the_page(tmp_path, capsys, game):
    record = tmp_path / "g.json"
    record.write_text(json.dumps(game.record()), encoding="utf-8")
    out = tmp_path / "g.html"
    assert main(["replay", str(record), "--html", str(out), "--seat", "4"]) == 0
    assert capsys.readouterr().out == f"page written to {out}\n"
    assert embedded(out.read_text(encoding="utf-8"))["views"] == ["4"]
    assert main(["replay", str(record), "--seat", "4"]) == 2
    assert "--html" in capsys.readouterr().err
    assert main(["replay", str(record), "--html", str(out), "--seat", "6"]) == 2
    assert "seat is 0-5" in capsys.readouterr().err


def test_a_title_cannot_break_out_of_the_page(game):
    page = replay_html(game, title="</title><script>alert(1)</script>")
    assert "<script>alert(1)" not in page


def test_the_set_on_the_table_shows_its_cards_with_suits():
    """Issue 26: the engine takes a set's cards deterministically, so the page shows them."""
    import itertools
    from collections import Counter

    from gouji.bots.basic import RandomBot, play_game
    from gouji.tools.html_replay import page_data

    game = play_game("provincial", 3, RandomBot(3))
    frames = page_data(game)["frames"]
    shown = [f for f in frames if f["table"] is not None]
    assert shown and all(f["table_cards"] for f in shown)
    for before, after in itertools.pairwise(frames):
        if after["table_cards"] and after["table"] != before["table"]:
            seat = str(after["actor"])
            lost = Counter(before["hands"][seat]) - Counter(after["hands"][seat])
            assert Counter(after["table_cards"]) == lost
            assert len(after["table_cards"]) == len(after["table"].split())
    # A seat's view knows only its own sets' suits.
    for frame in page_data(game, 0)["frames"]:
        if frame.get("table_cards"):
            assert frame["owner"] == 0


def test_without_javascript_the_page_says_what_to_do(game):
    """A newcomer: with scripts off the page was blank."""
    page = replay_html(game)
    noscript = re.search(r"<noscript>(.*?)</noscript>", page, re.DOTALL)
    assert noscript and "gouji replay RECORD --log" in noscript.group(1)


def test_a_label_cannot_break_out_of_the_data(game, monkeypatch):
    """A house plugin's labels (strangers' text) reach the page's embedded data: a "<" there
    never closes the script element nor opens a comment, and the data reads back the same."""
    from gouji.tools import html_replay

    real = html_replay.page_data

    def hostile(*args, **kwargs):
        data = real(*args, **kwargs)
        data["frames"][0]["events"] = ["</script><script>alert(1)</script><!--"]
        return data

    monkeypatch.setattr(html_replay, "page_data", hostile)
    page = replay_html(game)
    assert "<script>alert(1)" not in page and "<!--" not in page
    assert page.count("<script") == 2
    assert embedded(page)["frames"][0]["events"] == ["</script><script>alert(1)</script><!--"]
