"""Variant files: load_variant by name or path, bases, and every bad input a clear error."""

import tomllib

import pytest

import gouji
from gouji.plugins.loader import builtin_variant_names, load_variant, variant_to_toml


def write(tmp_path, text, name="v.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_builtin_names_include_provincial():
    assert "provincial" in builtin_variant_names()
    assert load_variant("provincial").name == "provincial"


def test_load_by_path_with_a_base_and_overrides(tmp_path):
    path = write(tmp_path, '[variant]\nname = "mine"\nbase = "provincial"\n[options]\nsweep_points = 12\n')
    variant = load_variant(path)
    assert variant.name == "mine" and variant.plugins == ("provincial",)
    assert variant.options["sweep_points"] == 12
    assert variant.options["place_points"] == (4, 2, 0, 0, -2, -4)
    assert variant.score([0, 2, 4, 1, 3, 5]).team_points == (12, -12)
    assert load_variant(str(path)) == variant


def test_base_chains_and_later_files_win(tmp_path):
    write(tmp_path, '[variant]\nname = "a"\nbase = "provincial"\n[options]\nsweep_points = 10\ntake_wind = false\n', "a.toml")
    path = write(tmp_path, '[variant]\nname = "b"\nbase = "a.toml"\n[options]\nsweep_points = 6\n', "b.toml")
    variant = load_variant(path)
    assert variant.options["sweep_points"] == 6 and variant.options["take_wind"] is False


def test_show_writes_toml_that_reads_back(tmp_path):
    text = variant_to_toml(load_variant("provincial"))
    data = tomllib.loads(text)
    assert data["variant"]["name"] == "provincial"
    path = write(tmp_path, text.replace('name = "provincial"', 'name = "my-copy"'))
    assert load_variant(path).options == load_variant("provincial").options


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ('[variant]\nname = "x"\nbase = "provincial"\n[options]\nno_such = 1\n', "no_such", "unknown option"),
        ('[variant]\nname = "x"\nbase = "provincial"\n[options]\nsweep_points = "8"\n', "sweep_points", "an integer"),
        ('[variant]\nname = "x"\nbase = "provincial"\n[options]\ntake_wind = 1\n', "take_wind", "a boolean"),
        ('[variant]\nname = "x"\nbase = "provincial"\n[options]\ndirection = "up"\n', "direction", "one of"),
        ('[variant]\nname = "x"\nbase = "provincial"\n[options]\nplace_points = [1, "2"]\n', "place_points", "list of integers"),
        ('[variant]\nname = "x"\ncolour = "red"\n', "variant.colour", "unknown key"),
        ('[variant]\nname = 3\n', "variant.name", "a string"),
        ('[variant]\nname = "x"\nplugins = "provincial"\n', "variant.plugins", "a list of strings"),
        ('[variant]\ndescription = "no name"\n', "variant.name", "required"),
        ('[rules]\nx = 1\n', "rules", "unknown table"),
        ('[variant]\nname = "x"\nplugins = ["nope"]\n', "variant.plugins", "unknown plugin 'nope'"),
        ('[variant]\nname = "x"\nplugin_files = ["missing.py"]\n', "variant.plugin_files", "no plugin file"),
        ('[variant]\nname = "x"\nbase = "nowhere"\n', "variant.base", "unknown variant"),
        ('[variant\nname = "x"\n', None, "not valid TOML"),
    ],
)
def test_bad_files_name_the_file_the_key_and_what_was_expected(tmp_path, text, key, expected):
    path = write(tmp_path, text)
    with pytest.raises(gouji.VariantError) as err:
        load_variant(path)
    message = str(err.value)
    assert str(path.resolve()) in message or path.name in message
    if key:
        assert key in message
    assert expected in message


def test_a_base_cycle_is_refused(tmp_path):
    write(tmp_path, '[variant]\nname = "a"\nbase = "b.toml"\n', "a.toml")
    write(tmp_path, '[variant]\nname = "b"\nbase = "a.toml"\n', "b.toml")
    with pytest.raises(gouji.VariantFileError, match="cycle"):
        load_variant(tmp_path / "a.toml")


def test_unknown_variant_name_lists_the_known_ones():
    with pytest.raises(gouji.UnknownVariantError, match="provincial"):
        load_variant("no-such-variant")


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(gouji.VariantFileError, match="no such file"):
        load_variant(tmp_path / "absent.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(gouji.VariantFileError, match=r"cannot be read|not valid TOML|not UTF-8"):
        load_variant(bad)


def test_not_a_name_or_path():
    with pytest.raises(gouji.VariantError):
        load_variant(3)


def test_a_variant_is_frozen():
    variant = load_variant("provincial")
    with pytest.raises(AttributeError):
        variant.name = "other"
    with pytest.raises((AttributeError, TypeError)):
        variant.options["sweep_points"] = 1


def test_errors_are_gouji_errors_and_bad_text_is_value_error():
    assert issubclass(gouji.VariantFileError, gouji.GoujiError)
    assert issubclass(gouji.ParseError, ValueError)
    with pytest.raises(ValueError):
        gouji.parse_play("")
    with pytest.raises(gouji.GoujiError):
        gouji.parse_play("X")


def test_a_file_may_not_take_a_builtin_name(tmp_path):
    path = write(tmp_path, '[variant]\nname = "provincial"\nbase = "provincial"\n')
    with pytest.raises(gouji.VariantFileError, match="built-in variant's name") as err:
        load_variant(path)
    assert "variant.name" in str(err.value)
