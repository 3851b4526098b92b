"""gouji_option_specs: declare an option; variant files set it and the loader checks it."""

from gouji import OptionSpec, hookimpl


@hookimpl
def gouji_option_specs():
    return [
        OptionSpec("bonus_for_sweep", int, 2, "Extra team points for a sweep (串三户).", rule="SCORE-1"),
    ]
