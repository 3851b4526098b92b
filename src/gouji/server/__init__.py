"""The game server: tables, seats and per-seat views over HTTP and websockets (the ``server`` extra).
"""
