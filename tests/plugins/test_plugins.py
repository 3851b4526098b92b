"""Finding, refusing and guarding plugins; plugin options.

Third-party plugins are simulated without installing anything: a
``*.dist-info`` folder with an ``entry_points.txt`` on ``sys.path`` is what
an installed distribution looks like to ``importlib.metadata``.
"""

from __future__ import annotations

import itertools
import random
import textwrap
from pathlib import Path

import pytest

import gouji
from gouji.errors import OptionError, PluginError
from gouji.plugins.manager import BLOCK_ENV, DISABLE_AUTOLOAD_ENV, available_plugins
from gouji.plugins.variant import TRACE_ENV
from gouji.testing import random_playout, state_of

_unique = itertools.count()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def variant_file(folder: Path, plugins=(), plugin_files=(), options: str = "", name: str = "house") -> Path:
    lines = [
        "[variant]",
        f'name = "{name}"',
        'base = "provincial"',
        f"plugins = {list(plugins)!r}".replace("'", '"'),
        f"plugin_files = {list(plugin_files)!r}".replace("'", '"'),
        "",
        "[options]",
        textwrap.dedent(options),
    ]
    return write(folder / f"{name}.toml", "\n".join(lines))


@pytest.fixture
def install(tmp_path, monkeypatch):
    """``install(dist, {entry-point name: module source})``: a fake installed distribution.

    Returns ``{entry-point name: module name}``; module names are unique per call.
    """
    site = tmp_path / "site"
    monkeypatch.syspath_prepend(str(site))

    def make(dist: str, plugins: dict[str, str]) -> dict[str, str]:
        modules = {}
        for name, source in plugins.items():
            module = f"fake_gouji_plugin_{name}_{next(_unique)}"
            write(site / f"{module}.py", source)
            modules[name] = module
        info = site / f"{dist.replace('-', '_')}-1.0.dist-info"  # the name ends at the first "-"
        write(info / "METADATA", f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
        write(info / "entry_points.txt",
              "[gouji]\n" + "".join(f"{n} = {m}\n" for n, m in modules.items()))
        return modules

    return make


QUIET_PLUGIN = """
    from gouji import hookimpl

    @hookimpl
    def gouji_score_adjustments(options, game, score):
        return None
"""


# -- finding plugins --------------------------------------------------------------------------
def test_an_installed_plugin_is_found_by_its_entry_point_name(install, tmp_path):
    modules = install("house-rules", {"house": QUIET_PLUGIN})
    assert available_plugins()["house"] == modules["house"]
    variant = gouji.load_variant(variant_file(tmp_path, plugins=["house"]))
    assert variant.plugins == ("provincial", "house")
    assert "house" in variant.hook_answers()["gouji_score_adjustments"]


def test_disable_autoload_hides_third_party_plugins_but_not_the_builtins(install, tmp_path, monkeypatch):
    install("house-rules", {"house": QUIET_PLUGIN})
    monkeypatch.setenv(DISABLE_AUTOLOAD_ENV, "1")
    assert "house" not in available_plugins()
    assert "provincial" in available_plugins()
    gouji.load_variant("provincial")
    with pytest.raises(gouji.VariantError, match=r"unknown plugin 'house'"):
        gouji.load_variant(variant_file(tmp_path, plugins=["house"]))


def test_block_refuses_plugins_by_name(install, tmp_path, monkeypatch):
    install("house-rules", {"house": QUIET_PLUGIN})
    path = variant_file(tmp_path, plugins=["house"])
    monkeypatch.setenv(BLOCK_ENV, " other ,house")
    with pytest.raises(PluginError, match=rf"plugin 'house' is blocked by {BLOCK_ENV}"):
        gouji.load_variant(path)
    monkeypatch.setenv(BLOCK_ENV, "provincial")
    with pytest.raises(PluginError, match="'provincial' is blocked"):
        gouji.load_variant("provincial")
    monkeypatch.setenv(BLOCK_ENV, "")
    assert gouji.load_variant(path).plugins == ("provincial", "house")


def test_an_unknown_plugin_name_lists_the_installed_ones(tmp_path):
    path = variant_file(tmp_path, plugins=["nobody"])
    with pytest.raises(gouji.VariantError, match=rf"{path}.*unknown plugin 'nobody'.*provincial"):
        gouji.load_variant(path)


def test_trace_env_prints_every_hook_call(tmp_path, monkeypatch, capsys):
    plugin = write(tmp_path / "quiet.py", QUIET_PLUGIN)
    monkeypatch.setenv(TRACE_ENV, "1")
    variant = gouji.load_variant(variant_file(tmp_path, plugin_files=[plugin.name]))
    game = random_playout(variant, 1)
    game.score()
    err = capsys.readouterr().err
    for hook in ("gouji_set_rules", "gouji_deck", "gouji_cut", "gouji_first_leader",
                 "gouji_last_set_owner", "gouji_score", "gouji_score_adjustments"):
        assert hook in err, hook
    monkeypatch.delenv(TRACE_ENV)
    gouji.load_variant("provincial").new_game(1)
    assert "gouji_deck" not in capsys.readouterr().err


# -- broken plugins ---------------------------------------------------------------------------
def test_an_unknown_hook_is_refused_naming_the_plugin_the_hook_and_the_file(tmp_path):
    plugin = write(tmp_path / "typo.py", """
        from gouji import hookimpl

        @hookimpl
        def gouji_forbiden_plays(game, seat, plays):
            return None
    """)
    with pytest.raises(PluginError) as info:
        gouji.load_variant(variant_file(tmp_path, plugin_files=["typo.py"]))
    message = str(info.value)
    assert str(plugin) in message and "gouji_forbiden_plays" in message and "unknown hook" in message


def test_a_wrong_signature_is_refused_naming_the_plugin_the_hook_and_the_file(tmp_path):
    plugin = write(tmp_path / "wrong.py", """
        from gouji import hookimpl

        @hookimpl
        def gouji_deck(options, colour):
            return None
    """)
    with pytest.raises(PluginError) as info:
        gouji.load_variant(variant_file(tmp_path, plugin_files=["wrong.py"]))
    message = str(info.value)
    assert str(plugin) in message and "gouji_deck" in message and "colour" in message


def test_a_plugin_file_that_fails_to_import_is_named(tmp_path):
    plugin = write(tmp_path / "broken.py", "import no_such_module_anywhere\n")
    with pytest.raises(PluginError, match=rf"plugin file {plugin} failed to import: .*no_such_module_anywhere"):
        gouji.load_variant(variant_file(tmp_path, plugin_files=["broken.py"]))


def test_a_missing_plugin_file_is_named(tmp_path):
    with pytest.raises(gouji.VariantError, match=r"missing\.py"):
        gouji.load_variant(variant_file(tmp_path, plugin_files=["missing.py"]))


def test_an_installed_plugin_that_fails_to_import_is_named(install, tmp_path):
    modules = install("broken-rules", {"broken": "raise RuntimeError('half-installed')\n"})
    with pytest.raises(PluginError) as info:
        gouji.load_variant(variant_file(tmp_path, plugins=["broken"]))
    message = str(info.value)
    assert "'broken'" in message and modules["broken"] in message and "half-installed" in message


def test_a_hook_raising_while_a_game_starts_is_named(tmp_path):
    plugin = write(tmp_path / "nodeck.py", """
        from gouji import hookimpl

        @hookimpl
        def gouji_deck(options):
            raise ValueError("no deck today")
    """)
    # The deck is dealt once when the variant is built, so its failure shows there.
    with pytest.raises(PluginError) as info:
        gouji.load_variant(variant_file(tmp_path, plugin_files=["nodeck.py"]))
    message = str(info.value)
    assert str(plugin) in message and "gouji_deck" in message and "no deck today" in message


def test_a_hook_raising_while_options_are_collected_is_named(tmp_path):
    plugin = write(tmp_path / "badspecs.py", """
        from gouji import hookimpl

        @hookimpl
        def gouji_option_specs():
            raise KeyError("oops")
    """)
    with pytest.raises(PluginError) as info:
        gouji.load_variant(variant_file(tmp_path, plugin_files=["badspecs.py"]))
    assert str(plugin) in str(info.value) and "gouji_option_specs" in str(info.value)


FLAKY_PLUGIN = """
    from gouji import hookimpl

    calls = 0
    FAIL_ON = set()

    @hookimpl
    def gouji_forbidden_plays(game, seat, plays):
        global calls
        calls += 1
        if calls in FAIL_ON:
            raise RuntimeError(f"failed on call {calls}")
        return None
"""


def _plugin_module(variant: gouji.Variant):
    (path,) = variant.plugin_files
    return variant.plugin_manager.get_plugin(path)


def test_a_hook_raising_inside_apply_leaves_the_game_unchanged(tmp_path):
    """The engine snapshots the game before an action when a third-party hook
    runs during play, and restores it if the hook raises."""
    plugin = write(tmp_path / "flaky.py", FLAKY_PLUGIN)
    variant = gouji.load_variant(variant_file(tmp_path, plugin_files=["flaky.py"]))
    module = _plugin_module(variant)
    game = random_playout(variant, 3, max_steps=40)
    rng = random.Random(0)
    failures = 0
    for _ in range(60):
        if game.is_over:
            break
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        before = state_of(game)
        module.FAIL_ON.add(module.calls + 1)  # the next call, made while the action is carried out
        try:
            game.apply(action)
        except PluginError as exc:
            failures += 1
            message = str(exc)
            assert str(plugin) in message and "gouji_forbidden_plays" in message and "failed on call" in message
            assert state_of(game) == before
            game.apply(action)  # the hook works again: the same action now goes through
    assert failures > 10


def test_a_game_interrupted_by_hook_failures_ends_as_an_uninterrupted_one(tmp_path):
    write(tmp_path / "flaky.py", FLAKY_PLUGIN)
    variant = gouji.load_variant(variant_file(tmp_path, plugin_files=["flaky.py"]))
    module = _plugin_module(variant)
    clean = random_playout(variant, 9)
    game = variant.new_game(9)
    for i, action in enumerate(clean.history):
        if i % 7 == 3:
            module.FAIL_ON.add(module.calls + 1)
            with pytest.raises(PluginError):
                game.apply(action)
        game.apply(action)
    assert game.is_over
    assert game.events == clean.events and game.finish_order == clean.finish_order
    assert game.record() == clean.record()


def test_a_score_adjustment_raising_is_named_and_changes_nothing(tmp_path):
    plugin = write(tmp_path / "badscore.py", """
        from gouji import hookimpl

        @hookimpl
        def gouji_score_adjustments(options, game, score):
            return [1 / 0]
    """)
    variant = gouji.load_variant(variant_file(tmp_path, plugin_files=["badscore.py"]))
    game = random_playout(variant, 2)
    before = state_of(game)
    with pytest.raises(PluginError, match=rf"{plugin}.*gouji_score_adjustments.*ZeroDivisionError"):
        game.score()
    assert state_of(game) == before


# -- two plugins claiming one name -------------------------------------------------------------
def test_two_distributions_claiming_one_plugin_name_are_refused_naming_both(install, tmp_path):
    first = install("qingdao-house-rules", {"qingdao": QUIET_PLUGIN})
    second = install("qingdao-club-rules", {"qingdao": QUIET_PLUGIN})
    with pytest.raises(PluginError) as info:
        gouji.load_variant(variant_file(tmp_path, plugins=["qingdao"]))
    message = str(info.value)
    assert "'qingdao' is claimed by" in message
    for dist, modules in (("qingdao-house-rules", first), ("qingdao-club-rules", second)):
        assert dist in message and modules["qingdao"] in message
    # Either one can still be used by path.
    gouji.load_variant(variant_file(tmp_path, plugin_files=[str(tmp_path / "site" / f"{first['qingdao']}.py")]))


def test_a_distribution_claiming_a_builtin_name_is_refused(install):
    modules = install("fake-provincial", {"provincial": QUIET_PLUGIN})
    with pytest.raises(PluginError) as info:
        gouji.load_variant("provincial")
    message = str(info.value)
    assert "gouji (gouji.rules.provincial)" in message and f"fake-provincial ({modules['provincial']})" in message


def test_a_claim_is_not_checked_when_autoload_is_off(install, monkeypatch):
    install("fake-provincial", {"provincial": QUIET_PLUGIN})
    monkeypatch.setenv(DISABLE_AUTOLOAD_ENV, "1")
    assert gouji.load_variant("provincial").plugins == ("provincial",)


def test_a_plugin_named_twice_is_loaded_once(install, tmp_path):
    install("house-rules", {"house": QUIET_PLUGIN})
    variant = gouji.load_variant(variant_file(tmp_path, plugins=["house", "house", "provincial"]))
    names = variant.hook_answers()["gouji_score_adjustments"]
    assert names.count("house") == 1


# -- plugin options -----------------------------------------------------------------------------
OPTION_PLUGIN = """
    from gouji import OptionSpec, hookimpl

    @hookimpl
    def gouji_option_specs():
        return [
            OptionSpec("max_jokers_per_set", int, 2, "No set carries more jokers.", rule="QD-1"),
            OptionSpec("lucky_cards", list, [3, 7], "Ranks that bring luck.", rule="QD-2"),
            OptionSpec("tea", str, "green", "What is served.", choices=("green", "black")),
            OptionSpec("cheer", bool, False, "Applaud every burn."),
        ]
"""


def test_a_plugin_declares_options_with_defaults(tmp_path):
    write(tmp_path / "opts.py", OPTION_PLUGIN)
    variant = gouji.load_variant(variant_file(tmp_path, plugin_files=["opts.py"]))
    assert variant.options["max_jokers_per_set"] == 2
    assert variant.options["lucky_cards"] == (3, 7)
    spec = {s.name: s for s in variant.option_specs()}["max_jokers_per_set"]
    assert spec.plugin == str(tmp_path / "opts.py") and spec.rule == "QD-1"


def test_toml_values_of_plugin_options_are_used(tmp_path):
    write(tmp_path / "opts.py", OPTION_PLUGIN)
    variant = gouji.load_variant(variant_file(tmp_path, plugin_files=["opts.py"], options="""
        max_jokers_per_set = 1
        lucky_cards = [8]
        tea = "black"
        cheer = true
    """))
    chosen = {"max_jokers_per_set": 1, "lucky_cards": (8,), "tea": "black", "cheer": True}
    assert {k: variant.options[k] for k in chosen} == chosen
    assert variant.with_options(tea="green").options["tea"] == "green"


@pytest.mark.parametrize(("line", "key", "expected"), [
    ("max_joker_per_set = 1", "max_joker_per_set", "unknown option"),
    ('max_jokers_per_set = "two"', "max_jokers_per_set", "expected an integer"),
    ("max_jokers_per_set = true", "max_jokers_per_set", "expected an integer"),
    ("max_jokers_per_set = 1.5", "max_jokers_per_set", "expected an integer"),
    ('lucky_cards = ["3"]', "lucky_cards", "expected a list of integers"),
    ("lucky_cards = 3", "lucky_cards", "expected a list of integers"),
    ('tea = "oolong"', "tea", "expected one of green, black"),
    ("cheer = 1", "cheer", "expected a boolean"),
])
def test_wrong_plugin_options_name_the_file_and_the_key(tmp_path, line, key, expected):
    write(tmp_path / "opts.py", OPTION_PLUGIN)
    path = variant_file(tmp_path, plugin_files=["opts.py"], options=line)
    with pytest.raises(OptionError) as info:
        gouji.load_variant(path)
    message = str(info.value)
    assert str(path) in message and repr(key) in message and expected in message


def test_a_plugin_option_without_its_plugin_is_unknown(tmp_path):
    path = variant_file(tmp_path, options="max_jokers_per_set = 1")
    with pytest.raises(OptionError, match=rf"{path}: unknown option 'max_jokers_per_set'"):
        gouji.load_variant(path)


def test_with_options_validates_plugin_options(tmp_path):
    write(tmp_path / "opts.py", OPTION_PLUGIN)
    variant = gouji.load_variant(variant_file(tmp_path, plugin_files=["opts.py"]))
    with pytest.raises(OptionError, match="'max_jokers_per_set': expected an integer"):
        variant.with_options(max_jokers_per_set="2")


def test_two_plugins_declaring_one_option_differently_are_refused_naming_both(tmp_path):
    write(tmp_path / "a.py", OPTION_PLUGIN)
    write(tmp_path / "b.py", """
        from gouji import OptionSpec, hookimpl

        @hookimpl
        def gouji_option_specs():
            return [OptionSpec("max_jokers_per_set", int, 3, "Another idea.")]
    """)
    with pytest.raises(OptionError) as info:
        gouji.load_variant(variant_file(tmp_path, plugin_files=["a.py", "b.py"]))
    message = str(info.value)
    assert "declared twice" in message and str(tmp_path / "a.py") in message and str(tmp_path / "b.py") in message


def test_a_plugin_cannot_redeclare_a_core_option(tmp_path):
    write(tmp_path / "core.py", """
        from gouji import OptionSpec, hookimpl

        @hookimpl
        def gouji_option_specs():
            return [OptionSpec("decks", int, 3, "Three decks.")]
    """)
    with pytest.raises(OptionError, match="'decks' is declared twice"):
        gouji.load_variant(variant_file(tmp_path, plugin_files=["core.py"]))


def test_a_bad_default_fails_when_the_plugin_is_imported(tmp_path):
    write(tmp_path / "baddefault.py", """
        from gouji import OptionSpec

        SPEC = OptionSpec("limit", int, "two", "A limit.")
    """)
    with pytest.raises(PluginError, match=r"baddefault\.py failed to import: .*expected an integer"):
        gouji.load_variant(variant_file(tmp_path, plugin_files=["baddefault.py"]))


# -- gouji_check_options: every plugin's check, once, when the variant is built --------------------
EXAMPLE_SET_RULES = Path(__file__).resolve().parents[2] / "examples" / "hooks" / "gouji_set_rules.py"


def test_a_book_checks_its_options_although_a_house_plugin_answers_its_set_rules():
    """The club's check (DECK-1) is its own hook: a house ``gouji_set_rules`` answering first skips it no more."""
    with pytest.raises(OptionError, match="three_four_deal = 'one_each'"):
        gouji.Variant.build("house", ["dagang196"], {"removed_cards": [3, 11, 4, 10]}, [EXAMPLE_SET_RULES])
    with pytest.raises(OptionError, match="option 'captains'"):
        gouji.Variant.build("house", ["district"], {"captains": [0, 2]}, [EXAMPLE_SET_RULES])
    with pytest.raises(OptionError, match="hold_three"):
        gouji.Variant.build("house", ["dagang"], {**gouji.load_variant("dagang").options.to_plain(),
                                                  "pick_order": True}, [EXAMPLE_SET_RULES])


def test_every_check_runs_once_per_build_the_last_registered_first(tmp_path):
    write(tmp_path / "checks.py", """
        from gouji import OptionError, hookimpl

        CALLS = []

        @hookimpl
        def gouji_check_options(options):
            CALLS.append(options["decks"])
            if options["decks"] == 3:
                raise OptionError("option 'decks': this house never plays three")
    """)
    variant = gouji.load_variant(variant_file(tmp_path, plugin_files=["checks.py"]))
    module = variant.plugin_manager.get_plugin(str(tmp_path / "checks.py"))
    assert module.CALLS == [4]
    variant.new_game(seed=1)
    assert module.CALLS == [4], "checked when built, never per game"
    with pytest.raises(OptionError, match="never plays three"):
        variant.with_options(decks=3)
    with pytest.raises(OptionError, match="never plays three"):  # before the book's own (captains)
        gouji.Variant.build("house", ["district"], {"captains": [0, 2], "decks": 3}, [tmp_path / "checks.py"])


@pytest.mark.parametrize(("body", "expected"), [
    ("return False", r"hook gouji_check_options answered \[False\], expected None from every plugin"),
    ("raise ValueError('no')", r"plugin .*answers\.py.* raised in hook gouji_check_options: ValueError"),
])
def test_a_check_that_answers_or_raises_something_else_is_named(tmp_path, body, expected):
    write(tmp_path / "answers.py", f"""
        from gouji import hookimpl

        @hookimpl
        def gouji_check_options(options):
            {body}
    """)
    with pytest.raises(PluginError, match=expected):
        gouji.load_variant(variant_file(tmp_path, plugin_files=["answers.py"]))


def test_plugin_files_are_relative_to_the_variant_file(tmp_path):
    write(tmp_path / "rules" / "house.py", QUIET_PLUGIN)
    path = variant_file(tmp_path / "variants", plugin_files=["../rules/house.py"])
    variant = gouji.load_variant(path)
    assert variant.plugin_files == (str((tmp_path / "rules" / "house.py").resolve()),)


# -- variants shipped by other packages (entry-point group gouji.variants) ----------------------
def install_variant(tmp_path, monkeypatch, dist, name, toml):
    site = tmp_path / f"site-{dist}"
    monkeypatch.syspath_prepend(str(site))
    module = f"fake_gouji_variant_{name}_{next(_unique)}"
    toml_path = site / f"{module}.toml"
    write(toml_path, toml)
    write(site / f"{module}.py", f"VARIANT_FILE = {str(toml_path)!r}\n")
    info = site / f"{dist.replace('-', '_')}-1.0.dist-info"
    write(info / "METADATA", f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    write(info / "entry_points.txt", f"[gouji.variants]\n{name} = {module}:VARIANT_FILE\n")


def test_an_installed_variant_loads_by_name(tmp_path, monkeypatch):
    from gouji.plugins.loader import variant_names

    install_variant(tmp_path, monkeypatch, "club-rules", "club",
                    '[variant]\nname = "club"\nbase = "provincial"\n[options]\nsweep_points = 10\n')
    assert "club" in variant_names()
    variant = gouji.load_variant("club")
    assert variant.name == "club" and variant.options["sweep_points"] == 10


def test_two_packages_claiming_one_variant_name_are_refused_naming_both(tmp_path, monkeypatch):
    toml = '[variant]\nname = "club"\nbase = "provincial"\n'
    install_variant(tmp_path, monkeypatch, "club-rules", "club", toml)
    install_variant(tmp_path, monkeypatch, "other-club", "club", toml)
    with pytest.raises(gouji.VariantError) as err:
        gouji.load_variant("club")
    assert "club-rules" in str(err.value) and "other-club" in str(err.value)


def test_a_package_claiming_a_builtin_variant_name_is_refused(tmp_path, monkeypatch):
    install_variant(tmp_path, monkeypatch, "impostor", "provincial", '[variant]\nname = "provincial"\n')
    with pytest.raises(gouji.VariantError, match="impostor") as err:
        gouji.load_variant("provincial")
    assert "gouji" in str(err.value)


def test_installed_variants_are_hidden_when_autoload_is_disabled(tmp_path, monkeypatch):
    install_variant(tmp_path, monkeypatch, "club-rules", "club", '[variant]\nname = "club"\nbase = "provincial"\n')
    monkeypatch.setenv("GOUJI_DISABLE_PLUGIN_AUTOLOAD", "1")
    with pytest.raises(gouji.UnknownVariantError):
        gouji.load_variant("club")
