"""Every gouji error pickles whole: an error raised in a worker process (``gouji simulate``
runs games in a pool) reaches the parent as the same error, with its attributes."""

from __future__ import annotations

import importlib
import pickle
import pkgutil
from collections.abc import Callable

import pytest

import gouji
from gouji import errors

#: One way to build each gouji error whose ``__init__`` takes more than a message.
SAMPLES: dict[str, Callable[[], Exception]] = {
    "VariantFileError": lambda: errors.VariantFileError("house.toml", "options.x", "an integer"),
    "IllegalActionError": lambda: errors.IllegalActionError("a pair cannot cover a triple", "PLAY-4"),
    "OutOfTurnError": lambda: errors.OutOfTurnError(2, 5),
    "StaleTurnError": lambda: errors.StaleTurnError(7, 9, 1, 3),
    "GameOverError": lambda: errors.GameOverError(),
    "Refusal": lambda: _refusal("Refusal"),
    "HeldElsewhere": lambda: _refusal("HeldElsewhere"),
}


def _refusal(name: str) -> Exception:
    from gouji.server import refusals, service

    cls = getattr(refusals, name, None) or getattr(service, name)
    return cls("illegal", "a pair cannot cover a triple", "PLAY-4")


def _every_gouji_error() -> set[type[BaseException]]:
    """Every subclass of GoujiError in the modules that import without an extra."""
    for info in pkgutil.walk_packages(gouji.__path__, "gouji."):
        if info.name.endswith("__main__"):
            continue  # a command, which runs on import
        try:
            importlib.import_module(info.name)
        except ImportError:
            continue  # a module of an extra that is not installed here
    found: set[type[BaseException]] = set()
    todo: list[type[BaseException]] = [errors.GoujiError]
    while todo:
        cls = todo.pop()
        found.add(cls)
        todo += cls.__subclasses__()
    return found


def _own_init(cls: type[BaseException]) -> bool:
    """Whether gouji gives the class (or a gouji base of it) an ``__init__`` of its own."""
    return any("__init__" in vars(k) for k in cls.__mro__ if issubclass(k, errors.GoujiError))


def test_every_error_with_its_own_init_has_a_sample():
    """A new error class whose ``__init__`` takes other arguments gets a sample here, so the
    pickling test below covers it."""
    own_init = {cls.__name__ for cls in _every_gouji_error()
                if _own_init(cls) and cls.__module__.startswith("gouji.")}
    assert own_init <= set(SAMPLES), sorted(own_init - set(SAMPLES))


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_an_error_survives_pickling(name):
    error = SAMPLES[name]()
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error) and again.args == error.args
    assert vars(again) == vars(error)


def test_every_plain_error_survives_pickling():
    for cls in _every_gouji_error():
        if _own_init(cls):
            continue  # sampled above
        error = cls("what went wrong")
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is cls and str(again) == str(error)
