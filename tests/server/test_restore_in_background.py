"""A restarted server answers at once: the tables in play it finds are restored in the
background, newest first, between requests, and a table asked for before its turn is restored
then (a restart with 2,000 tables in play took about 17 s before the server answered anyone)."""

from __future__ import annotations

import asyncio

from server_helpers import require_server

require_server()

from gouji.server.service import TableService  # noqa: E402
from gouji.server.sqlite_store import SQLiteStore  # noqa: E402

TABLES = 12


def test_tables_in_play_are_restored_in_the_background_and_on_demand(tmp_path):
    path = str(tmp_path / "tables.sqlite3")

    async def scenario():
        first = TableService(SQLiteStore(path))
        await first.start()
        made = [first.create({"variant": "provincial", "seats": ["human"] * 6})["id"] for _ in range(TABLES)]
        for table_id in made:
            live = first.tables[table_id]
            live.table.commit(live.table.game.legal_actions()[0], live.table.game.current_player)
        records = {table_id: first.tables[table_id].table.game.record() for table_id in made}
        await first.stop()
        first.store.close()

        again = TableService(SQLiteStore(path))
        await again.start()
        held_at_start = len(again.tables)  # start returned: nothing restored yet
        oldest = made[0]  # restored last in the background: asked for first
        asked = again.get(oldest)
        on_demand = asked.table.turn == 1 and asked.table.game.record() == records[oldest]
        await again.restored()
        restored = {table_id: again.tables[table_id].table.game.record() for table_id in made}
        await again.stop()
        again.store.close()
        return held_at_start, on_demand, restored, records

    held_at_start, on_demand, restored, records = asyncio.run(scenario())
    assert held_at_start == 0
    assert on_demand
    assert restored == records
