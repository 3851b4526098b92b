"""Records that replay anywhere and run no code (issues 13 and 15).

A record is self-describing (version 2, a JSON Schema shipped in the package); older
versions still read; a record never imports a file by itself; everything it states that a
replay recomputes is checked, and the error names the first difference.
"""

from __future__ import annotations

import copy
import json
import textwrap
from pathlib import Path

import pytest

import gouji
from gouji.errors import RecordError
from gouji.records.record import MAX_JSON_DEPTH, READABLE_VERSIONS, VERSION, schema_path
from gouji.rules.district.match import Match
from gouji.testing import random_playout
from gouji.tools.cli import main

jsonschema = pytest.importorskip("jsonschema")
DATA = Path(__file__).parent / "data"


def schema(version: int) -> dict:
    return json.loads(schema_path(version).read_text(encoding="utf-8"))


def validate(record: dict) -> None:
    jsonschema.validate(record, schema(record["version"]),
                        format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def finished(variant: str = "provincial", seed: int = 1) -> gouji.Game:
    return random_playout(variant, seed)


def unfinished(variant: str = "provincial", seed: int = 1, actions: int = 25) -> gouji.Game:
    game = gouji.load_variant(variant).new_game(seed=seed)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    return game


# -- the format --------------------------------------------------------------------------------
def test_schemas_are_valid_json_schemas_shipped_in_the_package():
    for version in READABLE_VERSIONS:
        jsonschema.Draft202012Validator.check_schema(schema(version))
        assert schema_path(version).parent.parent == Path(gouji.__file__).parent / "records"


@pytest.mark.parametrize("variant", gouji.plugins.loader.builtin_variant_names())
def test_records_of_every_variant_match_the_schema_and_describe_themselves(variant):
    for game in (finished(variant, 2), unfinished(variant, 2, 10)):
        record = game.record()
        validate(json.loads(json.dumps(record, ensure_ascii=False)))
        assert record["version"] == VERSION and record["gouji_version"] == gouji.__version__
        assert record["finished"] == game.is_over
        assert record["variant_toml"] == gouji.plugins.loader.variant_to_toml(game.variant)
        assert [p["entry_point"] for p in record["plugins"]] == list(game.variant.plugins)
        assert (record["score"] is None) == (not game.is_over)


def test_a_position_record_matches_the_schema():
    game = gouji.load_variant("provincial").new_position({0: "9 9 K", 1: "5 5"}, leader=0)
    validate(game.record())


@pytest.mark.parametrize("path", sorted(DATA.glob("record-v1-*.json")), ids=lambda p: p.stem)
def test_records_of_version_1_still_read(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    validate(record)
    game = gouji.replay(record)
    assert game.is_over == (record["finish_order"] is not None)
    if not game.is_over:
        assert len(game.history) == len(record["actions"]) and game.current_player is not None


def test_an_unfinished_record_replays_to_its_last_decision():
    game = unfinished(actions=30)
    again = gouji.replay(game.record())
    assert again.current_player == game.current_player and again.legal_actions() == game.legal_actions()
    again.apply(again.legal_actions()[0])


def test_a_newer_record_version_is_refused_by_name():
    record = finished().record()
    record["version"] = 99
    with pytest.raises(RecordError, match="version 99"):
        gouji.replay(record)


# -- files are never loaded by a record alone -----------------------------------------------------
HOUSE_PLUGIN = """
    from pathlib import Path
    from gouji import hookimpl

    Path(__file__).with_name("imported.marker").write_text("imported")

    @hookimpl
    def gouji_option_specs():
        return []
"""


@pytest.fixture
def house(tmp_path):
    (tmp_path / "house_rules.py").write_text(textwrap.dedent(HOUSE_PLUGIN), encoding="utf-8")
    toml = tmp_path / "myclub.toml"
    toml.write_text('[variant]\nname = "myclub"\nbase = "provincial"\nplugin_files = ["house_rules.py"]\n',
                    encoding="utf-8")
    variant = gouji.load_variant(toml)
    record = random_playout(variant, 3).record()
    (tmp_path / "imported.marker").unlink()
    return tmp_path, toml, record


def test_a_house_record_names_its_plugin_file_and_hash_and_loads_nothing(house):
    folder, _, record = house
    assert {"file", "sha256"} <= set(record["plugins"][-1])
    with pytest.raises(RecordError) as info:
        gouji.replay(record)
    message = str(info.value)
    assert "myclub" in message and "house_rules.py" in message and record["plugins"][-1]["sha256"] in message
    assert "--variant" in message and "trust" in message
    assert not (folder / "imported.marker").exists(), "the record made gouji import a file"


def test_a_house_record_replays_with_its_variant_given_or_trusted(house):
    _, toml, record = house
    assert gouji.replay(record, variant=gouji.load_variant(toml)).finish_order == record["finish_order"]
    assert gouji.replay(record, trust=True).finish_order == record["finish_order"]


def test_a_changed_or_missing_plugin_file_is_named(house):
    folder, toml, record = house
    with open(folder / "house_rules.py", "a", encoding="utf-8") as plugin:
        plugin.write("# changed\n")
    with pytest.raises(RecordError, match="content differs"):
        gouji.replay(record, variant=gouji.load_variant(toml))
    with pytest.raises(RecordError, match="content differs"):
        gouji.replay(record, trust=True)
    (folder / "house_rules.py").unlink()
    with pytest.raises(RecordError, match="missing"):
        gouji.replay(record, trust=True)


def test_a_record_naming_a_variant_file_is_refused_unless_trusted(tmp_path):
    record = json.loads((DATA / "record-v1-provincial.json").read_text(encoding="utf-8"))
    toml = tmp_path / "club.toml"
    toml.write_text('[variant]\nname = "club"\nbase = "provincial"\n', encoding="utf-8")
    record["variant"] = str(toml)
    with pytest.raises(RecordError, match="never loads files"):
        gouji.replay(record)


def test_a_plugin_not_installed_is_named():
    record = finished().record()
    record["plugins"].append({"entry_point": "qingdao", "distribution": "qingdao-house-rules", "version": "1.0"})
    with pytest.raises(RecordError, match="qingdao"):
        gouji.replay(record)


# -- stated facts are checked ------------------------------------------------------------------------------
def _edit(record: dict, path: str, value) -> dict:
    record = copy.deepcopy(record)
    *parents, last = path.split(".")
    target = record
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return record


@pytest.mark.parametrize("path, value, words", [
    ("finish_order", [5, 4, 3, 2, 1, 0], "finish_order"),
    ("score.team_points", [99, -99], "score"),
    ("finished", False, "finished"),
    ("plugins", [{"entry_point": "dagang", "distribution": "gouji", "version": "0.1.0"}], "plugins"),
    ("context", {"game_number": "two"}, "game_number"),
    ("context", ["garbage"], "context"),
    ("context.carry", [[1, 2, 3]], "carry"),
    ("context.previous_finish_order", [0, 0, 0, 0, 0, 0], "previous_finish_order"),
    ("position", {"hands": "BJ " * 40, "leader": 0}, "position"),
    ("actions", ["pass", 7], "action 1"),
    ("seed", "one", "seed"),
    ("options", [], "options"),
    ("options", {"decks": 5000}, "decks"),
    ("variant", None, "variant"),
])
def test_an_edited_record_is_refused_naming_the_difference(path, value, words):
    record = _edit(finished().record(), path, value)
    with pytest.raises(RecordError, match=words):
        gouji.replay(record)


def test_a_record_cut_short_that_claims_a_finish_order_is_refused():
    record = finished().record()
    record["actions"] = record["actions"][:-5]
    with pytest.raises(RecordError, match="finished"):
        gouji.replay(record)


def test_a_version_1_record_with_an_edited_finish_order_or_invented_plugins_is_refused():
    record = json.loads((DATA / "record-v1-provincial.json").read_text(encoding="utf-8"))
    with pytest.raises(RecordError, match="finish_order"):
        gouji.replay({**record, "finish_order": list(reversed(record["finish_order"]))})
    with pytest.raises(RecordError, match="plugins"):
        gouji.replay({**record, "plugins": ["provincial", "invented"]})


@pytest.mark.parametrize("text", [
    b"\xff\xfe{}", "[" * 100_000 + "]" * 100_000, '{"format": "gouji-record", "x": ' + "[" * 200 + "]" * 200 + "}",
    "not json", "null", "[]", '{"format": "gouji-record", "version": true}',
])
def test_malformed_record_text_is_a_record_error(text):
    with pytest.raises(RecordError):
        gouji.replay(text)


def test_deep_json_in_a_dict_is_refused_before_work():
    deep: list = []
    for _ in range(MAX_JSON_DEPTH + 5):
        deep = [deep]
    record = finished().record()
    record["context"]["carry"] = [["x", deep]]
    with pytest.raises(RecordError, match="nested"):
        gouji.replay(record)


def test_a_district_match_with_an_edited_game_to_game_context_is_refused():
    match = Match("district", seed=4).play(gouji.bots.basic.GreedyBot())
    record = match.record()
    assert Match.replay(record).totals() == match.totals()
    record["games"][1]["context"]["previous_first_drawer"] = (record["games"][1]["context"]
                                                              ["previous_first_drawer"] + 1) % 6
    with pytest.raises(RecordError):
        Match.replay(record)
    record = match.record()
    record["totals"] = [0, 0]
    with pytest.raises(RecordError, match="totals"):
        Match.replay(record)


@pytest.mark.parametrize("games", ["x", [1, 2], [{}], None])
def test_series_and_match_records_with_wrong_types_are_record_errors(games):
    for cls, fmt in ((gouji.engine.series.Series, "gouji-series"), (Match, "gouji-district-match")):
        with pytest.raises(RecordError):
            cls.replay({"format": fmt, "variant": "district", "options": {}, "seed": 0, "stage": "preliminary",
                        "teams": ["a", "b"], "games": games})


# -- the command line ---------------------------------------------------------------------------------------
def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gouji: error: "), err
    return lines[0]


def test_cli_replay_of_a_house_record_needs_variant_or_trust(capsys, house):
    folder, toml, record = house
    path = folder / "r.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "--variant" in one_line_error(err)
    assert not (folder / "imported.marker").exists()
    code, out, _ = run(capsys, "replay", str(path), "--variant", str(toml))
    assert code == 0 and "places:" in out
    code, out, _ = run(capsys, "replay", str(path), "--trust")
    assert code == 0 and "places:" in out


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"[" * 50_000, b'{"format": "gouji-record"}', b""])
def test_cli_replay_of_a_malformed_file_prints_one_line(capsys, tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    one_line_error(err)
