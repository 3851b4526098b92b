"""A table (gouji.server.table): validation before any work, refusals that change nothing,
each action stored before the table changes, restore by replay, deterministic bots."""

from __future__ import annotations

import pytest

from gouji.engine.actions import parse_action
from gouji.server.refusals import Refusal
from gouji.server.sqlite_store import SQLiteStore
from gouji.server.store import OPEN, OVER, PLAYING, WAITING, StoreError
from gouji.server.table import Table, bot_seed
from gouji.server.tokens import token_hash


def _table(seats=None, variant="provincial", options=None):
    store = SQLiteStore()
    table, tokens = Table.create(store, variant, seats or ["human"] + ["greedy"] * 5, options)
    return store, table, tokens


def _play_bots_until_human(table: Table) -> None:
    while not table.game.is_over and table.bot_to_move():
        table.commit(table.bot_action(), table.game.current_player)


@pytest.mark.parametrize("variant", ["no-such", "variants/provincial.toml", "/etc/passwd", 3, None])
def test_only_installed_variants_by_name(variant):
    with pytest.raises(Refusal) as info:
        _table(variant=variant)
    assert info.value.code == "bad_request"


@pytest.mark.parametrize("seats", [None, [], ["human"] * 5, ["human"] * 7, ["human", "alphazero", *["greedy"] * 4],
                                   [1, 2, 3, 4, 5, 6], "human"])
def test_six_seats_of_known_kinds(seats):
    store = SQLiteStore()
    with pytest.raises(Refusal):
        Table.create(store, "provincial", seats)
    assert store.list_tables() == []  # nothing stored


@pytest.mark.parametrize("options", [{"no_such_option": 1}, {"count_visibility": "sometimes"}, [1],
                                     {"x" * 65: 1}, {"a": {"nested": 1}}, {"a": 10**12}, {"a": float("nan")}])
def test_bad_options_are_refused(options):
    store = SQLiteStore()
    with pytest.raises(Refusal):
        Table.create(store, "provincial", ["human"] * 6, options)
    assert store.list_tables() == []


def test_a_table_stores_token_hashes_and_never_the_tokens():
    store, table, tokens = _table(["human", "open", "human", "greedy", "random", "greedy"])
    assert sorted(tokens) == [0, 2]
    row = store.get_table(table.id)
    assert row.seats[0].token_hash == token_hash(tokens[0]) != tokens[0]
    assert row.seats[1].kind == OPEN and row.status == WAITING
    assert table.seat_of(tokens[2]) == 2
    for wrong in ("", "x", tokens[0] + "x", "a" * 10_000):
        with pytest.raises(Refusal) as info:
            table.seat_of(wrong)
        assert info.value.code == "forbidden"


def test_joining_an_open_seat_once_then_the_table_plays():
    store, table, _ = _table(["human", "open", *["greedy"] * 4])
    token = table.join(1)
    assert table.seat_of(token) == 1
    assert table.status == PLAYING == store.get_table(table.id).status
    for seat in (1, 0, 2, 6, -1, "1", True):
        with pytest.raises(Refusal):
            table.join(seat)


def test_refusals_change_nothing():
    store, table, _ = _table()
    _play_bots_until_human(table)
    seat = table.game.current_player
    turn = table.turn
    before = table.game.observation(seat)
    refused = [
        (None, turn, "pass", "forbidden"),             # a spectator
        (seat, turn - 1, "pass", "stale"),             # an old turn
        (seat, turn + 1, "pass", "stale"),
        ((seat + 1) % 6, turn, "pass", "out_of_turn"),  # another seat
        (seat, turn, "dance", "bad_request"),          # no action
        (seat, turn, 5, "bad_request"),
        (seat, True, "pass", "bad_request"),
        (seat, turn, "play BJ BJ BJ BJ BJ", "illegal"),  # not held
    ]
    for who, at, text, code in refused:
        with pytest.raises(Refusal) as info:
            table.act(who, at, text)
        assert info.value.code == code, (who, at, text)
        if code in ("out_of_turn", "illegal"):
            assert info.value.rule
    assert table.turn == turn and table.game.observation(seat) == before
    assert len(store.actions(table.id)) == turn


def test_an_action_the_store_refuses_leaves_the_table_as_it_was():
    store, table, _ = _table(["greedy"] * 6)
    turn = table.turn
    before = table.game.observation(0)

    def broken(*args, **kwargs):
        raise StoreError("disk full")

    store.append_action = broken  # type: ignore[method-assign]
    with pytest.raises(StoreError):
        table.commit(table.bot_action(), table.game.current_player)
    assert table.turn == turn and table.game.observation(0) == before


def test_a_restored_table_is_the_same_game_and_its_bots_choose_the_same():
    store, table, tokens = _table()
    for _ in range(3):
        _play_bots_until_human(table)
        if table.game.is_over:
            break
        table.act(0, table.turn, table.game.legal_actions()[-1].to_text())
    _play_bots_until_human(table)
    again = Table.restore(store, table.id)
    assert again.turn == table.turn
    assert again.game.record() == table.game.record()
    assert [again.game.hand(s) for s in range(6)] == [table.game.hand(s) for s in range(6)]
    assert again.seat_of(tokens[0]) == 0
    # Both play on the same way: the bots' seeds come from the secret seed, seat and turn.
    # (The original writes on to a copy of the store, the restored one to the store.)
    copy = SQLiteStore()
    copy.create_table(store.get_table(table.id))
    for row in store.actions(table.id):
        copy.append_action(table.id, row)
    table.store = copy
    for game_table in (table, again):
        while not game_table.game.is_over:
            if game_table.bot_to_move():
                game_table.commit(game_table.bot_action(), game_table.game.current_player)
            else:
                game_table.act(0, game_table.turn, game_table.game.legal_actions()[0].to_text())
    assert again.game.record() == table.game.record()
    assert store.get_table(table.id).status == OVER


def test_bot_seeds_are_derived_not_random():
    assert bot_seed(7, 1, 10) == bot_seed(7, 1, 10)
    assert len({bot_seed(7, s, t) for s in range(6) for t in range(50)}) == 300
    assert bot_seed(7, 1, 10) != bot_seed(8, 1, 10)


def test_the_record_and_its_seed_only_once_the_game_is_over():
    store, table, _ = _table(["random"] * 6)
    with pytest.raises(Refusal) as info:
        table.record()
    assert info.value.code == "conflict"
    _play_bots_until_human(table)
    assert table.game.is_over
    record = table.record()
    assert record["seed"] == store.get_table(table.id).seed
    assert record["actions"] == [a.action for a in store.actions(table.id)]


def test_a_broken_log_is_reported_not_replayed_past():
    store, table, _ = _table(["greedy"] * 6)
    table.commit(table.bot_action(), table.game.current_player)
    from gouji.server.store import ActionRow

    store.append_action(table.id, ActionRow(1, 0, "play BJ BJ BJ BJ BJ"))
    with pytest.raises(StoreError, match="turn 1"):
        Table.restore(store, table.id)
    with pytest.raises(Refusal):
        Table.restore(store, "missing")


def test_a_house_variant_restores_from_its_stored_toml():
    store, table, _ = _table(["greedy"] * 6, options={"count_visibility": "always"})
    table.commit(table.bot_action(), table.game.current_player)
    again = Table.restore(store, table.id)
    assert again.game.variant.options["count_visibility"] == "always"
    assert parse_action(store.actions(table.id)[0].action) == again.game.history[0]


def test_a_server_full_of_tables_refuses_one_more(monkeypatch):
    import asyncio

    from gouji.server import service as service_module

    monkeypatch.setattr(service_module, "MAX_TABLES_IN_PLAY", 2)

    async def scenario():
        service = service_module.TableService(SQLiteStore())
        for _ in range(2):
            service.create({"variant": "provincial", "seats": ["human"] * 6})
        with pytest.raises(Refusal) as info:
            service.create({"variant": "provincial", "seats": ["human"] * 6})
        await service.stop()
        return info.value.code, len(service.store.list_tables())

    assert asyncio.run(scenario()) == ("conflict", 2)


def test_a_run_of_bot_moves_is_committed_at_once_and_plays_as_one_at_a_time():
    """Issue 23: ``play_bots`` commits a run of bot moves in one write; the game and the log
    are those of the same moves committed one by one (the bots' seeds are the table's)."""
    store, table, _ = _table(["greedy"] * 6)
    other_store = SQLiteStore()
    other = Table(table.row, table.game.clone(), other_store, "")
    other_store.create_table(table.row)
    writes = []
    append = store.append_actions

    def counted(table_id, rows, status=None, owner=None):
        writes.append(len(rows))
        append(table_id, rows, status, owner)

    store.append_actions = counted  # type: ignore[method-assign]
    while not table.game.is_over:
        assert table.play_bots(12) >= 1
        for _ in range(writes[-1]):
            other.commit(other.bot_action(), other.game.current_player)
        assert table.turn == other.turn and table.game.events == other.game.events
    assert table.game.record() == other.game.record()
    assert all(1 <= n <= 12 for n in writes) and sum(writes) == table.turn
    assert store.actions(table.id) == other_store.actions(table.id)
    assert store.get_table(table.id).status == OVER and table.status == OVER
    restored = Table.restore(store, table.id)
    assert restored.game.record() == table.game.record()


def test_a_run_the_store_refuses_leaves_the_table_as_it_was():
    store, table, _ = _table(["greedy"] * 6)
    before = table.game.observation(0)

    def broken(*args, **kwargs):
        raise StoreError("disk full")

    store.append_actions = broken  # type: ignore[method-assign]
    with pytest.raises(StoreError):
        table.play_bots(12)
    assert table.turn == 0 and table.game.observation(0) == before and store.actions(table.id) == []


def test_a_failing_bot_ends_the_run_after_the_moves_before_it_are_committed():
    store, table, _ = _table(["greedy"] * 6)
    choose = table.bot_action
    calls = []

    def failing():
        calls.append(1)
        if len(calls) == 4:
            raise RuntimeError("a bot's bug")
        return choose()

    table.bot_action = failing  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        table.play_bots(12)
    assert table.turn == 3 and len(store.actions(table.id)) == 3


def test_a_store_without_append_actions_gets_one_move_a_write():
    class OneAtATime:
        def __init__(self):
            self.store = SQLiteStore()

        def __getattr__(self, name):
            if name == "append_actions":
                raise AttributeError(name)
            return getattr(self.store, name)

    store = OneAtATime()
    table, _ = Table.create(store, "provincial", ["human"] + ["greedy"] * 5)
    while not table.game.is_over and not table.bot_to_move():
        table.commit(table.game.legal_actions()[0], table.game.current_player)
    made = table.play_bots(12)
    assert made >= 1 and len(store.actions(table.id)) == table.turn


def _to_the_person(table: Table) -> None:
    while not table.game.is_over and table.bot_to_move():
        table.play_bots(12)


def test_a_persons_act_and_the_bots_answer_are_one_write():
    store, table, _ = _table()
    _to_the_person(table)
    writes = []
    append = store.append_actions

    def counted(table_id, rows, status=None, owner=None):
        writes.append([row.seat for row in rows])
        append(table_id, rows, status, owner)

    store.append_actions = counted  # type: ignore[method-assign]
    turn = table.turn
    table.act(0, turn, table.game.legal_actions()[0].to_text(), bots=12)
    assert writes and writes[0][0] == 0 and len(writes) == 1
    assert all(seat != 0 for seat in writes[0][1:])
    assert table.turn == turn + len(writes[0]) and len(store.actions(table.id)) == table.turn
    assert table.game.is_over or not table.bot_to_move() or len(writes[0]) == 13


@pytest.mark.parametrize("text", ["play BJ BJ BJ BJ BJ BJ BJ", "nonsense"])
def test_a_refused_act_with_bots_changes_nothing(text):
    store, table, _ = _table()
    _to_the_person(table)
    turn = table.turn
    before = table.game.observation(0)
    with pytest.raises(Refusal):
        table.act(0, turn, text, bots=12)
    assert table.turn == turn and table.game.observation(0) == before
    assert len(store.actions(table.id)) == turn


def test_an_act_with_bots_the_store_refuses_leaves_the_table_as_it_was():
    store, table, _ = _table()
    _to_the_person(table)
    turn = table.turn
    before = table.game.observation(0)

    def broken(*args, **kwargs):
        raise StoreError("disk full")

    store.append_actions = broken  # type: ignore[method-assign]
    with pytest.raises(StoreError):
        table.act(0, turn, table.game.legal_actions()[0].to_text(), bots=12)
    assert table.turn == turn and table.game.observation(0) == before
