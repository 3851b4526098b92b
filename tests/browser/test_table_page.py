"""The table page of ``gouji serve`` in real browsers: headless Chromium through Selenium, and
one game in headless Firefox over its own WebDriver BiDi socket (Debian has no geckodriver).

A real server runs as a subprocess on a free loopback port with a SQLite store of its own;
the tests play whole games by clicking (the visitor's sets built card by card, the phase
choices as buttons), two browsers share one table and see only their own hands, a reload
reconnects to the same seat, a spectator sees no hand, and the console stays free of errors.
Each game is checked at the end against its record (the actions the page clicked, the hands it
showed, the result). Without Chromium, chromedriver, Firefox, Selenium or the server extra the
tests are skipped, except where ``GOUJI_REQUIRE_BROWSER`` is set: there they fail.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import gouji

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
SRC = Path(__file__).resolve().parents[2] / "src"
#: How long one wait for the page may take (a shared, slow CI machine), in seconds.
PATIENCE = 60
#: The action keywords that are no phase choice.
PLAY_KEYWORDS = {"play", "burn", "pass", "close", "yield", "take-wind"}


def _missing() -> str | None:
    for module, extra in (("selenium", "browser"), ("starlette", "server"), ("uvicorn", "server")):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed (pip install '.[{extra}]')"
    if not any(shutil.which(b) for b in BROWSERS):
        return "no chromium browser on PATH"
    if not shutil.which("chromedriver"):
        return "no chromedriver on PATH"
    return None


@pytest.fixture(scope="module", autouse=True)
def _tools() -> None:
    missing = _missing()
    if missing:
        if os.environ.get("GOUJI_REQUIRE_BROWSER"):
            pytest.fail(f"the browser test must run in CI: {missing}")
        pytest.skip(missing)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a real ``gouji serve`` on a free loopback port."""
    yield from _serve(tmp_path_factory.mktemp("serve"), clock=900)


@pytest.fixture(scope="module")
def quick_clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ``gouji serve`` whose clock acts after 2 s: a seat that does not decide runs out of time."""
    yield from _serve(tmp_path_factory.mktemp("serve-clock"), clock=2)


def _serve(folder: Path, clock: float) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    log = (folder / "serve.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "gouji.tools.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--store", f"sqlite:///{folder / 'tables.db'}", "--bot-delay", "0", "--clock", str(clock)],
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=folder)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                urllib.request.urlopen(url, timeout=2).close()
                break
            except (urllib.error.URLError, ConnectionError):
                if process.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail("gouji serve did not start:\n" + (folder / "serve.log").read_text())
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def _new_driver() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = next(shutil.which(b) for b in BROWSERS if shutil.which(b))
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1200,1100"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.set_page_load_timeout(PATIENCE)
    return driver


@pytest.fixture
def browsers() -> Iterator[Callable[[], Any]]:
    """Browsers on demand (each with a profile of its own); each checked for console errors
    and closed at the end."""
    made: list[Any] = []

    def make() -> Any:
        made.append(_new_driver())
        return made[-1]

    try:
        yield make
        for driver in made:
            assert _console_errors(driver) == []
    finally:
        for driver in made:
            driver.quit()


def _console_errors(driver: Any) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


# --- reading and driving the page ---------------------------------------------------------
READ_TABLE = """
const turn = document.getElementById("turn-info").dataset.turn;
const result = document.querySelector("[data-testid=result]");
const buttons = Array.from(document.querySelectorAll("[data-action]"));
return {
  turn: turn === undefined || turn === "" ? null : Number(turn),
  over: !result.hidden,
  actions: buttons.map((b) => b.dataset.action),
  enabled: buttons.length > 0 && buttons.every((b) => !b.disabled),
  hand: Array.from(document.querySelectorAll("[data-testid=hand] .card"), (c) => c.dataset.card),
  error: document.getElementById("error").hidden ? "" : document.getElementById("error").textContent,
  counts: Array.from(document.querySelectorAll(".seat .count"), (c) => c.dataset.count),
};
"""


def _read(driver: Any) -> dict[str, Any]:
    shown: dict[str, Any] = driver.execute_script(READ_TABLE)
    return shown


def _wait(driver: Any, ready: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
    deadline = time.monotonic() + PATIENCE
    while True:
        shown = _read(driver)
        if ready(shown):
            return shown
        assert not shown["error"], f"the page shows an error while waiting for {what}: {shown['error']}"
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {PATIENCE}s for {what}; the page shows {shown}")
        time.sleep(0.05)


def _my_turn_or_over(shown: dict[str, Any]) -> bool:
    return bool(shown["over"] or (shown["actions"] and shown["enabled"]))


def _rank(card: str) -> str:
    return card[1:] if card[0] in "♠♥♣♦" else card


def _click_action(driver: Any, action: str) -> None:
    """Click ``action``: a set by its cards first, where the page shows it only for them."""
    from selenium.webdriver.common.by import By

    button = driver.find_element(By.CSS_SELECTOR, f'[data-action="{action}"]')
    if not button.is_displayed():
        cards = action.partition(" ")[2]
        for rank in cards.split():
            free = [c for c in driver.find_elements(By.CSS_SELECTOR, "[data-testid=hand] .card:not(.selected)")
                    if _rank(c.get_attribute("data-card")) == rank]
            assert free, f"{action}: no {rank} left in the hand to click"
            free[0].click()
        button = driver.find_element(By.CSS_SELECTOR, f'[data-action="{action}"]')
        assert button.is_displayed(), f"{action}: the set's button is not shown once its cards are selected"
        assert "exact" in button.get_attribute("class")
    button.click()


def _choose(actions: list[str], rng: random.Random) -> str:
    """A playing policy that ends games: a phase choice or a set when there is one."""
    phase = [a for a in actions if a.split()[0] not in PLAY_KEYWORDS]
    if phase:
        return rng.choice(phase)
    sets = [a for a in actions if a.split()[0] in ("play", "burn")]
    return rng.choice(sets) if sets and rng.random() < 0.85 else rng.choice(actions)


def _act_once(driver: Any, rng: random.Random, clicked: list[tuple[int, str]]) -> dict[str, Any]:
    """On the visitor's turn: check the hand and buttons, click one action, wait for its answer."""
    shown = _wait(driver, _my_turn_or_over, "the visitor's turn or the end")
    if shown["over"]:
        return shown
    assert len(shown["actions"]) == len(set(shown["actions"])), "an action offered twice"
    action = _choose(shown["actions"], rng)
    turn = shown["turn"]
    _click_action(driver, action)
    clicked.append((turn, action))
    return _wait(driver, lambda s: s["over"] or s["turn"] != turn, f"the answer to {action!r} at turn {turn}")


def _start_table(driver: Any, server: str, variant: str) -> str:
    """Start a table of ``variant`` with the page's own controls; its id."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(server)
    select = driver.find_element(By.CSS_SELECTOR, "select[data-testid=variant]")
    deadline = time.monotonic() + PATIENCE
    while variant not in [o.get_attribute("value") for o in Select(select).options]:
        assert time.monotonic() < deadline, f"the variant list lacks {variant}"
        time.sleep(0.05)
    Select(select).select_by_value(variant)
    driver.find_element(By.CSS_SELECTOR, "[data-testid=new-table]").click()
    deadline = time.monotonic() + PATIENCE
    while "table=" not in driver.current_url:
        assert time.monotonic() < deadline, "new-table did not open a table"
        time.sleep(0.05)
    table: str = driver.current_url.split("table=", 1)[1].split("&")[0]
    return table


def _replayed(server: str, table: str) -> gouji.Game:
    record = _get(f"{server}api/tables/{table}/record")
    return gouji.replay(json.dumps(record))


def _seat_actions(game: gouji.Game, seat: int) -> list[tuple[int, str]]:
    """The (turn, action) of each decision ``seat`` took in the replayed ``game``."""
    replay = game.variant.new_game(seed=game.seed)
    taken = []
    for turn, action in enumerate(game.history):
        if replay.current_player == seat:
            taken.append((turn, action.to_text()))
        replay.apply(action)
    return taken


def _hand_at(game: gouji.Game, seat: int, turn: int) -> list[str]:
    replay = game.variant.new_game(seed=game.seed)
    for action in game.history[:turn]:
        replay.apply(action)
    return [c.record_text() for c in replay.observation(seat).hand]


def _check_result(driver: Any, game: gouji.Game) -> None:
    from selenium.webdriver.common.by import By

    result = driver.find_element(By.CSS_SELECTOR, "[data-testid=result]")
    assert result.is_displayed()
    places = [li.text for li in result.find_elements(By.CSS_SELECTOR, ".places li")]
    assert len(places) == len(game.finish_order)
    for place, seat in zip(places, game.finish_order, strict=True):
        assert place.endswith((f"seat {seat}", f"seat {seat} (you)")), places
    # Each seat box shows its place, and no count: the last seat holds cards still, yet the
    # view counts 0 for a seat out of play.
    assert _seat_boxes(driver) == [{"place": PLACES[game.finish_order.index(seat)], "count": "", "out": True}
                                   for seat in range(6)]
    # The record's link, as docs/hosting.rst names it; the log's last line names the places.
    assert driver.find_element(By.ID, "record-link").text == "record (JSON)"
    end = driver.find_elements(By.CSS_SELECTOR, "#log li[data-kind=game-over]")[-1].text
    assert not re.search(r"\d( \d){5}", end), end
    assert f"1st: seat {game.finish_order[0]}" in end and f"6th: seat {game.finish_order[5]}" in end, end


#: The places as the page names them in English (gouji.engine.events.PLACE_NAMES).
PLACES = ["1st", "2nd", "3rd", "4th", "5th", "6th"]
#: Each seat box: its place (or "out of play"), its count of cards as shown, and whether greyed.
READ_SEATS = """
return [0, 1, 2, 3, 4, 5].map((s) => {
  const box = document.getElementById(`seat-${s}`);
  return {place: box.querySelector(".place").textContent, count: box.querySelector(".count").textContent,
          out: box.classList.contains("out")};
});
"""


def _seat_boxes(driver: Any) -> list[dict[str, Any]]:
    boxes: list[dict[str, Any]] = driver.execute_script(READ_SEATS)
    return boxes


def _play_to_the_end(driver: Any, server: str, table: str, rng: random.Random,
                     max_decisions: int = 400) -> tuple[list[tuple[int, str]], dict[int, list[str]]]:
    """Play the visitor's seat by clicking until the game ends: what it clicked, the hand shown
    at each of its turns."""
    clicked: list[tuple[int, str]] = []
    hands: dict[int, list[str]] = {}
    for _ in range(max_decisions):
        shown = _wait(driver, _my_turn_or_over, "the visitor's turn or the end")
        if shown["over"]:
            return clicked, hands
        hands[shown["turn"]] = shown["hand"]
        _act_once(driver, rng, clicked)
    raise AssertionError(f"no end after {max_decisions} decisions")


@pytest.mark.parametrize("variant", ["provincial", "dagang", "district", "dagang196"])
def test_a_whole_game_against_bots_by_clicking(browsers, server, variant):
    driver = browsers()
    table = _start_table(driver, server, variant)
    clicked, hands = _play_to_the_end(driver, server, table, random.Random(variant))
    game = _replayed(server, table)
    assert game.is_over
    # Every decision of seat 0 in the record is one the page clicked, at its turn.
    assert _seat_actions(game, 0) == clicked
    assert clicked, "the visitor never had a decision"
    if variant in ("dagang", "dagang196"):
        assert any(a.split()[0] not in PLAY_KEYWORDS for _, a in clicked), "no phase choice was a button"
    # The hand the page showed at each turn is seat 0's hand then.
    for turn in list(hands)[:: max(1, len(hands) // 6)]:
        assert hands[turn] == _hand_at(game, 0, turn), turn
    _check_result(driver, game)
    _check_score_note(driver, variant)
    if variant == "provincial":
        _check_replay(browsers(), server, table, game)


def _check_score_note(driver: Any, variant: str) -> None:
    """dagang196 keeps no points (SCORE-5: a game is worth the tribute it causes in its set), so
    its result's 0 to 0 says why, in either language; another variant's result has no such line."""
    from selenium.webdriver.common.by import By

    notes = driver.find_elements(By.CSS_SELECTOR, "[data-testid=result] .score-note")
    if variant != "dagang196":
        assert notes == []
        return
    assert [n.text for n in notes] == [
        "no points under this rulebook: a game's result is the tribute it causes in its set of games [SCORE-5]"]
    assert notes[0].find_element(By.CSS_SELECTOR, ".rule").get_attribute("data-rule") == "SCORE-5"
    assert "team 0 0, team 1 0" in driver.find_element(By.CSS_SELECTOR, "[data-testid=result] .team-points").text
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    note = driver.find_element(By.CSS_SELECTOR, "[data-testid=result] .score-note").text
    assert note == "本规则不计分：一局的结果是它在本组牌局中引起的进贡 [SCORE-5]", note
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()


def test_the_next_game_at_the_table_pays_the_tribute_of_the_first(browsers, server):
    """A seat asks for the next game from the result: the page goes to its table, at the same
    seat with the same token, and game 2 begins with the tribute game 1's places owe (C§ 进贡:
    the first game of a set pays none, TRIB-9; the next ones do, TRIB-1)."""
    from selenium.webdriver.common.by import By

    driver = browsers()
    table = _start_table(driver, server, "dagang196")
    _play_to_the_end(driver, server, table, random.Random("next"))
    first = _replayed(server, table)
    assert not any(e.kind == "tribute" for e in first.events), "a first game pays no tribute"
    _click(driver, "[data-testid=next-game]", "the next game's button")
    deadline = time.monotonic() + PATIENCE
    while table in driver.current_url or "table=" not in driver.current_url:
        assert time.monotonic() < deadline, f"the page did not go to the next game: {driver.current_url}"
        time.sleep(0.05)
    following = driver.current_url.split("table=", 1)[1].split("&")[0]
    summary = _get(f"{server}api/tables/{following}")
    assert (summary["game_number"], summary["follows"]) == (2, table)
    assert _get(f"{server}api/tables/{table}")["next"] == following
    _wait(driver, lambda s: bool(s["hand"] or s["actions"]) or s["over"], "seat 0's view of game 2")
    assert "game 2" in driver.find_element(By.ID, "game-title").text
    assert _tokens(driver)[following]["seat"] == 0, "the same seat, by the same token"
    _play_to_the_end(driver, server, following, random.Random("next 2"))
    second = _replayed(server, following)
    assert second.context.game_number == 2 and list(second.context.previous_finish_order) == first.finish_order
    assert any(e.kind == "tribute" for e in second.events), "game 2 pays the tribute of game 1's places"
    assert not _console_errors(driver)


def _check_replay(driver: Any, server: str, table: str, game: gouji.Game) -> None:
    """The lobby offers the finished table's replay; it steps through the public log, and the
    seats, their places, whose turn it is and the result follow the step."""
    from selenium.webdriver.common.by import By

    from gouji.engine.events import PLACE_NAMES

    driver.get(server)
    link = _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, f"tr[data-table='{table}'] a[data-testid=watch]"),
                     "the finished table in the lobby")[0]
    assert link.text == "replay"
    link.click()
    _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#log li"), "the replay's log")
    public = [e.as_public() for e in game.events if e.visible_to is None]
    step = driver.find_element(By.ID, "replay-step")
    assert step.text == f"event {len(public)} / {len(public)}"
    result = driver.find_element(By.CSS_SELECTOR, "[data-testid=result]")
    driver.find_element(By.ID, "replay-first").click()
    assert step.text == f"event 0 / {len(public)}"
    assert driver.find_elements(By.CSS_SELECTOR, "#log li") == []
    # The seats follow the step: at the start nobody has a place or is out, no count is made
    # up (the log does not tell the hands' sizes), and the result waits for the last step.
    assert _seat_boxes(driver) == [{"place": "", "count": "", "out": False}] * 6
    assert not result.is_displayed() and driver.find_element(By.ID, "replay").is_displayed()

    def to_decide(n: int) -> int | None:
        """The seat of the first decision at or after event ``n``: whose turn it is there."""
        return next((e.seat for e in public[n:] if e.kind in DECISIONS and e.seat is not None), None)

    for n in range(1, 8):
        driver.find_element(By.ID, "replay-next").click()
        items = driver.find_elements(By.CSS_SELECTOR, "#log li")
        assert [li.get_attribute("data-kind") for li in items] == [e.kind for e in public[:n]]
        leads = [e for e in public[:n] if e.kind in ("lead", "cover", "burn")]
        shown = driver.find_element(By.ID, "table-set").get_attribute("data-set")
        if leads and public[n - 1].kind not in ("round-won",):
            assert shown == leads[-1].play.text(ascii_only=True)
        current = [s for s in range(6) if "current" in driver.find_element(By.ID, f"seat-{s}").get_attribute("class")]
        assert current == [s for s in [to_decide(n)] if s is not None], (n, public[n:n + 3])
    # Step to the events around the places: each seat's place shows from its own event on
    # (END-1's "out"; a seat retired, by a failed burn say, from its event: its detail names it).
    outs = [i for i, e in enumerate(public) if e.kind == "out"]
    assert outs and public[-1].kind == "game-over"

    def step_to(n: int) -> None:
        driver.execute_script("""
const step = () => Number(document.getElementById("replay-step").textContent.match(/\\d+/)[0]);
document.getElementById("replay-last").click();
while (step() > arguments[0]) document.getElementById("replay-prev").click();
""", n)
        assert step.text == f"event {n} / {len(public)}"

    def told(n: int) -> dict[int, str]:
        """The places the first ``n`` events tell, as the page names them."""
        places = {}
        for e in public[:n]:
            if e.kind in ("out", "retired", "burn-failed", "forfeited", "moved"):
                for place, names in enumerate(PLACE_NAMES):
                    if e.detail == " ".join(names) or e.detail.endswith("; " + " ".join(names)):
                        places[e.seat] = PLACES[place]
        return places

    order = game.finish_order
    for index in outs:
        for n in (index, index + 1):
            step_to(n)
            places = told(n)
            boxes = _seat_boxes(driver)
            assert [b["place"] for b in boxes] == [places.get(seat, "") for seat in range(6)], n
            assert all(b["out"] for seat, b in enumerate(boxes) if seat in places)
            assert "0 cards" not in str(boxes) and not result.is_displayed()
        assert _seat_boxes(driver)[public[index].seat]["out"]
    # The last place is told by the game's end; the result box shows at the last step only.
    step_to(len(public) - 1)
    assert _seat_boxes(driver)[order[5]]["place"] == told(len(public) - 1).get(order[5], "")
    assert not result.is_displayed()
    driver.find_element(By.ID, "replay-last").click()
    assert step.text == f"event {len(public)} / {len(public)}"
    assert result.is_displayed()
    assert _seat_boxes(driver) == [{"place": PLACES[order.index(seat)], "count": "", "out": True} for seat in range(6)]


#: The events that are a seat's own decision (the replay marks the seat of the next one).
DECISIONS = ("lead", "cover", "burn", "pass", "close", "yield", "no-burn", "phase", "consent-burn")


def test_two_browsers_at_one_table_see_only_their_own_hands(browsers, server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    host, friend = browsers(), browsers()
    for driver in (host, friend):
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": KEEP_FRAMES})
    host.get(server)
    host.find_element(By.CSS_SELECTOR, "details#seat-setup summary").click()
    Select(host.find_element(By.CSS_SELECTOR, "select[data-seat='3']")).select_by_value("open")
    host.find_element(By.CSS_SELECTOR, "[data-testid=new-table]").click()
    # Read in one script: the lobby's refresh draws the invitations again (a seat taken drops out).
    link = _wait_for(lambda: host.execute_script(
        "const a = document.querySelector(\"#invites a[data-seat='3']\"); return a && a.href;"), "the invitation")
    # The lobby's list shows the new table at once, with its open seat.
    made = link.split("join=", 1)[1].split("&")[0]
    row = _wait_for(lambda: host.find_elements(By.CSS_SELECTOR, f"#table-list tr[data-table='{made}']"), "the new table")
    assert row[0].find_elements(By.CSS_SELECTOR, "button[data-testid=join]")
    host.find_element(By.CSS_SELECTOR, "[data-testid=sit-down]").click()
    friend.get(link)
    _wait_for(lambda: "table=" in friend.current_url and "join=" not in friend.current_url, "the friend's seat")
    table = friend.current_url.split("table=", 1)[1]
    rng = random.Random(2)
    clicked: dict[int, list[tuple[int, str]]] = {0: [], 3: []}
    shown_hands: dict[int, dict[int, list[str]]] = {0: {}, 3: {}}
    players = {0: host, 3: friend}
    for _ in range(600):
        views = {seat: _read(d) for seat, d in players.items()}
        if all(v["over"] for v in views.values()):
            break
        for seat, driver in players.items():
            view = views[seat]
            if not view["over"] and view["actions"] and view["enabled"]:
                shown_hands[seat][view["turn"]] = view["hand"]
                _act_once(driver, rng, clicked[seat])
                break
        else:
            time.sleep(0.05)
    else:
        raise AssertionError("no end of the game with two browsers")
    # Each page names the other person's seat as a person's (bots by their names), its own not.
    labels = {seat: [d.find_element(By.CSS_SELECTOR, f"#seat-{s} .label").text for s in (0, 3)]
              for seat, d in players.items()}
    assert labels[0][1].endswith("· human") and not labels[0][0].endswith("human"), labels
    assert labels[3][0].endswith("· human") and not labels[3][1].endswith("human"), labels
    game = _replayed(server, table)
    for seat, driver in players.items():
        assert _seat_actions(game, seat) == clicked[seat], seat
        for turn, hand in list(shown_hands[seat].items())[:5]:
            assert hand == _hand_at(game, seat, turn), (seat, turn)
        # What reached each page is its own seat's view, and cards show only where a seat may see them.
        frames = [json.loads(f) for f in driver.execute_script("return window.goujiFrames")]
        views = [f for f in frames if f["type"] == "view"]
        assert views and all(f["seat"] == seat and f["observation"]["seat"] == seat for f in views)
        assert driver.execute_script(STRAY_CARDS) == 0
        _check_result(driver, game)
    first = next(iter(shown_hands[0]))
    assert shown_hands[0][first] != _hand_at(game, 3, first)


#: Keeps every frame the page's websockets receive, for the test to read.
KEEP_FRAMES = """
window.goujiFrames = [];
window.goujiSockets = [];
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    window.goujiSockets.push(this);
    this.addEventListener("message", (event) => window.goujiFrames.push(event.data));
  }
};
"""
#: Cards anywhere but the visitor's hand, the table, the sets played, the log and the buttons.
STRAY_CARDS = """
return document.querySelectorAll(
  ".card:not(#hand .card):not(#table-set .card):not(.played .card):not(#log .card):not([data-action] .card)").length;
"""


def _wait_for(found: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + PATIENCE
    while True:
        value = found()
        if value:
            return value
        assert time.monotonic() < deadline, f"waited {PATIENCE}s for {what}"
        time.sleep(0.05)


def test_a_reload_reconnects_to_the_same_seat_and_a_spectator_sees_no_hand(browsers, server):
    from selenium.webdriver.common.by import By

    driver = browsers()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": KEEP_FRAMES})
    table = _start_table(driver, server, "provincial")
    rng = random.Random(5)
    clicked: list[tuple[int, str]] = []
    for _ in range(3):
        _act_once(driver, rng, clicked)
    before = _wait(driver, _my_turn_or_over, "the visitor's turn")
    driver.refresh()
    after = _wait(driver, _my_turn_or_over, "the visitor's turn after the reload")
    assert (after["turn"], after["hand"], after["actions"]) == (before["turn"], before["hand"], before["actions"])
    # The page asked for the events after those it held, and the server sent only those.
    first = json.loads(driver.execute_script("return window.goujiFrames")[0])
    assert first["type"] == "view" and first["observation"]["since"] > 0
    assert len(driver.find_elements(By.CSS_SELECTOR, "#log li")) == first["observation"]["since"] + len(
        first["observation"]["history"])
    log = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#log li")]
    assert log and all(line for line in log)
    _act_once(driver, rng, clicked)
    # A stale act (another tab's, say) is refused; the page then asks for a fresh view and plays on.
    shown = _wait(driver, _my_turn_or_over, "the visitor's turn")
    driver.execute_script("""
const socket = window.goujiSockets[window.goujiSockets.length - 1];
socket.send(JSON.stringify({type: "act", turn: 0, action: arguments[0]}));
""", shown["actions"][0])
    _wait_for(lambda: driver.execute_script("return window.goujiSockets.length") == 2, "a new connection")
    errors = [json.loads(f) for f in driver.execute_script("return window.goujiFrames") if '"error"' in f]
    assert [e["code"] for e in errors] == ["stale"]
    again = _wait(driver, _my_turn_or_over, "the visitor's turn after the refusal")
    assert (again["turn"], again["hand"]) == (shown["turn"], shown["hand"])
    _act_once(driver, rng, clicked)
    watcher = browsers()
    watcher.get(f"{server}#watch={table}")
    _wait_for(lambda: watcher.find_elements(By.CSS_SELECTOR, "#log li"), "the spectator's log")
    seen = _read(watcher)
    assert seen["hand"] == [] and seen["actions"] == []
    assert not watcher.find_element(By.CSS_SELECTOR, "[data-testid=hand]").is_displayed()


def test_sets_are_built_by_clicking_cards(browsers, server):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    driver = browsers()
    rng = random.Random(8)
    clicked: list[tuple[int, str]] = []

    def a_big_lead() -> tuple[dict[str, Any], list[str]] | None:
        """Play this table until the visitor leads from a big hand with a rank of several cards
        that is a set on its own; ``None`` if the game ends first (the bots won every lead)."""
        for _ in range(200):
            shown = _wait(driver, _my_turn_or_over, "the visitor's turn")
            if shown["over"]:
                return None
            sets = [a for a in shown["actions"] if a.startswith("play ")]
            held = [_rank(c) for c in shown["hand"]]
            if len(sets) > 24 and "pass" not in shown["actions"] and any(
                    held.count(r) > 1 and "play " + " ".join([r] * held.count(r)) in sets for r in set(held)):
                return shown, sets
            _act_once(driver, rng, clicked)
        return None

    found = None
    for _ in range(4):  # a new table while the bots take every lead
        _start_table(driver, server, "provincial")
        found = a_big_lead()
        if found:
            break
    assert found, "in four games the visitor never led from a big hand"
    shown, sets = found
    visible = driver.find_elements(By.CSS_SELECTOR, "#sets [data-action]")
    # A lead from a big hand lists no set before a card is clicked; every set is there, hidden.
    assert len(visible) == len(sets) and not any(b.is_displayed() for b in visible)
    ranks = [_rank(c) for c in shown["hand"]]

    def whole(rank: str) -> str:
        return "play " + " ".join([rank] * ranks.count(rank))

    # A rank of several cards that makes a legal set on its own (not every does: 5 Ks, say).
    rank = max(set(ranks), key=lambda r: (whole(r) in sets, ranks.count(r)))
    assert whole(rank) in sets and ranks.count(rank) > 1, "no rank of several cards to lead"
    card = next(c for c in driver.find_elements(By.CSS_SELECTOR, "[data-testid=hand] .card")
                if _rank(c.get_attribute("data-card")) == rank)
    card.click()

    def buttons() -> list[Any]:
        return driver.find_elements(By.CSS_SELECTOR, "#sets [data-action]")

    offered = [b.get_attribute("data-action") for b in buttons() if b.is_displayed()]
    assert offered and all(rank in a.split()[1:] for a in offered)
    assert set(offered) <= set(sets)
    ActionChains(driver).double_click(card).perform()
    selected = driver.find_elements(By.CSS_SELECTOR, "[data-testid=hand] .card.selected")
    assert len(selected) == ranks.count(rank)
    exact = driver.find_element(By.CSS_SELECTOR, f'[data-action="{whole(rank)}"]')
    assert exact.is_displayed() and "exact" in exact.get_attribute("class")
    driver.find_element(By.ID, "clear").click()
    assert driver.find_elements(By.CSS_SELECTOR, "[data-testid=hand] .card.selected") == []
    assert not any(b.is_displayed() for b in buttons())


def test_the_clock_counts_down_the_seat_to_decide(browsers, server):
    """With ``--clock`` (900 s here, so that it never acts in these tests) the page shows the
    seconds left of the seat to decide, from the view's ``clock``, and they go down."""
    from selenium.webdriver.common.by import By

    driver = browsers()
    _start_table(driver, server, "provincial")
    _wait(driver, _my_turn_or_over, "the visitor's turn")

    def seconds_left() -> int | None:
        text = driver.find_element(By.CSS_SELECTOR, "[data-testid=clock]").text
        found = re.search(r"(\d+):(\d\d)|(\d+)", text)
        if not found or not ("left" in text or "剩余" in text):
            return None
        return int(found[1]) * 60 + int(found[2]) if found[1] else int(found[3])

    first = _wait_for(seconds_left, "a countdown on the clock")
    assert 0 < first <= 900
    assert re.fullmatch(r"\d+:\d\d left", driver.find_element(By.CSS_SELECTOR, "[data-testid=clock]").text)
    time.sleep(2.2)
    assert (seconds_left() or 0) < first
    # In Chinese the time left reads 剩余 0:08, the word first.
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    assert re.fullmatch(r"剩余 \d+:\d\d", driver.find_element(By.CSS_SELECTOR, "[data-testid=clock]").text)


def _post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, method="POST", headers={"Content-Type": "application/json"},
                                     data=json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_a_token_in_the_address_is_kept_and_an_illegal_act_is_refused_with_its_rule(browsers, server):
    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", *["greedy"] * 5]})
    driver = browsers()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": KEEP_FRAMES})
    driver.get(f"{server}#table={made['id']}&seat=0&token={made['tokens']['0']}")
    shown = _wait(driver, _my_turn_or_over, "the visitor's turn")
    # The token moved into this browser's storage and out of the address (and its history).
    assert made["tokens"]["0"] not in driver.current_url
    assert driver.current_url.endswith(f"#table={made['id']}")
    held = driver.execute_script("return JSON.parse(localStorage.getItem('gouji:tokens'))")
    token = made["tokens"]["0"]
    assert held[made["id"]] == {"seat": 0, "token": token, "seats": {"0": token}}
    # A set the seat does not hold, sent at the right turn, is refused; the page says why.
    driver.execute_script("""
const socket = window.goujiSockets[window.goujiSockets.length - 1];
socket.send(JSON.stringify({type: "act", turn: arguments[0], action: "play BJ BJ BJ BJ BJ BJ BJ BJ"}));
""", shown["turn"])
    error = _wait_for(lambda: _read(driver)["error"], "the refusal on the page")
    refusal = next(json.loads(f) for f in driver.execute_script("return window.goujiFrames") if '"error"' in f)
    assert refusal["code"] in ("illegal", "bad_request")
    assert refusal["message"] in error
    if refusal["rule"]:
        assert error.count(f"[{refusal['rule']}]") == 1
    # Nothing changed: the same turn, the same hand, the same choices, and play goes on.
    again = _read(driver)
    assert (again["turn"], again["hand"], again["actions"]) == (shown["turn"], shown["hand"], shown["actions"])
    _act_once(driver, random.Random(1), [])
    assert not _read(driver)["error"]


def test_an_invitation_to_a_seat_taken_says_so(browsers, server):
    from selenium.webdriver.common.by import By

    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", "open", *["greedy"] * 4]})
    _post(f"{server}api/tables/{made['id']}/join", {"seat": 1})
    driver = browsers()
    driver.get(f"{server}#join={made['id']}&seat=1")
    error = _wait_for(lambda: _read(driver)["error"], "the refusal on the lobby")
    # Said plainly, with what to do instead: watch the table.
    assert error == "seat 1 has been taken; watch the table instead", error
    watch = driver.find_element(By.CSS_SELECTOR, "#error a[data-testid=watch]")
    assert watch.get_attribute("href").endswith(f"#watch={made['id']}")
    assert "tokens" not in driver.execute_script("return JSON.stringify(localStorage)")
    watch.click()
    _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#log li"), "the table watched")
    # The browser logs the refused request itself (its only console error, taken off here).
    assert [m for m in _console_errors(driver) if "409" not in m] == []


def _tokens(driver: Any) -> dict[str, Any]:
    held: dict[str, Any] = driver.execute_script("return JSON.parse(localStorage.getItem('gouji:tokens') || '{}')")
    return held


def _mine(driver: Any) -> list[int]:
    """The seat boxes the page marks as the visitor's (read in one go: the page makes them anew
    when it opens a table)."""
    seats: list[int] = driver.execute_script(
        "return Array.from(document.querySelectorAll('.seat.mine'), (b) => Number(b.dataset.seat));")
    return seats


def _click(driver: Any, css: str, what: str) -> None:
    """Click the element ``css`` once it is there (again, if the page made it anew meanwhile)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            found = driver.find_elements(By.CSS_SELECTOR, css)
            if found:
                found[0].click()
                return
        except StaleElementReferenceException:
            pass
        assert time.monotonic() < deadline, f"waited {PATIENCE}s for {what}"
        time.sleep(0.05)


def test_the_host_opening_his_own_invitation_keeps_his_seat(browsers, server):
    """Found by a newcomer: the host who opened his own invitation link joined the friend's seat
    and lost the token of his own. Now the page keeps every seat a browser holds, and a link to
    a table where it sits already takes nothing unless asked to."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    host = browsers()
    host.get(server)
    host.find_element(By.CSS_SELECTOR, "details#seat-setup summary").click()
    Select(host.find_element(By.CSS_SELECTOR, "select[data-seat='3']")).select_by_value("open")
    host.find_element(By.CSS_SELECTOR, "[data-testid=new-table]").click()
    # Read in one script: the lobby's refresh draws the invitations again (a seat taken drops out).
    link = _wait_for(lambda: host.execute_script(
        "const a = document.querySelector(\"#invites a[data-seat='3']\"); return a && a.href;"), "the invitation")
    table = link.split("join=", 1)[1].split("&")[0]
    before = _tokens(host)
    assert list(before[table]["seats"]) == ["0"]
    host.get(link)
    notice = _wait_for(lambda: [n for n in host.find_elements(By.CSS_SELECTOR, "[data-testid=notice]")
                                if n.is_displayed()], "the notice")[0]
    assert "You already sit at seat 0 at this table; this link is for a friend to take seat 3." in notice.text
    # Nothing was taken: the seat is open still, the host's token kept, no error shown.
    assert _get(f"{server}api/tables/{table}")["seats"][3]["kind"] == "open"
    assert _tokens(host) == before and not _read(host)["error"]
    # The lobby's button for the seat asks the same.
    host.execute_script("document.getElementById('notice').hidden = true;")
    _click(host, f"tr[data-table='{table}'] button[data-testid=join]", "the lobby's button")
    assert notice.is_displayed() and "this link is for a friend" in notice.text
    assert _tokens(host) == before
    _click(host, "[data-testid=back-to-seat]", "the button back")
    _wait(host, lambda s: bool(s["hand"]), "the host's hand")
    assert host.current_url.endswith(f"#table={table}") and _mine(host) == [0]
    # Taking the seat all the same is a choice: then the browser holds both seats.
    host.get(link)
    _click(host, "[data-testid=take-seat]", "the button to take the seat")
    _wait_for(lambda: _mine(host) == [3], "seat 3")
    held = _tokens(host)[table]
    assert held["seat"] == 3 and sorted(held["seats"]) == ["0", "3"] and held["seats"]["0"] == before[table]["token"]
    seats = host.execute_script("return Array.from(document.querySelectorAll('#my-seats a'), (a) => a.dataset.seat)")
    assert seats == ["0", "3"]
    _click(host, "#my-seats a[data-seat='0']", "the link to seat 0")
    _wait_for(lambda: _mine(host) == [0], "back at seat 0")
    _wait(host, lambda s: bool(s["hand"]), "seat 0's hand")
    # A link to a seat the browser holds (a friend opening his link again) leads to that seat.
    host.get(link)
    _wait_for(lambda: _mine(host) == [3] and "join=" not in host.current_url, "seat 3 again")
    assert not host.find_element(By.CSS_SELECTOR, "[data-testid=notice]").is_displayed()


def test_the_invitations_follow_the_language(browsers, server):
    """The links for friends to take the open seats of a table just started are said again in
    the other language, as every other label, and lead where they did."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    host = browsers()
    host.get(server)
    host.find_element(By.CSS_SELECTOR, "details#seat-setup summary").click()
    for seat in ("2", "4"):
        Select(host.find_element(By.CSS_SELECTOR, f"select[data-seat='{seat}']")).select_by_value("open")
    host.find_element(By.CSS_SELECTOR, "[data-testid=new-table]").click()
    _wait_for(lambda: host.find_elements(By.CSS_SELECTOR, "#invites a[data-seat='4']"), "the invitations")

    def invites() -> dict[str, Any]:
        shown: dict[str, Any] = host.execute_script("""
const box = document.getElementById("invites");
return {rows: Array.from(box.querySelectorAll(".invite"), (r) => r.firstChild.textContent),
        links: Array.from(box.querySelectorAll("a"), (a) => [a.dataset.seat, a.href, a.textContent]),
        button: box.querySelector("[data-testid=sit-down]").textContent};
""")
        return shown

    english = invites()
    assert english["rows"] == ["invite for seat 2: ", "invite for seat 4: "]
    assert english["button"] == "sit down at seat 0"
    assert [link[0] for link in english["links"]] == ["2", "4"]
    assert all(href == text and "#join=" in href for _, href, text in english["links"])
    host.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    chinese = invites()
    assert chinese == {"rows": ["2号座位的邀请： ", "4号座位的邀请： "], "button": "入座 0 号", "links": english["links"]}
    host.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    assert invites() == english
    # A friend takes seat 2: once the lobby is read again, only seat 4 is offered.
    table = english["links"][0][1].split("join=")[1].split("&")[0]
    _post(f"{server}api/tables/{table}/join", {"seat": 2})
    host.find_element(By.ID, "refresh").click()
    _wait_for(lambda: len(invites()["rows"]) == 1, "the taken seat's invitation gone")
    assert invites()["rows"] == ["invite for seat 4: "] and invites()["links"] == english["links"][1:]
    _click(host, "[data-testid=sit-down]", "the button to sit down")
    _wait(host, lambda s: bool(s["hand"]), "the host's hand")
    assert _mine(host) == [0]


#: Rewrites each view the page receives with ``window.goujiRewrite(message)`` (if set) before
#: the page reads it.
REWRITE_VIEWS = """
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  addEventListener(type, listener, ...rest) {
    if (type !== "message") return super.addEventListener(type, listener, ...rest);
    return super.addEventListener(type, (event) => {
      let data = event.data;
      const message = JSON.parse(data);
      if (message.type === "view" && window.goujiRewrite) data = JSON.stringify(window.goujiRewrite(message));
      listener.call(this, {data});
    }, ...rest);
  }
};
window.goujiRewrite = (message) => {
  const obs = message.observation;
  // Seat 2 went out first (0 cards); seat 4 is out of play, its cards in its hand (the view
  // counts them 0 all the same).
  obs.finish_order = [2];
  obs.in_play = [0, 1, 3, 5];
  obs.hand_sizes[2] = 0;
  obs.hand_sizes[4] = 0;
  return message;
};
"""


def test_a_seat_out_of_play_shows_no_count(browsers, server):
    """A seat with a place shows its place, one out of play says so, and neither a count of 0
    (the views count 0 for a seat out of play, though it may hold cards)."""
    driver = browsers()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": REWRITE_VIEWS})
    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", *["greedy"] * 5]})
    driver.get(f"{server}#table={made['id']}&seat=0&token={made['tokens']['0']}")
    _wait(driver, _my_turn_or_over, "the visitor's turn")
    boxes = _seat_boxes(driver)
    assert boxes[2] == {"place": "1st", "count": "", "out": True}
    assert boxes[4] == {"place": "out of play", "count": "", "out": True}
    for seat in (0, 1, 3, 5):
        assert boxes[seat]["place"] == "" and not boxes[seat]["out"]
        assert boxes[seat]["count"] and boxes[seat]["count"] != "0 cards", boxes


def test_the_seats_do_not_overlap_on_small_screens(browsers, server):
    """At 800×600 and 1024×768 the six seat boxes lie apart, on the felt; and the felt leaves
    room on screen for the hand and the actions (a second newcomer's review: at 800×600 they
    were below the fold, out of sight with the set to beat)."""
    driver = browsers()
    driver.set_window_size(800, 600)
    _start_table(driver, server, "provincial")
    _wait(driver, _my_turn_or_over, "the visitor's turn")
    for width, height in ((800, 600), (1024, 768)):
        driver.set_window_size(width, height)
        rects = driver.execute_script("""
window.scrollTo(0, 0);
const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return {felt: box(document.getElementById("felt")), centre: box(document.getElementById("centre")),
        actions: box(document.getElementById("actions")), shown: window.innerHeight,
        seats: Array.from(document.querySelectorAll("#felt .seat"), box)};
""")
        felt, seats = rects["felt"], rects["seats"]
        # The felt takes at most three fifths of the window, so that the hand and the actions
        # follow it on screen (how tall the hand is follows the deal: not checked here).
        assert rects["centre"][1] >= 0 and rects["felt"][3] <= 0.6 * rects["shown"], (width, rects)
        assert len(seats) == 6
        for i, a in enumerate(seats):
            assert felt[0] <= a[0] and a[2] <= felt[2] and felt[1] <= a[1] and a[3] <= felt[3], (width, i, a, felt)
            for j, b in enumerate(seats[:i]):
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (width, i, j, a, b)


def test_the_centre_names_the_phase_and_who_decides(browsers, server):
    """dagang's first decision is a declaration before the cut: the page names it and the seat
    that decides (not 'leads')."""
    from selenium.webdriver.common.by import By

    driver = browsers()
    _start_table(driver, server, "dagang")
    shown = _wait(driver, _my_turn_or_over, "the visitor's turn")
    assert shown["actions"] and all(a.startswith("dagang-declare pre") for a in shown["actions"]), shown
    centre = driver.find_element(By.ID, "table-owner").text
    assert centre == "declaring points (before the cut): seat 0 (you) decides", centre
    assert driver.find_element(By.ID, "turn-info").text == "your turn"
    # Before the deal nobody holds a card: no seat shows a count.
    assert [b["count"] for b in _seat_boxes(driver)] == [""] * 6
    # Each button is one phrase (the action text stays in data-action), not the keyword's
    # word with its arguments after it (a double space between them on screen).
    assert _phase_buttons(driver) == {"dagang-declare pre yes": "declare before the cut: your opposite will not open",
                                      "dagang-declare pre no": "no declaration before the cut"}
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    assert driver.find_element(By.ID, "table-owner").text == "宣点（开牌前）：0号 (你)决定"
    assert _phase_buttons(driver) == {"dagang-declare pre yes": "预点：宣布对家开不了点",
                                      "dagang-declare pre no": "不预点"}


def _phase_buttons(driver: Any) -> dict[str, str]:
    """The phase decisions' buttons: {data-action: the label}, checked to be one plain phrase."""
    buttons: list[dict[str, Any]] = driver.execute_script("""
return Array.from(document.querySelectorAll("#actions [data-action]"), (b) => ({
  action: b.dataset.action, text: b.textContent, children: b.children.length}));
""")
    for button in buttons:
        assert button["children"] == 1 and button["text"] == button["text"].strip(), button
    return {b["action"]: b["text"] for b in buttons}


def test_an_open_seat_to_decide_waits_for_a_friend(browsers, server):
    """At an open seat's turn the page waits for a friend to take it, with no clock; once the
    friend has joined, it is that seat's turn."""
    from selenium.webdriver.common.by import By

    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", *["open"] * 5]})
    driver = browsers()
    driver.get(f"{server}#table={made['id']}&seat=0&token={made['tokens']['0']}")
    rng = random.Random(4)
    deadline = time.monotonic() + PATIENCE
    while not driver.find_element(By.ID, "turn-info").text.startswith("waiting for a friend"):
        assert time.monotonic() < deadline, "no open seat's turn"
        shown = _read(driver)
        if shown["actions"] and shown["enabled"]:
            _act_once(driver, rng, [])
        time.sleep(0.05)
    text = driver.find_element(By.ID, "turn-info").text
    seat = int(text.rsplit(" ", 1)[1])
    assert text == f"waiting for a friend to take seat {seat}" and seat != 0
    assert "current" in driver.find_element(By.ID, f"seat-{seat}").get_attribute("class")
    time.sleep(1.1)
    assert driver.find_element(By.CSS_SELECTOR, "[data-testid=clock]").text == ""
    _post(f"{server}api/tables/{made['id']}/join", {"seat": seat})
    _wait_for(lambda: driver.find_element(By.ID, "turn-info").text == f"seat {seat} to play", "the friend's turn")
    _wait_for(lambda: "left" in driver.find_element(By.CSS_SELECTOR, "[data-testid=clock]").text, "the friend's clock")


def test_the_lobby_in_chinese(browsers, server):
    """The lobby's list says its states, links, buttons and seat kinds in the language chosen."""
    from selenium.webdriver.common.by import By

    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", "open", "greedy", "random",
                                                                             "greedy", "greedy"]})
    driver = browsers()
    driver.get(server)
    row = f"#table-list tr[data-table='{made['id']}']"
    _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, row), "the table in the lobby")
    english = driver.find_element(By.CSS_SELECTOR, row).text
    assert "human · open · greedy · random" in english and "join seat 1" in english and "watch" in english
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    chinese = driver.find_element(By.CSS_SELECTOR, row).text
    assert "玩家 · 空座 · 贪心 · 随机" in chinese and "坐 1号" in chinese and "观战" in chinese, chinese
    table_list = driver.find_element(By.ID, "table-list").text
    for word in ("human", "open", "greedy", "random", "playing", "waiting", "turn", "watch", "replay", "join",
                 "record", "over"):
        assert word not in table_list, (word, table_list)


def test_the_lobby_names_a_tables_options(browsers, server):
    """Whoever joins knows the options a table plays with that are not its variant's as served
    (a hostile review: forced declines made at once show the table who could not cover)."""
    from selenium.webdriver.common.by import By

    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", "open", *["greedy"] * 4],
                                         "options": {"ask_forced_declines": False}})
    plain = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", "open", *["greedy"] * 4]})
    driver = browsers()
    driver.get(server)
    row = f"#table-list tr[data-table='{made['id']}']"
    _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, row), "the table in the lobby")
    shown = driver.find_element(By.CSS_SELECTOR, f"{row} [data-testid=table-options]").text
    assert shown == "options: ask_forced_declines = false", shown
    assert not driver.find_elements(By.CSS_SELECTOR, f"#table-list tr[data-table='{plain['id']}'] "
                                                     "[data-testid=table-options]")
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    shown = driver.find_element(By.CSS_SELECTOR, f"{row} [data-testid=table-options]").text
    assert shown == "选项: ask_forced_declines = false", shown
    assert _console_errors(driver) == []


def test_the_language_toggle_and_the_rule_ids_of_the_log(browsers, server):
    from selenium.webdriver.common.by import By

    driver = browsers()
    _start_table(driver, server, "provincial")
    _wait(driver, _my_turn_or_over, "the visitor's turn")
    rules = [r.get_attribute("data-rule") for r in driver.find_elements(By.CSS_SELECTOR, "#log .rule")]
    assert "OPEN-2" in rules
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    assert driver.find_element(By.CSS_SELECTOR, "[data-action=pass], [data-action^=play]")
    words = " ".join(b.text for b in driver.find_elements(By.CSS_SELECTOR, "#actions [data-action]"))
    assert driver.execute_script("return document.documentElement.lang") == "zh-Hans"
    assert "出牌" in driver.find_element(By.ID, "sets").get_attribute("textContent") or "过牌" in words
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    assert driver.execute_script("return document.documentElement.lang") == "en"


def test_the_page_names_every_event_as_the_engine_does(browsers, server):
    """The page's words are the variants' declared ones (GET /api/vocabulary), each variant's
    own first (district's no-three is not dagang196's): labels.js copies none."""
    from gouji.engine.events import PLACE_NAMES

    driver = browsers()
    driver.get(server)
    for name in gouji.builtin_variant_names():
        names = driver.execute_async_script("""
const [name, done] = arguments;
Promise.all([import(new URL("static/labels.js", document.baseURI).href),
             fetch(new URL("api/vocabulary", document.baseURI)).then((r) => r.json())]).then(([m, data]) => {
  m.setVocabulary(data);
  m.useVariant(name);
  done({events: Object.assign({}, m.EVENT_NAMES), places: m.PLACE_NAMES});
});
""", name)
        declared = gouji.load_variant(name).vocabulary.event_names
        assert {k: v for k, v in names["events"].items() if k in declared} == {
            kind: [en, zh] for kind, (zh, en) in declared.items()}
        assert names["places"] == [list(p) for p in PLACE_NAMES]


def phase_decision_samples() -> list[str]:
    """A phase decision of each form the built-in rulebooks offer a seat (the record's texts),
    read from their declarations: each whole text a decision labels (``choices``), else up to
    three values of its parameters' domains, else its keyword alone."""
    import itertools

    samples: list[str] = []
    for name in gouji.builtin_variant_names():
        for keyword, term in gouji.load_variant(name).vocabulary.decisions.items():
            if keyword in SET_KEYWORDS | PLAY_KEYWORDS | REFEREE_KEYWORDS:
                continue
            texts = list(term.choices)
            if term.action is not None and term.params:
                values = [[domain.decode(i) for i in range(min(domain.size, 3))] for _, domain in term.params]
                for combo in itertools.islice(itertools.product(*values), 4):
                    texts.append(term.action(**{n: v for (n, _), v in zip(term.params, combo, strict=True)}
                                             ).to_text())
            samples += [t for t in dict.fromkeys(texts or [keyword]) if t not in samples]
    return samples


#: The keywords of sets (a word, then the set's cards) and of a referee's actions (no seat's choice).
SET_KEYWORDS = {"play", "burn", "dagang-pick-set"}
REFEREE_KEYWORDS = {"dagang-ruling", "district-breach", "district-warning", "referee-penalty", "clock-warning",
                    "clock-expired"}
#: The samples, as the books declare them.
PHASE_DECISIONS = phase_decision_samples()


def test_every_phase_decision_has_a_plain_label(browsers, server):
    """Every decision a built-in rulebook offers besides its sets reads as one phrase in either
    language: no keyword, no bare "yes" after it, no double space, no stray punctuation, and
    each choice of a decision unlike the others."""
    from gouji.engine.actions import parse_action

    # The built-in rulebooks' keywords, read in a process of their own: in this one, other tests'
    # house plugins have registered theirs.
    builtin = subprocess.run(
        [sys.executable, "-c", "import gouji; from gouji.engine.actions import action_keywords; "
         "[gouji.load_variant(name) for name in gouji.builtin_variant_names()]; print(*action_keywords())"],
        capture_output=True, text=True, check=True, timeout=120).stdout.split()
    for text in PHASE_DECISIONS:
        assert parse_action(text).to_text() == text
    phase = set(builtin) - SET_KEYWORDS - PLAY_KEYWORDS - REFEREE_KEYWORDS
    assert {text.split()[0] for text in PHASE_DECISIONS} == phase, "a decision with no sample here"
    driver = browsers()
    driver.get(server)
    labels = driver.execute_async_script("""
const [texts, done] = arguments;
Promise.all([import(new URL("static/labels.js", document.baseURI).href),
             fetch(new URL("api/vocabulary", document.baseURI)).then((r) => r.json())]).then(([m, data]) => {
  m.setVocabulary(data);
  done(texts.map((text) => [text, m.actionLabel(text, "en"), m.actionLabel(text, "zh")]));
});
""", PHASE_DECISIONS)
    for text, english, chinese in labels:
        for label in (english, chinese):
            assert label and label == label.strip() and "  " not in label, (text, label)
            assert not re.search(r"(club|dagang|district|consent)-|\{|undefined|\(\)|^[,:;：，]|[,:;：，]$|\s[,:;：，]",
                                 label), (text, label)
        # A yes or no is within the phrase, not a word left after it.
        assert not re.search(r"\b(yes|no)$", english), (text, english)
        assert re.fullmatch(r"[a-z0-9 ,:'.\-]+(大王|小王|大落|[a-z0-9 ,:'.\-])*", english), (text, english)
        assert not re.search(r"[a-z]", chinese), (text, chinese)
    for keyword in phase:
        choices = [label for label in labels if label[0].split()[0] == keyword]
        for language in (1, 2):
            assert len({label[language] for label in choices}) == len(choices), choices


def test_the_log_names_a_phase_decision_as_its_button_did(browsers, server):
    """A phase decision's line in the log names the phase and the choice as its button read
    (in either language), not the action's text ("dagang-declare pre no"), which the line keeps
    in data-choice."""
    from selenium.webdriver.common.by import By

    driver = browsers()
    _start_table(driver, server, "dagang")
    _wait(driver, _my_turn_or_over, "the visitor's declaration")
    _click_action(driver, "dagang-declare pre no")
    _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#log li[data-kind=phase]"), "a phase decision in the log")

    def lines() -> list[dict[str, str]]:
        found: list[dict[str, str]] = driver.execute_script("""
return Array.from(document.querySelectorAll("#log li[data-kind=phase]"), (li) => ({
  text: li.textContent.replace(/\\s+/g, " "), choice: li.dataset.choice || ""}));""")
        return found

    first = lines()[0]
    assert first["choice"] == "dagang-declare pre no", first
    assert first["text"] == "seat 0 (you) phase \u2014 declaring points: \u201cno declaration before the cut\u201d [TRIB-6]", first
    assert not any("dagang-" in line["text"] for line in lines()), lines()
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    first = lines()[0]
    assert first["text"] == "0号 (你) 阶段 \u2014 宣点：\u201c不预点\u201d [TRIB-6]", first
    assert not any("dagang-" in line["text"] for line in lines()), lines()


def test_the_lobby_leads_back_to_ones_own_seat(browsers, server):
    """From the lobby a table where this browser holds a seat offers the way back to that seat
    (its watch link would make the visitor a spectator)."""
    from selenium.webdriver.common.by import By

    driver = browsers()
    table = _start_table(driver, server, "provincial")
    _wait(driver, _my_turn_or_over, "the visitor's turn")
    driver.find_element(By.CSS_SELECTOR, "header h1 a").click()
    row = f'#table-list tr[data-table="{table}"]'
    link = _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, f"{row} [data-testid=my-seat]"),
                     "the lobby's link back to the seat")[0]
    assert link.text == "your seat (seat 0)" and link.get_attribute("data-seat") == "0"
    # A table of someone else's offers none.
    other = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", *["greedy"] * 5]})
    driver.find_element(By.ID, "refresh").click()
    _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, f'#table-list tr[data-table="{other["id"]}"]'), "the list")
    assert not driver.find_elements(By.CSS_SELECTOR, f'#table-list tr[data-table="{other["id"]}"] [data-testid=my-seat]')
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    assert driver.find_element(By.CSS_SELECTOR, f"{row} [data-testid=my-seat]").text == "回到你的座位（0号）"
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    driver.find_element(By.CSS_SELECTOR, f"{row} [data-testid=my-seat]").click()
    _wait(driver, lambda s: bool(s["hand"]), "the visitor's hand, at his seat")
    assert "spectator" not in driver.find_element(By.ID, "game-title").text
    assert driver.find_element(By.CSS_SELECTOR, "#seat-0 .label").text.startswith("seat 0 (you)")


def test_a_seat_whose_clock_runs_out_is_told_so(browsers, quick_clock_server):
    """When the server's clock decides for the visitor (``--clock``: 2 s here), the page says
    so, and marks the log's line of what was done for him; his next act clears the notice."""
    from selenium.webdriver.common.by import By

    driver = browsers()
    _start_table(driver, quick_clock_server, "provincial")
    _wait(driver, _my_turn_or_over, "the visitor's turn")
    note = driver.find_element(By.CSS_SELECTOR, "[data-testid=timed-out]")
    assert not note.is_displayed()
    _wait_for(note.is_displayed, "the notice that the clock ran out")
    assert note.text.startswith("Your time ran out: the server decided for you"), note.text
    marked = driver.find_elements(By.CSS_SELECTOR, "#log li.timed-out")
    assert len(marked) == 1 and marked[0].text.startswith("seat 0 (you) ") and "(out of time)" in marked[0].text
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    assert note.text.startswith("你的时间用完了"), note.text
    assert "超时" in driver.find_element(By.CSS_SELECTOR, "#log li.timed-out").text
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    # The visitor's next act (in time, this once) takes the notice away.
    deadline = time.monotonic() + PATIENCE
    while note.is_displayed():
        assert time.monotonic() < deadline, "the notice stayed after the visitor's act"
        shown = _read(driver)
        if shown["actions"] and shown["enabled"] and not shown["over"]:
            with contextlib.suppress(Exception):
                driver.find_element(By.CSS_SELECTOR, "#actions [data-action]").click()
        time.sleep(0.02)


def test_the_replay_says_before_the_cut_only_before_it(browsers, server):
    """In the replay, a phase decision that comes after the cut (dagang196's revolution) is not
    named "before the cut", even at the step before the cut's own event."""
    from selenium.webdriver.common.by import By

    driver = browsers()
    _start_table(driver, server, "dagang196")
    _wait(driver, _my_turn_or_over, "the visitor's turn")
    kinds = [li.get_attribute("data-kind") for li in driver.find_elements(By.CSS_SELECTOR, "#log li")]
    assert kinds[:2] == ["cut", "deal"], kinds
    # The replay's first step (its buttons show once the game is over; their handler is the same).
    driver.execute_script("document.getElementById('replay-first').click()")
    centre = _wait_for(lambda: driver.find_element(By.ID, "table-owner").text, "the centre at the replay's first step")
    assert "before the cut" not in centre and centre.endswith("decides"), centre


@pytest.mark.skipif(not os.environ.get("GOUJI_SCREENSHOTS"), reason="GOUJI_SCREENSHOTS=folder makes the docs' pictures")
def test_screenshots_for_the_docs(browsers, server):
    """``GOUJI_SCREENSHOTS=docs/_static pytest tests/browser/test_table_page.py -k screenshots``."""
    from selenium.webdriver.common.by import By

    folder = Path(os.environ["GOUJI_SCREENSHOTS"])
    for variant, seats in (("dagang", ["greedy", "random"] * 3), ("district", ["human", "open", *["greedy"] * 4])):
        request = urllib.request.Request(f"{server}api/tables", method="POST", headers={"Content-Type": "application/json"},
                                         data=json.dumps({"variant": variant, "seats": seats}).encode())
        urllib.request.urlopen(request, timeout=10).close()
    driver = browsers()
    driver.set_window_size(1200, 560)
    driver.get(server)
    _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#table-list tbody tr"), "the lobby's tables")
    driver.find_element(By.CSS_SELECTOR, "details#seat-setup summary").click()
    driver.save_screenshot(str(folder / "table-lobby.png"))
    driver.set_window_size(1200, 1150)
    table = _start_table(driver, server, "provincial")
    rng = random.Random(11)
    clicked: list[tuple[int, str]] = []
    for _ in range(4):
        _act_once(driver, rng, clicked)
    shown = _wait(driver, _my_turn_or_over, "the visitor's turn")
    sets = [a for a in shown["actions"] if a.startswith("play ")]
    if sets:
        for rank in sets[-1].split()[1:2]:
            cards = [c for c in driver.find_elements(By.CSS_SELECTOR, "[data-testid=hand] .card")
                     if _rank(c.get_attribute("data-card")) == rank]
            cards[0].click()
    driver.save_screenshot(str(folder / "table-play.png"))
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    driver.save_screenshot(str(folder / "table-play-zh.png"))
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    with contextlib.suppress(AssertionError):
        _play_to_the_end(driver, server, table, rng)
    driver.save_screenshot(str(folder / "table-result.png"))


# --- Firefox, through WebDriver BiDi (Firefox speaks it itself: no geckodriver) --------------
FIREFOXES = ("firefox-esr", "firefox")


class Firefox:
    """A headless Firefox driven over its own WebDriver BiDi socket: navigate, evaluate, and
    the console's entries (``log.entryAdded``)."""

    def __init__(self, folder: Path) -> None:
        from websockets.sync.client import connect

        binary = next(shutil.which(b) for b in FIREFOXES if shutil.which(b))
        port = _free_port()
        folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [binary, "--headless", "--remote-debugging-port", str(port), "--profile", str(folder), "-no-remote",
             "--window-size", "1200,1100", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.closing = contextlib.ExitStack()
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                self.socket = self.closing.enter_context(connect(f"ws://127.0.0.1:{port}/session", max_size=None))
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.calls = 0
        self.console: list[dict[str, Any]] = []
        self.call("session.new", capabilities={})
        self.context = self.call("browsingContext.getTree")["contexts"][0]["context"]
        self.call("session.subscribe", events=["log.entryAdded"])
        # The console is read for real: an error logged here arrives, then is forgotten.
        self.script('console.error("gouji: console check");')
        self.script("return 1;")
        assert any("console check" in e for e in self.errors()), self.console
        self.console.clear()

    def call(self, method: str, **params: Any) -> Any:
        self.calls += 1
        self.socket.send(json.dumps({"id": self.calls, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=PATIENCE))
            if message.get("type") == "event":
                self.console.append(message["params"])
            elif message.get("id") == self.calls:
                assert message.get("type") == "success", message
                return message["result"]

    def get(self, url: str) -> None:
        self.call("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def script(self, body: str, *args: Any) -> Any:
        """Run ``body`` (a function body; ``args`` as ``arguments``) and return its JSON value."""
        expression = f"JSON.stringify((function () {{ {body} }}).apply(null, {json.dumps(args)}))"
        result = self.call("script.evaluate", expression=expression, target={"context": self.context},
                           awaitPromise=True)
        assert result["type"] == "success", result
        return json.loads(result["result"]["value"]) if result["result"].get("type") == "string" else None

    def errors(self) -> list[str]:
        return [entry.get("text", "") for entry in self.console if entry.get("level") == "error"]

    def quit(self) -> None:
        with contextlib.suppress(Exception):
            self.call("session.end")
        self.closing.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


#: Click an action as a visitor does: a set's cards first where the page shows it only for them.
CLICK_ACTION = """
const action = arguments[0];
let button = document.querySelector(`[data-action="${action}"]`);
if (button.hidden) {
  for (const rank of action.split(" ").slice(1)) {
    const card = Array.from(document.querySelectorAll("[data-testid=hand] .card:not(.selected)"))
      .find((c) => c.dataset.card.replace(/^[\\u2660\\u2665\\u2663\\u2666]/, "") === rank);
    card.click();
  }
  button = document.querySelector(`[data-action="${action}"]`);
  if (button.hidden) return "the set's button is not shown once its cards are selected";
}
button.click();
return "";
"""


@pytest.fixture
def firefox(tmp_path: Path) -> Iterator[Firefox]:
    if not any(shutil.which(b) for b in FIREFOXES):
        if os.environ.get("GOUJI_REQUIRE_BROWSER"):
            pytest.fail("the Firefox test must run in CI: no firefox on PATH (Debian: firefox-esr)")
        pytest.skip("no firefox on PATH")
    browser = Firefox(tmp_path / "profile")
    try:
        yield browser
        assert browser.errors() == []
    finally:
        browser.quit()


def _firefox_wait(browser: Firefox, ready: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
    deadline = time.monotonic() + PATIENCE
    while True:
        shown: dict[str, Any] = browser.script(READ_TABLE)
        if ready(shown):
            return shown
        assert not shown["error"], f"the page shows an error while waiting for {what}: {shown['error']}"
        assert time.monotonic() < deadline, f"waited {PATIENCE}s for {what}; the page shows {shown}"
        time.sleep(0.05)


def test_a_whole_game_in_firefox(firefox, server):
    browser = firefox
    browser.get(server)
    _firefox_wait(browser, lambda s: True, "the page")
    browser.script("""
const select = document.querySelector("select[data-testid=variant]");
select.value = "provincial";
document.querySelector("[data-testid=new-table]").click();
""")
    deadline = time.monotonic() + PATIENCE
    while "table=" not in (url := browser.script("return location.href;")):
        assert time.monotonic() < deadline, "new-table did not open a table"
        time.sleep(0.05)
    table = url.split("table=", 1)[1]
    rng = random.Random(3)
    clicked: list[tuple[int, str]] = []
    for _ in range(400):
        shown = _firefox_wait(browser, _my_turn_or_over, "the visitor's turn or the end")
        if shown["over"]:
            break
        action = _choose(shown["actions"], rng)
        assert browser.script(CLICK_ACTION, action) == ""
        clicked.append((shown["turn"], action))
        _firefox_wait(browser, lambda s, turn=shown["turn"]: s["over"] or s["turn"] != turn, f"the answer to {action!r}")
    else:
        raise AssertionError("no end of the game in Firefox")
    game = _replayed(server, table)
    assert _seat_actions(game, 0) == clicked
    places = browser.script("return Array.from(document.querySelectorAll('[data-testid=result] .places li'), "
                            "(li) => li.textContent);")
    assert len(places) == len(game.finish_order)


def _notice(driver: Any) -> str:
    text: str = driver.execute_script(
        "const box = document.getElementById('notice'); return box.hidden ? '' : box.textContent;")
    return text


def test_a_link_with_a_bogus_token_never_takes_a_seat_away(browsers, server):
    """A seated browser opening ``#table=T&seat=0&token=bogus`` (a link anyone could send) keeps
    its token and its hand, after a reload too; the page says the link was refused, in both languages."""
    from selenium.webdriver.common.by import By

    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", *["greedy"] * 5]})
    token = made["tokens"]["0"]
    driver = browsers()
    driver.get(f"{server}#table={made['id']}&seat=0&token={token}")
    before = _wait(driver, _my_turn_or_over, "the visitor's turn")
    assert _tokens(driver)[made["id"]]["token"] == token
    driver.get(f"{server}#table={made['id']}&seat=0&token=bogus")
    english = _wait_for(lambda: _notice(driver), "the refused link's notice")
    assert english.startswith("This link's token holds no seat at this table"), english
    assert _tokens(driver)[made["id"]] == {"seat": 0, "token": token, "seats": {"0": token}}
    assert "bogus" not in driver.current_url
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    chinese = _wait_for(lambda: _notice(driver) if _notice(driver) != english else "", "the notice in Chinese")
    assert chinese.startswith("这个链接的令牌不是这桌任何座位的"), chinese
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    driver.refresh()
    after = _wait(driver, _my_turn_or_over, "the visitor's turn after the reload")
    assert after["hand"] and after["turn"] >= before["turn"]
    assert _tokens(driver)[made["id"]]["token"] == token
    # The browser logs the refused check itself (its only console error, taken off here).
    assert [m for m in _console_errors(driver) if not ("/seat" in m and "403" in m)] == []


def test_a_good_link_is_kept_for_the_seat_the_server_names_and_two_tabs_play_on(browsers, server):
    """A link's seat number is the server's, not the address's; a second tab of the same browser
    sits at the same seat, and both see its hand."""
    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["greedy", "human", *["greedy"] * 4]})
    token = made["tokens"]["1"]
    driver = browsers()
    driver.get(f"{server}#table={made['id']}&seat=0&token={token}")  # the wrong seat in the address
    _wait_for(lambda: _tokens(driver).get(made["id"]), "the token kept")
    assert _tokens(driver)[made["id"]] == {"seat": 1, "token": token, "seats": {"1": token}}
    first = _wait(driver, lambda shown: bool(shown["hand"]), "the hand of seat 1")
    driver.switch_to.new_window("tab")
    driver.get(f"{server}#table={made['id']}")
    second = _wait(driver, lambda shown: bool(shown["hand"]), "the hand of seat 1 in a second tab")
    assert sorted(second["hand"]) == sorted(first["hand"]) or second["turn"] != first["turn"]
    assert _mine(driver) == [1]


def test_a_seat_link_shown_again_gives_the_seat_back_in_a_browser_with_cleared_storage(browsers, server):
    """The seated page shows its seat's link (to copy again); opened in another browser, which
    holds nothing, it sits at the seat and shows its hand. A spectator is shown no link."""
    from selenium.webdriver.common.by import By

    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", *["greedy"] * 5]})
    driver = browsers()
    driver.get(f"{server}#table={made['id']}&seat=0&token={made['tokens']['0']}")
    _wait(driver, _my_turn_or_over, "the visitor's turn")
    driver.find_element(By.CSS_SELECTOR, "[data-testid=seat-link] summary").click()
    field = driver.find_element(By.CSS_SELECTOR, "[data-testid=seat-link-text]")
    link = _wait_for(lambda: field.get_attribute("value"), "the seat's link")
    assert link == f"{server}#table={made['id']}&seat=0&token={made['tokens']['0']}"
    driver.find_element(By.CSS_SELECTOR, "[data-testid=copy-seat-link]").click()
    other = browsers()
    other.get(link)
    shown = _wait(other, _my_turn_or_over, "the seat's turn in the other browser")
    assert shown["hand"] and _mine(other) == [0]
    watcher = browsers()
    watcher.get(f"{server}#watch={made['id']}")
    _wait_for(lambda: watcher.find_elements(By.CSS_SELECTOR, "#log li"), "the spectator's log")
    assert not watcher.find_element(By.CSS_SELECTOR, "[data-testid=seat-link]").is_displayed()
    assert made["tokens"]["0"] not in watcher.page_source


def _creator_tokens(driver: Any) -> dict[str, str]:
    held: dict[str, str] = driver.execute_script("return JSON.parse(localStorage.getItem('gouji:creators') || '{}')")
    return held


def _elsewhere(driver: Any) -> str:
    text: str = driver.execute_script(
        "const box = document.getElementById('elsewhere'); return box.hidden ? '' : box.textContent;")
    return text


def test_the_creator_reissues_a_lost_seat_link_and_the_old_one_holds_nothing(browsers, server):
    """Issue 44, recovery: the page that started the table keeps its creator token and offers a new
    link per person's seat. The creator reissues seat 0's link: the page holding the old link is
    closed and says so (and forgets the token), the creator's own page sits on with the new token,
    and a browser that holds nothing sits at the seat, with its hand, through the new link."""
    from selenium.webdriver.common.by import By

    creator = browsers()
    table = _start_table(creator, server, "provincial")
    _wait(creator, _my_turn_or_over, "the creator's turn")
    credential = _wait_for(lambda: _creator_tokens(creator).get(table), "the creator token kept")
    old = _tokens(creator)[table]["token"]
    assert credential != old
    holder = browsers()  # someone holding the old link (the one the player lost)
    holder.get(f"{server}#table={table}&seat=0&token={old}")
    _wait(holder, _my_turn_or_over, "the seat's turn for the old link's holder")
    assert not holder.find_element(By.CSS_SELECTOR, "[data-testid=creator-links]").is_displayed()
    creator.find_element(By.CSS_SELECTOR, "[data-testid=creator-links] summary").click()
    buttons = creator.find_elements(By.CSS_SELECTOR, "[data-testid=reissue-seat]")
    assert [b.get_attribute("data-seat") for b in buttons] == ["0"]
    buttons[0].click()
    field = creator.find_element(By.CSS_SELECTOR, "[data-testid=reissued-text]")
    link = _wait_for(lambda: field.get_attribute("value"), "the seat's new link")
    new = link.split("token=", 1)[1]
    assert link.startswith(f"{server}#table={table}&seat=0&token=") and new != old
    # The creator's own page holds the new token and sits on at the seat.
    _wait_for(lambda: _tokens(creator)[table]["token"] == new, "the creator's page keeping the new token")
    assert _wait(creator, _my_turn_or_over, "the creator's turn again")["hand"]
    # The old link's page is told, in English, then in Chinese, and holds the token no more.
    told = _wait_for(lambda: _notice(holder), "the old link's notice")
    assert told.startswith("The table's creator gave this seat a new link"), told
    assert table not in _tokens(holder)
    holder.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    chinese = _wait_for(lambda: _notice(holder) if _notice(holder) != told else "", "the notice in Chinese")
    assert chinese.startswith("建桌人已为这个座位换发新链接"), chinese
    assert not _read(holder)["hand"] or not _read(holder)["enabled"]
    # The player, in a browser holding nothing, sits at the seat through the new link.
    player = browsers()
    player.get(link)
    shown = _wait(player, _my_turn_or_over, "the seat's turn through the new link")
    assert shown["hand"] and _mine(player) == [0]
    assert old not in player.page_source
    # The old link opened again is refused and takes nothing.
    holder.get(f"{server}#table={table}&seat=0&token={old}")
    _wait_for(lambda: _notice(holder), "the refused old link's notice")
    assert table not in _tokens(holder)
    assert [m for m in _console_errors(holder) if not ("/seat" in m and "403" in m)] == []


def test_a_token_reissued_while_no_page_held_it_open_is_forgotten_and_said_so(browsers, server):
    """Issue 44, a hostile review: the seat is reissued while the browser holding its old token has
    no page open with it (closed, or a phone asleep: its socket down). Opened again, the page was
    left with the server's English refusal, no table and the dead token kept for ever; it checks
    the token with the server (``POST …/seat``), forgets it once refused, watches the table and
    says why, in English and in Chinese."""
    from selenium.webdriver.common.by import By

    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", *["greedy"] * 5]})
    table = made["id"]
    driver = browsers()
    driver.get(f"{server}#table={table}&seat=0&token={made['tokens']['0']}")
    _wait(driver, _my_turn_or_over, "the seat's turn")
    driver.get("about:blank")  # no page open with the token
    _post(f"{server}api/tables/{table}/seats/0/reissue", {"creator_token": made["creator_token"]})
    driver.get(f"{server}#table={table}")
    told = _wait_for(lambda: _notice(driver), "the reissued seat's notice")
    assert told.startswith("The table's creator gave this seat a new link"), told
    assert table not in _tokens(driver)
    # Watched: the spectator's view replaces the seat's (on a loaded machine the seat's last
    # view, hand and all, is still drawn a moment after the notice: wait for the new one).
    shown = _wait(driver, lambda shown: shown["turn"] is not None and not shown["hand"], "the table, watched")
    assert not shown["error"]
    driver.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    chinese = _wait_for(lambda: _notice(driver) if _notice(driver) != told else "", "the notice in Chinese")
    assert chinese.startswith("建桌人已为这个座位换发新链接"), chinese
    assert [m for m in _console_errors(driver) if not ("/seat" in m and "403" in m)] == []


def test_a_page_whose_socket_was_down_when_its_seat_was_reissued_says_so(browsers, server):
    """The same, for a page left open whose socket was down at the reissue (a phone asleep, the
    network gone a moment): it reconnects, is refused before any view, and was left with the
    server's English refusal and the dead token; it forgets the token and says why."""
    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", *["greedy"] * 5]})
    table = made["id"]
    driver = browsers()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
      window.gojiSockets = [];
      const Real = window.WebSocket;
      window.WebSocket = function (...args) { const ws = new Real(...args); window.gojiSockets.push(ws); return ws; };
      window.WebSocket.prototype = Real.prototype;
      Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });"""})
    driver.get(f"{server}#table={table}&seat=0&token={made['tokens']['0']}")
    _wait(driver, _my_turn_or_over, "the seat's turn")
    driver.execute_script("for (const ws of window.gojiSockets) ws.close();")  # the page reconnects in 0.3 s
    _post(f"{server}api/tables/{table}/seats/0/reissue", {"creator_token": made["creator_token"]})
    told = _wait_for(lambda: _notice(driver), "the reissued seat's notice")
    assert told.startswith("The table's creator gave this seat a new link"), told
    assert table not in _tokens(driver)
    # Watched: the spectator's view replaces the seat's (on a loaded machine the seat's last
    # view, hand and all, is still drawn a moment after the notice: wait for the new one).
    shown = _wait(driver, lambda shown: shown["turn"] is not None and not shown["hand"], "the table, watched")
    assert not shown["error"]
    assert [m for m in _console_errors(driver) if not ("/seat" in m and "403" in m)] == []


def test_a_seat_open_in_two_browsers_says_so_in_both(browsers, server):
    """Issue 44, "seat open elsewhere": a second browser at the same seat (its link copied, or a
    second tab) makes both pages say the seat is open elsewhere, in English and in Chinese; once
    the second is gone the first says nothing more."""
    from selenium.webdriver.common.by import By

    made = _post(f"{server}api/tables", {"variant": "provincial", "seats": ["human", *["greedy"] * 5]})
    link = f"{server}#table={made['id']}&seat=0&token={made['tokens']['0']}"
    first = browsers()
    first.get(link)
    _wait(first, _my_turn_or_over, "the seat's turn")
    assert _elsewhere(first) == ""
    second = browsers()
    second.get(link)
    _wait(second, _my_turn_or_over, "the seat's turn in the second browser")
    for driver in (first, second):
        told = _wait_for(lambda d=driver: _elsewhere(d), "the seat-open-elsewhere notice")
        assert told.startswith("This seat is open elsewhere too (2 pages"), told
    second.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    chinese = _wait_for(lambda: _elsewhere(second) if not _elsewhere(second).startswith("This") else "",
                        "the notice in Chinese")
    assert chinese.startswith("这个座位在别处也打开着（共 2 个页面"), chinese
    second.find_element(By.CSS_SELECTOR, "[data-testid=lang]").click()
    second.get(f"{server}#watch={made['id']}")  # the second page leaves the seat
    _wait_for(lambda: _elsewhere(first) == "", "the notice gone once the seat is open in one page")
    assert _elsewhere(second) == ""
