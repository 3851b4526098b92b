"""The view cache's work, where a server reads it: :mod:`gouji.engine.view_texts` (the JSON
texts of the views, which :mod:`gouji.engine.views` builds from each state's public facts, and
which a build may compile: ``GOUJI_COMPILE=1``)."""

from __future__ import annotations

from gouji.engine.view_texts import COMPILED, MAX_EVENT_TEXTS, ViewTexts, event_json, legal_json

__all__ = ["COMPILED", "MAX_EVENT_TEXTS", "ViewTexts", "event_json", "legal_json"]
