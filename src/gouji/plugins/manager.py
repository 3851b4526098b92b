"""Building one plugin manager per variant (the factory), and finding plugins.

Plugins are never loaded at import time (the first action word gouji does not know imports
the installed ones, whose modules register their words: :func:`import_installed_plugins`).
A variant names its plugins by entry-point name (group ``gouji``) or by an explicit file path; nothing else
is ever imported on a TOML file's say-so.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Iterable
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

import pluggy

from gouji.engine.actions import set_plugin_importer
from gouji.engine.suggest import did_you_mean
from gouji.errors import PluginError
from gouji.plugins import hookspecs
from gouji.rules import base

ENTRY_POINT_GROUP = "gouji"
#: Set to a non-empty value to stop third-party entry points from being found.
DISABLE_AUTOLOAD_ENV = "GOUJI_DISABLE_PLUGIN_AUTOLOAD"
#: Comma-separated plugin names to refuse, in the manner of ``pytest -p no:NAME``.
BLOCK_ENV = "GOUJI_BLOCK_PLUGINS"
#: The package's own plugins, found even when gouji runs from a source tree
#: without installed metadata.
BUILTIN_PLUGINS = {
    "provincial": "gouji.rules.provincial",
    "district": "gouji.rules.district",
    "dagang196": "gouji.rules.dagang196.plugin",
    "dagang": "gouji.rules.dagang.plugin",
}


def available_plugins() -> dict[str, str]:
    """``{entry-point name: module}`` of every plugin that can be named in a variant."""
    found = dict(BUILTIN_PLUGINS)
    if not os.environ.get(DISABLE_AUTOLOAD_ENV):
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            found.setdefault(ep.name, ep.value)
    return found


def import_installed_plugins() -> None:
    """Import every plugin that can be named in a variant, built-in and installed (not those
    blocked), so that their action words are known (:func:`gouji.parse_action`). A plugin that
    fails to import is left out here: building a variant that names it reports the error."""
    blocked = blocked_plugins()
    for name, target in available_plugins().items():
        if name not in blocked:
            with contextlib.suppress(Exception, SystemExit):
                importlib.import_module(target.partition(":")[0])


set_plugin_importer(import_installed_plugins)


def blocked_plugins() -> set[str]:
    return {name.strip() for name in os.environ.get(BLOCK_ENV, "").split(",") if name.strip()}


def load_entry_point_plugin(name: str) -> ModuleType:
    """Import the module registered under ``name`` in the ``gouji`` group."""
    if name in blocked_plugins():
        raise PluginError(f"plugin {name!r} is blocked by {BLOCK_ENV}")
    claims = _claims(name)
    if not claims:
        plugins = available_plugins()
        hint = f" ({DISABLE_AUTOLOAD_ENV} is set)" if os.environ.get(DISABLE_AUTOLOAD_ENV) else ""
        raise PluginError(
            f"unknown plugin {name!r}{hint}{did_you_mean(name, plugins)}; "
            f"installed plugins are: {', '.join(sorted(plugins))}"
        )
    if len(claims) > 1:
        who = " and ".join(f"{dist} ({module})" for module, dist in claims.items())
        raise PluginError(f"plugin name {name!r} is claimed by {who}; uninstall one of them, "
                          "or load one by path with plugin_files")
    target = next(iter(claims))
    module_name = target.partition(":")[0]
    try:
        return importlib.import_module(module_name)
    except (Exception, SystemExit) as exc:
        raise PluginError(f"plugin {name!r} ({module_name}) failed to import: {exc!r}") from exc


def _claims(name: str) -> dict[str, str]:
    """``{module: distribution}`` of every plugin registered under ``name``."""
    claims = {BUILTIN_PLUGINS[name]: "gouji"} if name in BUILTIN_PLUGINS else {}
    if not os.environ.get(DISABLE_AUTOLOAD_ENV):
        for ep in entry_points(group=ENTRY_POINT_GROUP, name=name):
            claims.setdefault(ep.value, ep.dist.name if ep.dist is not None else "?")
    return claims


def load_file_plugin(path: Path) -> ModuleType:
    """Import a single-file plugin from an explicit path."""
    if not path.is_file():
        raise PluginError(f"plugin file {path} does not exist")
    # A name of the path that every process gives alike (hash() is salted per process): a game
    # pickled with the plugin's objects loads in another process that has loaded the variant.
    digest = hashlib.sha256(str(path.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    module_name = f"gouji_file_plugin_{digest}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"plugin file {path} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as exc:
        sys.modules.pop(module_name, None)
        raise PluginError(f"plugin file {path} failed to import: {exc!r}") from exc
    sys.modules[module_name] = module
    return module


def build_plugin_manager(plugins: Iterable[tuple[str, ModuleType, str]]) -> pluggy.PluginManager:
    """A fresh manager with the specs, the base defaults, then ``(name, module, origin)`` in order.

    Raise :class:`PluginError` naming the plugin, the hook and the file for
    a hook that is not in the specs or has a wrong signature.
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT_NAME)
    pm.add_hookspecs(hookspecs)
    pm.register(base, name="gouji.base")
    for name, module, origin in plugins:
        if pm.has_plugin(name):
            continue
        try:
            pm.register(module, name=name)
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"plugin {name!r} ({origin}): {exc}") from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"plugin {pm.get_name(exc.plugin)!r} ({_origin(exc.plugin)}): {exc}"
                          f"{_hook_hint(str(exc))}") from exc
    return pm


def _hook_hint(message: str) -> str:
    """``did you mean`` for a hook that no spec declares (pluggy says ``unknown hook 'name'``)."""
    found = re.search(r"unknown hook '(\w+)'", message)
    if found is None:
        return ""
    prefix = hookspecs.PROJECT_NAME + "_"
    return did_you_mean(found.group(1), (n for n in dir(hookspecs) if n.startswith(prefix)), prefix=prefix)


def _origin(module: object) -> str:
    return getattr(module, "__file__", None) or repr(module)


def plugin_distribution(name: str) -> tuple[str, str]:
    """``(distribution, version)`` of the entry-point plugin ``name``, for records; gouji's own
    plugins are gouji's, at gouji's version."""
    from importlib.metadata import PackageNotFoundError, version

    claims = _claims(name)
    dist = next(iter(claims.values()), "?")
    if dist == "gouji":
        from gouji import __version__

        return "gouji", __version__
    try:
        return dist, version(dist)
    except (PackageNotFoundError, ValueError):
        return dist, "unknown"
