"""The built-in rules, each a plugin registered like any third-party one.

:mod:`gouji.rules.base` holds the defaults every variant starts from (all
``trylast``); :mod:`gouji.rules.provincial` is the provincial rulebook's own
plugin, found through the ``gouji`` entry-point group.
"""
