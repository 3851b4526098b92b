"""``GET /api/variants``: what a new table may be — the installed variants with their options,
and the kinds of seat (the bots this process can build).

Read once per process (the installed variants do not change while it runs) and answered as
the same JSON text ever after.
"""

from __future__ import annotations

import functools
import json
import logging
from typing import Any

from gouji.bots.basic import bot_names
from gouji.errors import GoujiError
from gouji.plugins.loader import builtin_variant_names, load_variant, variant_names
from gouji.plugins.options import OptionSpec
from gouji.server.table import SEARCHING_NOT_SERVED, SEAT_KINDS, bot_problem

#: The JSON name of each option type.
TYPE_NAMES = {bool: "boolean", int: "integer", str: "string", list: "list"}

log = logging.getLogger("gouji.server")


def _json_value(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _option(spec: OptionSpec, value: Any) -> dict[str, Any]:
    return {"name": spec.name, "type": TYPE_NAMES[spec.type], "value": _json_value(value), "doc": spec.doc,
            "rule": spec.rule or None, "choices": list(spec.choices), "low": spec.low, "high": spec.high,
            "length": list(spec.length) if spec.length else None}


def variants() -> list[dict[str, Any]]:
    """Each variant a client may start (built-in and installed, by name), with its description
    and its options (each with the value a table gets unless it names another). A variant that
    cannot be loaded is left out (and logged): a table of it would be refused."""
    builtin = set(builtin_variant_names())
    found = []
    for name in variant_names():
        try:
            variant = load_variant(name)
        except GoujiError as exc:
            log.warning("variant %s cannot be loaded: %s", name, exc)
            continue
        found.append({"name": name, "description": variant.description, "builtin": name in builtin,
                      "options": [_option(spec, variant.options[spec.name]) for spec in variant.option_specs()]})
    return found


def bots() -> list[str]:
    """The bots of the registry this process can build (``learned`` needs the ``bots`` extra),
    installed ones (entry point group ``gouji.bots``) included."""
    found = []
    for name in bot_names():
        problem = bot_problem(name)
        if problem is not None:  # a missing extra, a broken bot or one that searches: not offered
            if not problem.endswith(SEARCHING_NOT_SERVED):  # not served by design: nothing to warn of
                log.warning("bot %s cannot be built: %s", name, problem)
            continue
        found.append(name)
    return found


@functools.cache
def variants_text() -> str:
    """The answer of ``GET /api/variants`` (schema ``variants``), as JSON text."""
    offered = bots()
    return json.dumps({"variants": variants(), "seats": [*SEAT_KINDS, *offered], "bots": offered},
                      ensure_ascii=False)
