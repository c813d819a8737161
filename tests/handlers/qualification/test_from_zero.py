"""A qualification from an empty database, with no demo and no test world: ``fedrank init``, a
federation and its discipline, a registry with dated memberships (3.2), a results file, a
window created in the console and advanced by ``fedrank publish --due --today`` alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_app import Cli

EXAMPLE = (
    Path(__file__).resolve().parents[3] / "examples" / "mahjong_rmf" / "moscow_spring_open_2026.rmf"
)

#: Four registered players, their memberships as the registry dates them: Smirnov's ends
#: before the qualification date, so he is not on the list (3.2).
REGISTRY = """id,name,member_from,member_to
RMF-0101,Ivanov Ivan,2020-01-01,
RMF-0102,Petrova Maria,2020-01-01,
RMF-0103,Smirnov Alexei,2020-01-01,2026-12-31
RMF-0104,Kuznetsova Olga,2026-01-01,
"""


@pytest.fixture
def run(no_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(no_env, monkeypatch, capsys)


def _console(run: Cli, *lines: str) -> str:
    answer = run(["run", "--console"], stdin="".join(f"{line}\n" for line in lines))
    assert answer.returncode == 0, answer.stderr
    return answer.stdout


@pytest.mark.slow
def test_a_window_from_an_empty_database(run: Cli) -> None:
    assert run(["init"]).returncode == 0
    added = run(["federation", "add", "RMF", "Russian Mahjong", "--timezone", "Europe/Moscow"])
    assert added.returncode == 0
    assert run(["discipline", "add", "RMF", "rmf-mcr", "mahjong_rmf", "MCR"]).returncode == 0
    Path("registry.csv").write_text(REGISTRY, encoding="utf-8")
    assert run(["players", "import", "RMF", "registry.csv", "--yes"]).returncode == 0
    stored = run(["import", "rmf-mcr", str(EXAMPLE), "--yes", "--register-new"])
    assert stored.returncode == 0, stored.stderr
    assert run(["grant", "console:operator", "RMF", "director"]).returncode == 0
    # A date the Presidium set (3.3), far enough ahead of any real clock running this test.
    created = _console(run, '/qualify rmf-mcr 2029-06-20 2 "World Cup" date=2029-01-08')
    assert "The list will be frozen on 2029-01-08" in created

    ticked = run(["publish", "--due", "--today", "2029-01-08"])
    assert ticked.returncode == 0, ticked.stderr
    assert "messages enqueued: 2" in ticked.stdout  # two invitations, to the director
    listed = _console(run, "/qualifications rmf-mcr", "/qualification 1")
    assert "Ivanov Ivan (RMF-0101): answer by 2029-01-23 (no linked account)" in listed
    # The list of the date, with the levels the sheet brought (issue 33): Kuznetsova's D3
    # puts her above Petrova's D1, as on the list published that day.
    assert "Kuznetsova Olga (RMF-0104): answer by 2029-01-23 (no linked account)" in listed
    assert "Reserve, in order: Petrova Maria (RMF-0102)" in listed
    lines = listed.splitlines()
    skipped = next(x for x in lines if x.startswith("Not members on the qualification date"))
    assert "Smirnov Alexei (RMF-0103)" in skipped
    # The 20 players the sheet registered have no membership at all (issue 33): said, with how
    # to give one; Smirnov, whose membership only ended, is not among them.
    unmembered = next(x for x in lines if x.startswith("Without any membership"))
    assert unmembered.startswith(
        "Without any membership, so outside every qualification (section 3.2) (20): "
    )
    assert "Popov Dmitry (RMF-0105)" in unmembered and "Smirnov" not in unmembered
    assert "/playeredit <ID> member_from=YYYY-MM-DD" in listed

    # Three days before the deadline the director is reminded of both (nobody is linked).
    assert "messages enqueued: 0" in run(["publish", "--due", "--today", "2029-01-19"]).stdout
    assert "messages enqueued: 2" in run(["publish", "--due", "--today", "2029-01-20"]).stdout
    # The day after it both are in the reserve; the places pass down (3.5, 3.6) and the
    # director is told of each expiry and each new invitation.
    expired = run(["publish", "--due", "--today", "2029-01-24"])
    assert "messages enqueued: 4" in expired.stdout
    after = _console(run, "/qualifications")
    assert "Places: 0 confirmed, 2 awaiting an answer, 0 declined, 1 moved to the reserve." in (
        after
    )
    assert "Petrova Maria (RMF-0102): answer by 2029-02-08 (no linked account)" in after
    schedule = run(["schedule", "--today", "2029-01-25"])
    assert "2 invitation(s) awaiting an answer; reminder on 2029-02-05" in schedule.stdout
