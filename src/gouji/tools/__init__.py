"""Tools for people, built on the library: the CLI, organiser, terminal play, replay page, simulation.

Nothing below this wing (engine, plugins, records, rules) imports it.
"""
