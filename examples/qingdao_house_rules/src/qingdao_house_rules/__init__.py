"""Qingdao house rules for gouji: the plugin is :mod:`qingdao_house_rules.rules`."""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"


def _variant_file() -> Path:
    packaged = Path(__file__).with_name("qingdao.toml")  # inside an installed wheel
    return packaged if packaged.is_file() else Path(__file__).resolve().parents[2] / "qingdao.toml"


#: The variant file of these house rules: ``gouji.load_variant(VARIANT_FILE)``.
VARIANT_FILE = _variant_file()
