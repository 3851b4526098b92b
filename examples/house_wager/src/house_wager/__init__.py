"""A house wager for gouji: the plugin is :mod:`house_wager.rules`, the bot :mod:`house_wager.bot`."""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"


def _variant_file() -> Path:
    packaged = Path(__file__).with_name("house_wager.toml")  # inside an installed wheel
    return packaged if packaged.is_file() else Path(__file__).resolve().parents[2] / "house_wager.toml"


#: The variant file of the wager: ``gouji.load_variant(VARIANT_FILE)``.
VARIANT_FILE = _variant_file()
