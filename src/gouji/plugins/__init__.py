"""The plugin machinery: how a variant is made of rulebook plugins.

Hook specifications, the plugin manager, variants, the TOML loader, options, hook-result checks and
the plugin surface that plugins read and change a game through.
"""
