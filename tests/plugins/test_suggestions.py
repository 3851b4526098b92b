"""A misspelled name of a hook, option, option value, variant, plugin, action or bot is
refused with the closest valid names: ``(did you mean 'gouji_score'?)``."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import gouji
from gouji.bots.basic import make_bot
from gouji.engine.suggest import did_you_mean
from gouji.errors import GoujiError, OptionError, PluginError
from gouji.tools.cli import main


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_did_you_mean_names_the_closest_or_nothing():
    assert did_you_mean("provincal", ["provincial", "district"]) == " (did you mean 'provincial'?)"
    assert did_you_mean("zzz", ["provincial", "district"]) == ""


def test_a_misspelled_hook(tmp_path):
    write(tmp_path / "typo.py", """
        from gouji import hookimpl

        @hookimpl
        def gouji_forbiden_plays(game, seat, plays):
            return None
    """)
    path = write(tmp_path / "house.toml", '[variant]\nname = "house"\nbase = "provincial"\n'
                                          'plugin_files = ["typo.py"]\n')
    hint = r"unknown hook 'gouji_forbiden_plays'.*\(did you mean 'gouji_forbidden_plays'\?\)"
    with pytest.raises(PluginError, match=hint):
        gouji.load_variant(path)


def test_a_misspelled_option_in_a_file_and_in_code(tmp_path):
    path = write(tmp_path / "house.toml", '[variant]\nname = "house"\nbase = "provincial"\n'
                                          '[options]\nsweep_point = 4\n')
    with pytest.raises(OptionError, match=r"unknown option 'sweep_point' \(did you mean 'sweep_points'"):
        gouji.load_variant(path)
    provincial = gouji.load_variant("provincial")
    with pytest.raises(OptionError, match=r"did you mean 'melee_pass'\?"):
        provincial.with_options(mele_pass="rejoin")
    with pytest.raises(KeyError, match=r"did you mean 'take_wind'\?"):
        provincial.options["takewind"]


def test_a_misspelled_option_value():
    with pytest.raises(OptionError, match=r"got 'ten_or_fewr' \(did you mean 'ten_or_fewer'\?\)"):
        gouji.load_variant("provincial").with_options(count_visibility="ten_or_fewr")


def test_a_misspelled_variant_and_plugin(tmp_path, capsys):
    with pytest.raises(GoujiError, match=r"unknown variant 'dagnag' \(did you mean 'dagang'"):
        gouji.load_variant("dagnag")
    assert main(["show", "provincal"]) == 2
    assert "did you mean 'provincial'?" in capsys.readouterr().err
    path = write(tmp_path / "house.toml", '[variant]\nname = "house"\nplugins = ["distrct"]\n')
    with pytest.raises(GoujiError, match=r"unknown plugin 'distrct' \(did you mean 'district'\?\)"):
        gouji.load_variant(path)


def test_a_misspelled_action_and_bot():
    with pytest.raises(GoujiError, match=r"unknown action 'pas' .*did you mean 'pass'\?"):
        gouji.parse_action("pas")
    with pytest.raises(GoujiError, match=r"unknown bot 'gredy' \(did you mean 'greedy'\?\)"):
        make_bot("gredy")
