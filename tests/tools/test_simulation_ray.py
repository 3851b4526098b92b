"""The Ray backend gives the same results as one process (a Ray started on this machine).

Ray's old ``local_mode`` is gone from current Ray ("no longer supported"), so this test
starts a small local Ray instance: one CPU, no dashboard. Skipped where Ray is not
installed; ``.ci/run`` installs the ``ray`` extra."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray")

from gouji.tools.cli import main  # noqa: E402
from gouji.tools.simulation import simulate  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> object:
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_same_results_and_summary(local_ray: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate("dagang196", games=4, seed=6, backend="ray") == simulate("dagang196", games=4, seed=6, jobs=1)
    outputs = []
    for extra in (["--ray"], ["--jobs", "1"]):
        assert main(["simulate", "--games", "20", "--seed", "1", "--bots", "random", "--progress", *extra]) == 0
        out, err = capsys.readouterr()
        assert "20/20" in err
        outputs.append(out)
    assert outputs[0] == outputs[1]
