"""The package's public API and its place in the registry."""

import fedrank.engines.mahjong_rmf as rmf
from fedrank.engines import registry


def test_every_public_name_is_exported() -> None:
    for name in rmf.__all__:
        assert hasattr(rmf, name), name
    assert rmf.SYSTEM_ID == "mahjong_rmf"


def test_the_registry_runs_this_engine() -> None:
    assert "mahjong_rmf" in registry.SYSTEMS
    rows = "".join(f"{i}; P{i}; 12k\n" for i in range(1, 13))
    sheet = "date: 2026-01-10\ndiscipline: mcr\nchs: 4\nplace; player; level\n" + rows
    out = registry.calc_document("mahjong_rmf", sheet)
    # KT = 0.4 - 0.20 + 0 + 0 = 0.20; the winner: NR 1000, NR*KT 200 (8k)
    assert out["tournament"]["KT"] == "0.20"
    assert out["standings"][0]["NRKT"] == "200" and out["standings"][0]["level_after"] == "8k"
