"""A game as one self-contained HTML page: the six seats around a table, stepped through.

:func:`replay_html` writes a page with its CSS, script and data inline (it
loads nothing from the network): each seat's cards, the set on the table and
who played it, the events of each step in Chinese and English with the rule
behind them, buttons and the arrow keys to step forward and back, and a
choice of whose hand to show — every hand, or one seat's view only, which
shows exactly what that seat's :class:`~gouji.engine.game.Observation` shows.

A page made for one seat (``seat=N``, ``gouji replay --html OUT --seat N``)
holds nothing but that seat's observations: the other hands are not in it.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gouji.engine.events import PLACE_NAMES, Event, phase_words
from gouji.engine.round import check_seat

if TYPE_CHECKING:
    from gouji.engine.game import Game, Observation


def replay_html(game: Game, seat: int | None = None, title: str | None = None) -> str:
    """The page of ``game`` (finished or not): every hand, or with ``seat`` only what that
    seat saw at each step."""
    if seat is not None:
        check_seat(seat)
    data = page_data(game, seat)
    # The seed deals every hand: a seat's page does not name it.
    heading = title or (f"gouji {game.variant.name}, seed {game.seed}" if seat is None
                        else f"gouji {game.variant.name} — seat {seat}'s view")
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # Inside <script>, "</script" closes the element early and "<!--" opens an escape state; a
    # "<" appears in JSON only within a string, where "\u003c" stands for it.
    payload = payload.replace("<", "\\u003c")
    parts = {"TITLE": html.escape(heading), "STYLE": _STYLE, "SCRIPT": _SCRIPT, "DATA": payload}
    return re.sub(r"%(TITLE|STYLE|SCRIPT|DATA)%", lambda m: parts[m.group(1)], _PAGE)


def page_data(game: Game, seat: int | None = None) -> dict[str, Any]:
    """What the page shows, step by step: ``frames[0]`` is the position before the first
    decision, ``frames[k]`` the one after decision ``k``."""
    from gouji.tools.game_text import game_from_start, result_text

    replay = game_from_start(game)
    names = game.variant.vocabulary.event_names
    frames = [_frame(replay, seat, None, None)]
    for action in game.history:
        actor = replay.current_player
        seen = len(replay.observation(seat).history) if seat is not None else 0
        replay.apply(action)
        if seat is None or actor == seat:
            text = action.to_text()
        else:
            # Another seat's decision, only as the events this seat saw show it (a card handed
            # back face down, the order of a 挑牌: nothing but that a choice was made).
            text = _as_seen(replay.observation(seat).history[seen:], actor, names)
        frame = _frame(replay, seat, text, actor)
        frame["table_cards"] = _table_cards(frames[-1], frame, actor)
        frames.append(frame)
    if seat is None:
        events = [_event(e, True, names) for e in replay.events]
    else:
        events = [_event(e, False, names) for e in replay.observation(seat).history]
    return {
        "variant": game.variant.name,
        "seed": game.seed if seat is None else None,
        "seat": seat,
        "views": ["all", *map(str, range(6))] if seat is None else [str(seat)],
        "places": [list(p) for p in PLACE_NAMES],
        "events": events,
        "frames": frames,
        "result": result_text(replay).splitlines() if replay.is_over else [],
    }


def _frame(game: Game, seat: int | None, action: str | None, actor: int | None) -> dict[str, Any]:
    if seat is not None:
        return _observed_frame(game.observation(seat), action, actor)
    views = [game.observation(s) for s in range(6)]
    return {
        "action": action, "actor": actor,
        "current": game.current_player,
        "table": _play(game.table), "owner": game.table_owner,
        "passed": sorted(game.passed),
        "finish": list(game.finish_order),
        "events": len(game.events),
        "hands": {str(s): [c.record_text() for c in game.hand(s)] for s in range(6)},
        # What each seat sees of the others' hand sizes (ROUND-6): null where hidden.
        "sizes": {"all": [game.sizes[s] if game.playing[s] else 0 for s in range(6)],
                  **{str(s): list(views[s].hand_sizes) for s in range(6)}},
        "seen": {str(s): len(views[s].history) for s in range(6)},
        # Out of play with cards still in hand (大落 without a 3, a failed burner): set aside, not 0.
        "aside": [s for s in range(6) if not game.playing[s] and game.hand(s)],
    }


def _table_cards(before: dict[str, Any], after: dict[str, Any], actor: int | None) -> list[str] | None:
    """The cards (with their suits) of the set on the table, where the page knows them.

    The engine takes a set's cards from the hand deterministically (the last suits of each
    rank, ``Round._play_set``), so the cards the actor's hand lost are the set's cards. A set
    of a hand the page does not show (another seat's, in a seat's view) keeps its ranks only.
    """
    if after["table"] is None:
        return None
    if after["table"] == before["table"] and after["owner"] == before["owner"]:
        return before.get("table_cards")
    key = str(actor)
    if actor is None or after["owner"] != actor or key not in before["hands"] or key not in after["hands"]:
        return None
    left = Counter(after["hands"][key])
    lost = []
    for code in before["hands"][key]:
        if left[code] > 0:
            left[code] -= 1
        else:
            lost.append(code)
    return lost or None


def _observed_frame(view: Observation, action: str | None, actor: int | None) -> dict[str, Any]:
    seat = str(view.seat)
    return {
        "action": action, "actor": actor,
        "current": view.current_player,
        "table": _play(view.table), "owner": view.table_owner,
        "passed": sorted(view.passed),
        "finish": list(view.finish_order),
        "events": len(view.history),
        "hands": {seat: [c.record_text() for c in view.hand]},
        "sizes": {seat: list(view.hand_sizes)},
        "seen": {seat: len(view.history)},
    }


def _as_seen(events: tuple[Event, ...], actor: int | None, names: Mapping[str, tuple[str, str]]) -> str:
    """What a seat learns of ``actor``'s decision: the words of the events it saw of it."""
    words = []
    for event in events:
        if event.seat != actor:
            continue
        if event.kind == "phase":
            words.append(phase_words(event.detail))
        else:
            en = names.get(event.kind, (event.kind, event.kind))[1]
            words.append(f"{en} {_play(event.play)}" if event.play is not None else en)
    return "; ".join(words) or "a decision this seat does not see"


def _play(play: Any) -> str | None:
    return None if play is None else play.text(ascii_only=True)


def _event(event: Event, with_visibility: bool, names: Mapping[str, tuple[str, str]]) -> dict[str, Any]:
    zh, en = names.get(event.kind, (event.kind, event.kind))
    out: dict[str, Any] = {"kind": event.kind, "seat": event.seat, "zh": zh, "en": en, "rule": event.rule,
                           "play": _play(event.play),
                           # A phase choice in words, as the log writes it (Event.text).
                           "detail": phase_words(event.detail) if event.kind == "phase" else event.detail}
    if with_visibility:
        out["visible_to"] = None if event.visible_to is None else sorted(event.visible_to)
    return out


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE%</title>
<style>%STYLE%</style>
</head>
<body>
<noscript><p>This replay is drawn by the page's own script, which is off: turn JavaScript on, or read the
same game as text with <code>gouji replay RECORD --log</code>.</p></noscript>
<h1>%TITLE%</h1>
<div id="controls">
  <button id="first" type="button" title="Home">&laquo; start</button>
  <button id="prev" type="button" title="left arrow">&#x25C0; back</button>
  <span id="step"></span>
  <button id="next" type="button" title="right arrow">forward &#x25B6;</button>
  <button id="last" type="button" title="End">end &raquo;</button>
  <label>show <select id="view"></select></label>
</div>
<div id="action"></div>
<div id="felt">
  <div id="centre"><div id="table-owner"></div><div id="table-set" class="cards"></div></div>
</div>
<div id="columns">
  <section><h2>this step 本步</h2><ol id="events"></ol></section>
  <section><h2>log 记录</h2><ol id="log"></ol></section>
</div>
<pre id="result"></pre>
<script type="application/json" id="gouji-data">%DATA%</script>
<script>%SCRIPT%</script>
</body>
</html>
"""

_STYLE = """
body { font-family: system-ui, "Noto Sans CJK SC", sans-serif; margin: 1em; background: #f4f1ea; color: #222; }
h1 { font-size: 1.2em; margin: 0 0 .5em; }
#controls { display: flex; gap: .5em; align-items: center; flex-wrap: wrap; }
#step { min-width: 9em; text-align: center; font-variant-numeric: tabular-nums; }
#action { margin: .4em 0; min-height: 1.4em; font-weight: bold; }
#felt { position: relative; height: 560px; max-width: 1100px; background: #1f6b3a; border-radius: 280px / 200px;
        margin: 1em auto; box-shadow: inset 0 0 40px #0008; }
#centre { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); text-align: center;
          color: #fff; min-width: 10em; }
.seat { position: absolute; width: 330px; transform: translate(-50%, -50%); background: #fffd; border-radius: 8px;
        padding: 4px 6px; box-shadow: 0 1px 4px #0006; }
.seat.current { outline: 3px solid #f5c542; }
.seat.out { opacity: .6; }
.seat.aside .hand .card { text-decoration: line-through; }
.seat .name { font-size: .85em; display: flex; justify-content: space-between; gap: .5em; }
.seat[data-seat="0"] { left: 50%; top: 88%; } .seat[data-seat="1"] { left: 84%; top: 68%; }
.seat[data-seat="2"] { left: 84%; top: 25%; } .seat[data-seat="3"] { left: 50%; top: 10%; }
.seat[data-seat="4"] { left: 16%; top: 25%; } .seat[data-seat="5"] { left: 16%; top: 68%; }
.cards { display: flex; flex-wrap: wrap; gap: 1px; min-height: 1.9em; }
.card { display: inline-block; min-width: 1.5em; padding: 2px 2px; border: 1px solid #888; border-radius: 3px;
        background: #fff; color: #111; font-size: .8em; text-align: center; line-height: 1.3em; }
.card.red { color: #c41e1e; }
.card.joker { background: #fff6d8; }
.played { min-height: 1.9em; border-bottom: 1px dashed #bbb; margin-bottom: 2px; }
.played .word { color: #555; font-size: .85em; }
.hidden { color: #666; font-style: italic; font-size: .85em; }
#columns { display: flex; gap: 2em; max-width: 1100px; margin: auto; }
#columns section { flex: 1; }
#columns h2 { font-size: 1em; }
#log { max-height: 16em; overflow: auto; font-size: .85em; }
#log li.now { background: #f5c54255; }
.rule { color: #555; font-size: .85em; }
"""

_SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("gouji-data").textContent);
  var frames = data.frames, step = 0, view = data.views[0];
  var felt = document.getElementById("felt");
  var JOKERS = { "BJ": "大王", "SJ": "小王" };

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function cardNode(code) {
    var name = JOKERS[code] || code;
    var node = el("span", "card", name);
    node.setAttribute("data-card", code);
    if (JOKERS[code]) node.className += " joker" + (code === "BJ" ? " red" : "");
    if (code.indexOf("\u2665") === 0 || code.indexOf("\u2666") === 0) node.className += " red";
    return node;
  }
  function cards(box, codes) {
    box.textContent = "";
    codes.forEach(function (code) { box.appendChild(cardNode(code)); });
  }
  function eventText(e) {
    var who = e.seat === null ? "" : "seat " + e.seat + " ";
    var what = e.play ? ": " + e.play.split(" ").map(function (w) { return JOKERS[w] || w; }).join(" ") : "";
    var extra = e.detail ? " \u2014 " + e.detail : "";
    return who + e.zh + " " + e.en + what + extra;
  }
  function eventNode(e) {
    var li = el("li", "event", eventText(e));
    li.setAttribute("data-kind", e.kind);
    if (e.rule) li.appendChild(el("span", "rule", " [" + e.rule + "]"));
    return li;
  }
  // The events a view shows: all of them, or (every hand shown) those the seat may see.
  function visible(e) {
    if (view === "all" || data.seat !== null || !e.visible_to) return true;
    return e.visible_to.indexOf(Number(view)) >= 0;
  }
  function eventCount(frame) {
    if (view === "all" || data.seat !== null) return frame.events;
    return frame.seen[view];
  }
  function shownEvents(frame) {
    var out = [];
    for (var i = 0; i < data.events.length && out.length < eventCount(frame); i++) {
      if (visible(data.events[i])) out.push(data.events[i]);
    }
    return out;
  }

  // What each seat did in the round so far, from the events shown: its last set, or its word.
  var SETS = { "lead": 1, "cover": 1, "burn": 1 };
  var WORDS = { "pass": 1, "auto-pass": 1, "close": 1, "auto-close": 1, "yield": 1, "no-burn": 1,
                "take-wind": 1 };
  var ROUND_ENDS = { "round-won": 1, "lead-right": 1, "lead-passed": 1 };
  function playedInRound(shown) {
    var played = {};
    shown.forEach(function (e) {
      if (ROUND_ENDS[e.kind]) played = {};
      else if (SETS[e.kind] && e.seat !== null) played[e.seat] = { cards: e.play.split(" "), kind: e.kind };
      else if (WORDS[e.kind] && e.seat !== null) played[e.seat] = { word: e.zh + " " + e.en, kind: e.kind };
    });
    return played;
  }

  var seats = [];
  for (var s = 0; s < 6; s++) {
    var box = el("div", "seat");
    box.id = "seat-" + s;
    box.setAttribute("data-seat", String(s));
    var name = el("div", "name");
    name.appendChild(el("b", "label", "seat " + s + " \u00b7 team " + (s % 2)));
    name.appendChild(el("span", "place", ""));
    name.appendChild(el("span", "count", ""));
    box.appendChild(name);
    box.appendChild(el("div", "played cards"));
    box.appendChild(el("div", "hand cards"));
    felt.appendChild(box);
    seats.push(box);
  }
  var select = document.getElementById("view");
  data.views.forEach(function (v) {
    var option = el("option", "", v === "all" ? "every hand" : "seat " + v + "'s view only");
    option.value = v;
    select.appendChild(option);
  });

  function render() {
    var frame = frames[step];
    document.getElementById("step").textContent = "step " + step + " / " + (frames.length - 1);
    document.getElementById("action").textContent = frame.action === null ? "the deal"
      : "seat " + frame.actor + ": " + frame.action;
    var sizes = frame.sizes[view];
    for (var s = 0; s < 6; s++) {
      var box = seats[s], hand = frame.hands[String(view === "all" ? s : (Number(view) === s ? s : -1))];
      box.classList.toggle("current", frame.current === s);
      var place = frame.finish.indexOf(s);
      var aside = (frame.aside || []).indexOf(s) >= 0;
      box.classList.toggle("out", place >= 0 || aside);
      box.classList.toggle("aside", aside);
      box.querySelector(".place").textContent = place >= 0 ? data.places[place][0] + " " + data.places[place][1] : "";
      var size = sizes[s];
      box.querySelector(".count").textContent = aside && hand ? "out of play (" + hand.length + " set aside)"
        : size === null ? "? cards" : size + " cards";
      var handBox = box.querySelector(".hand");
      if (hand) {
        cards(handBox, hand);
      } else {
        handBox.textContent = "";
        handBox.appendChild(el("span", "hidden", size === null ? "hidden hand" : "hidden hand, " + size + " cards"));
      }
    }
    var played = playedInRound(shownEvents(frame));
    for (var p = 0; p < 6; p++) {
      var playedBox = seats[p].querySelector(".played"), did = played[p];
      playedBox.textContent = "";
      playedBox.setAttribute("data-kind", did ? did.kind : "");
      if (did && did.cards) cards(playedBox, did.cards);
      else if (did) playedBox.appendChild(el("span", "word", did.word));
    }
    var tableSet = document.getElementById("table-set");
    cards(tableSet, frame.table_cards || (frame.table ? frame.table.split(" ") : []));
    document.getElementById("table-owner").textContent = frame.table ? "seat " + frame.owner + "'s set"
      : (frame.current === null ? "game over" : "seat " + frame.current + " leads");
    var shown = shownEvents(frame);
    var before = step > 0 ? shownEvents(frames[step - 1]).length : 0;
    var now = document.getElementById("events"), log = document.getElementById("log");
    now.textContent = ""; log.textContent = "";
    shown.slice(before).forEach(function (e) { now.appendChild(eventNode(e)); });
    shown.forEach(function (e, i) {
      var li = eventNode(e);
      if (i >= before) li.className += " now";
      log.appendChild(li);
    });
    log.scrollTop = log.scrollHeight;
    document.getElementById("result").textContent = step === frames.length - 1 ? data.result.join("\n") : "";
    document.getElementById("prev").disabled = step === 0;
    document.getElementById("first").disabled = step === 0;
    document.getElementById("next").disabled = step === frames.length - 1;
    document.getElementById("last").disabled = step === frames.length - 1;
  }
  // A step has its own address, #step-N: a link to it opens the page there.
  function hashStep() {
    var m = /^#step-(\d+)$/.exec(window.location.hash);
    return m ? Math.max(0, Math.min(frames.length - 1, Number(m[1]))) : null;
  }
  function go(to) {
    step = Math.max(0, Math.min(frames.length - 1, to));
    render();
    try { window.history.replaceState(null, "", "#step-" + step); } catch (ignored) { /* some file: pages */ }
  }
  window.addEventListener("hashchange", function () {
    var n = hashStep();
    if (n !== null && n !== step) go(n);
  });
  if (hashStep() !== null) step = hashStep();
  document.getElementById("first").onclick = function () { go(0); };
  document.getElementById("prev").onclick = function () { go(step - 1); };
  document.getElementById("next").onclick = function () { go(step + 1); };
  document.getElementById("last").onclick = function () { go(frames.length - 1); };
  select.onchange = function () { view = select.value; render(); };
  document.addEventListener("keydown", function (event) {
    if (event.target && event.target.tagName === "SELECT") return;
    if (event.key === "ArrowRight") { go(step + 1); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { go(step - 1); event.preventDefault(); }
    else if (event.key === "Home") { go(0); event.preventDefault(); }
    else if (event.key === "End") { go(frames.length - 1); event.preventDefault(); }
  });
  render();
}());
"""
