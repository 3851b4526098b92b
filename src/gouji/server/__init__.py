"""The game server: live tables, seats and per-seat views over HTTP and websockets.

Needs the ``server`` extra (``pip install '.[server]'`` in gouji's folder: Starlette, uvicorn,
websockets). Run it with either of::

    gouji serve --host 127.0.0.1 --port 8000 --store sqlite:///tables.sqlite3
    python -m gouji.server --port 8000

and open http://127.0.0.1:8000/ for the page (``static/index.html``). In Python::

    from gouji.server.app import create_app      # a Starlette app over a store
    app = create_app("sqlite:///:memory:", clock_seconds=None, bot_delay=0.0)

The modules, one job each:

* :mod:`~gouji.server.store` — the :class:`~gouji.server.store.Store` interface (tables,
  seats, secret seed, action log, status, lease) and :func:`~gouji.server.store.open_store`;
  :mod:`~gouji.server.sqlite_store` — the default store, on stdlib ``sqlite3``.
* :mod:`~gouji.server.table` — a table: its game, seats and log; every action committed
  before the table changes; restored by replaying its log; bots asked through
  :func:`gouji.bots.decide` with seeds derived from the secret seed.
* :mod:`~gouji.server.service` — the live tables of a process: connections, views in
  full then deltas, the bots' moves and the clock (:mod:`~gouji.server.clock`), and the
  sweep that abandons idle tables.
* :mod:`~gouji.server.protocol` — client messages read with bounds;
  :mod:`~gouji.server.refusals` — the error codes; :mod:`~gouji.server.views` — what
  each seat and a spectator are sent; :mod:`~gouji.server.tokens` — seat tokens.
* :mod:`~gouji.server.catalog` — ``GET /api/variants``: the variants and bots a new table may have.
* :mod:`~gouji.server.hosts` — the Host and Origin check of every request (DNS rebinding,
  cross-site websockets).
* :mod:`~gouji.server.app` — the routes (:data:`~gouji.server.app.ROUTES`: each address and its
  handler) and the one answer of a refusal; :mod:`~gouji.server.serve` — uvicorn.

The protocol and the JSON Schema of every message: ``docs/protocol.rst`` and
``gouji/server/schemas/``.
"""
