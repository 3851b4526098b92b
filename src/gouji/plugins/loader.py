"""Reading variant TOML files: ``load_variant("provincial")`` or ``load_variant("my.toml")``.

A variant file::

    [variant]
    name = "my-house"          # required
    description = "..."         # optional
    base = "provincial"         # optional: another variant's name, or its file (relative to this one)
    plugins = ["qingdao"]       # entry-point names in the group "gouji"
    plugin_files = ["rules.py"] # explicit paths, relative to this file

    [options]
    sweep_points = 12

A file can only name plugins: it never imports a module by itself.
"""

from __future__ import annotations

import os
import tomllib
from importlib import resources
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import tomli_w

from gouji.engine.suggest import did_you_mean
from gouji.errors import OptionError, UnknownVariantError, VariantError, VariantFileError
from gouji.plugins.files import UnreadableFile, read_bounded
from gouji.plugins.hook_results import short
from gouji.plugins.manager import DISABLE_AUTOLOAD_ENV, available_plugins
from gouji.plugins.variant import Variant

#: Other packages ship variant files under this entry-point group.
VARIANT_ENTRY_POINT_GROUP = "gouji.variants"

#: Limits checked before any work is done: a shared file cannot make gouji read, parse or
#: import without bound.
MAX_VARIANT_FILE_BYTES = 256 * 1024
MAX_BASE_CHAIN = 16
MAX_PLUGINS = 32
MAX_PATH_CHARS = 1024

#: A variant's name is shown in every record, log and page: printable, one line, short.
MAX_NAME_CHARS = 100

_VARIANT_KEYS = {"name": str, "description": str, "base": str, "plugins": list, "plugin_files": list}
_TOP_KEYS = {"variant", "options"}


def variants_dir() -> Path:
    """Where the built-in variant files are: inside the installed package, or the source tree."""
    packaged = resources.files("gouji") / "variants"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "variants"


def builtin_variant_names() -> list[str]:
    return sorted(p.stem for p in variants_dir().glob("*.toml"))


def installed_variants() -> dict[str, list[tuple[str, str]]]:
    """``{variant name: [(distribution, entry point), ...]}`` that other packages install.

    A package ships a variant by an entry point in the group ``gouji.variants``
    whose object is the path of its TOML file, for example
    ``qingdao = "qingdao_house_rules:VARIANT_FILE"``.
    """
    found: dict[str, list[tuple[str, str]]] = {}
    if not os.environ.get(DISABLE_AUTOLOAD_ENV):
        for ep in entry_points(group=VARIANT_ENTRY_POINT_GROUP):
            dist = ep.dist.name if ep.dist is not None else "?"
            if (dist, ep.value) not in found.get(ep.name, []):
                found.setdefault(ep.name, []).append((dist, ep.value))
    return found


def variant_names() -> list[str]:
    """Every variant that :func:`load_variant` finds by name: built-in and installed."""
    return sorted({*builtin_variant_names(), *installed_variants()})


def _installed_variant_file(name: str) -> Path | None:
    claims = installed_variants().get(name, [])
    if name in builtin_variant_names():
        claims = [("gouji", f"built-in variants/{name}.toml"), *claims]
    if len(claims) > 1:
        who = " and ".join(f"{dist} ({where})" for dist, where in claims)
        raise VariantError(f"variant name {name!r} is claimed by {who}; uninstall one of them, "
                           "or load one by the path of its file")
    if not claims or name in builtin_variant_names():
        return None
    dist, value = claims[0]
    ep = next(e for e in entry_points(group=VARIANT_ENTRY_POINT_GROUP, name=name) if e.value == value)
    try:
        target = ep.load()
    except Exception as exc:
        raise VariantError(f"variant {name!r} from {dist} ({value}) cannot be loaded: {exc!r}") from exc
    if not isinstance(target, (str, os.PathLike)) or not Path(target).is_file():
        raise VariantError(f"variant {name!r} from {dist} ({value}): expected the path of a TOML file, "
                           f"got {target!r}")
    return Path(target)


def load_variant(name_or_path: str | os.PathLike[str]) -> Variant:
    """The variant of a built-in name (``"provincial"``) or of a TOML file path.

    Raise a :class:`gouji.errors.VariantError` subclass naming the file, the
    key and what was expected for anything wrong.
    """
    return Variant.build(**_resolve(name_or_path, ()))


def _looks_like_path(value: str | os.PathLike[str]) -> bool:
    text = os.fspath(value)
    return isinstance(value, os.PathLike) or text.endswith(".toml") or os.sep in text or "/" in text


def _resolve(name_or_path: str | os.PathLike[str], seen: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise VariantError(f"a variant is named by a string or a path, not {short(name_or_path)}")
    text = os.fspath(name_or_path)
    if not isinstance(text, str) or len(text) > MAX_PATH_CHARS or not text.isprintable():
        raise VariantError(f"a variant's name or path is at most {MAX_PATH_CHARS} printable characters, "
                           f"not {short(text)}")
    try:
        return _resolve_path(name_or_path, seen)
    except OSError as exc:
        # A name too long for the file system, a folder without access: the path is at fault.
        raise VariantFileError(text, None, f"cannot be read: {exc.strerror or exc}") from None


def _resolve_path(name_or_path: str | os.PathLike[str], seen: tuple[str, ...]) -> dict[str, Any]:
    if _looks_like_path(name_or_path):
        path = Path(name_or_path)
    else:
        path = _installed_variant_file(str(name_or_path)) or variants_dir() / f"{name_or_path}.toml"
        if not path.is_file():
            raise UnknownVariantError(
                f"unknown variant {short(str(name_or_path))}{did_you_mean(name_or_path, variant_names())}; "
                f"known variants are: "
                f"{', '.join(variant_names())} (or give the path of a .toml file)"
            )
    if len(seen) >= MAX_BASE_CHAIN:
        raise VariantFileError(seen[-1], "variant.base",
                               f"a chain of base variants is at most {MAX_BASE_CHAIN} files long")
    path = path.resolve()
    if str(path) in seen:
        chain = " -> ".join([*seen, str(path)])
        raise VariantFileError(path, "variant.base", f"variants may not name each other in a cycle: {chain}")
    data = _read(path)
    table = data["variant"]
    builtin = variants_dir() / f"{table['name']}.toml"
    if builtin.is_file() and builtin.resolve() != path:
        # A record names its variant; a house file under a built-in name would
        # replay silently under the built-in rules.
        raise VariantFileError(path, "variant.name",
                               f"{table['name']!r} is a built-in variant's name; choose another")
    own_files = [str((path.parent / f).resolve()) for f in table.get("plugin_files", [])]
    _check_plugins(path, table.get("plugins", []), own_files)
    resolved: dict[str, Any] = {
        "name": table["name"],
        "description": table.get("description", ""),
        "plugins": list(table.get("plugins", [])),
        "plugin_files": own_files,
        "options": dict(data.get("options", {})),
        "source": str(path),
    }
    if "base" in table:
        base = table["base"]
        if _looks_like_path(base):
            base = path.parent / base  # a base file is found beside this file
        try:
            parent = _resolve(base, (*seen, str(path)))
        except UnknownVariantError as exc:
            raise VariantFileError(path, "variant.base", str(exc)) from exc
        resolved["plugins"] = parent["plugins"] + [p for p in resolved["plugins"] if p not in parent["plugins"]]
        resolved["plugin_files"] = parent["plugin_files"] + own_files
        resolved["options"] = {**parent["options"], **resolved["options"]}
        resolved["description"] = resolved["description"] or parent["description"]
    return resolved


def _check_plugins(path: Path, names: list[str], files: list[str]) -> None:
    known = available_plugins()
    for name in names:
        if name not in known:
            hint = f" ({DISABLE_AUTOLOAD_ENV} is set)" if os.environ.get(DISABLE_AUTOLOAD_ENV) else ""
            raise VariantFileError(
                path, "variant.plugins",
                f"unknown plugin {name!r}{hint}{did_you_mean(name, known)}; "
                "expected an entry point of the group 'gouji': "
                f"{', '.join(sorted(known))}",
            )
    for file in files:
        if not Path(file).is_file():
            raise VariantFileError(path, "variant.plugin_files", f"no plugin file at {file}")


def _read(path: Path) -> dict[str, Any]:
    try:
        data = variant_from_text(read_bounded(path, MAX_VARIANT_FILE_BYTES), path)
    except FileNotFoundError:
        raise VariantFileError(path, None, "no such file") from None
    except UnreadableFile as exc:
        raise VariantFileError(path, None, f"a variant file is a regular file of at most "
                                           f"{MAX_VARIANT_FILE_BYTES} bytes: {exc}") from None
    except OSError as exc:
        raise VariantFileError(path, None, f"cannot be read: {exc}") from exc
    _check_tables(path, data)
    return data


def variant_from_text(text: bytes | str, where: object = "variant text") -> dict[str, Any]:
    """Parse a variant's TOML (bytes must be UTF-8); a :class:`VariantFileError` for anything
    that is not readable TOML, however it fails (deep nesting included)."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        if len(text) > MAX_VARIANT_FILE_BYTES:
            raise VariantFileError(where, None, f"a variant is at most {MAX_VARIANT_FILE_BYTES} characters")
        return tomllib.loads(text)
    except UnicodeDecodeError as exc:
        raise VariantFileError(where, None, f"is not UTF-8 text: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise VariantFileError(where, None, f"is not valid TOML: {exc}") from exc
    except RecursionError:
        raise VariantFileError(where, None, "is nested too deeply to be a variant") from None


def _check_tables(path: Path, data: dict[str, Any]) -> None:
    for key in data:
        if key not in _TOP_KEYS:
            raise VariantFileError(path, key, f"unknown table{did_you_mean(key, ('variant', 'options'))}; "
                                              "expected [variant] and [options]")
    table = data.get("variant")
    if not isinstance(table, dict):
        raise VariantFileError(path, "variant", "a [variant] table with at least name = \"...\"")
    for key, value in table.items():
        expected = _VARIANT_KEYS.get(key)
        if expected is None:
            raise VariantFileError(path, f"variant.{key}", f"unknown key{did_you_mean(key, _VARIANT_KEYS)}; "
                                                           f"expected one of {', '.join(_VARIANT_KEYS)}")
        if not isinstance(value, expected) or (expected is list and not all(isinstance(v, str) for v in value)):
            kind = "a list of strings" if expected is list else "a string"
            raise VariantFileError(path, f"variant.{key}", f"expected {kind}, got {short(value)}")
        if expected is list and len(value) > MAX_PLUGINS:
            raise VariantFileError(path, f"variant.{key}", f"at most {MAX_PLUGINS} entries, got {len(value)}")
        if any(len(v) > MAX_PATH_CHARS for v in (value if expected is list else [value])):
            raise VariantFileError(path, f"variant.{key}", f"at most {MAX_PATH_CHARS} characters a value")
    if "name" not in table:
        raise VariantFileError(path, "variant.name", "required: the variant's name")
    if not _is_plain_name(table["name"]):
        raise VariantFileError(path, "variant.name", f"a name of 1 to {MAX_NAME_CHARS} printable characters "
                                                     f"without slashes, got {short(table['name'])}")
    if not isinstance(data.get("options", {}), dict):
        raise VariantFileError(path, "options", "expected a table of option values")


def _is_plain_name(name: str) -> bool:
    return 0 < len(name) <= MAX_NAME_CHARS and name.isprintable() and name.strip() == name and "/" not in name


def variant_to_toml(variant: Variant) -> str:
    """The resolved variant as a TOML document (``gouji show``)."""
    table: dict[str, Any] = {"name": variant.name}
    if variant.description:
        table["description"] = variant.description
    table["plugins"] = list(variant.plugins)
    if variant.plugin_files:
        table["plugin_files"] = list(variant.plugin_files)
    return tomli_w.dumps({"variant": table, "options": variant.options.to_plain()})


__all__ = [
    "OptionError",
    "builtin_variant_names",
    "installed_variants",
    "load_variant",
    "variant_names",
    "variant_to_toml",
    "variants_dir",
]
