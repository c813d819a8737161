"""``fedrank calc --format table``, ``import``'s preview, ``round`` and ``export-ratings``: on a
federation created from zero (as tests/test_from_zero.py) and on a copy of the demo.

The commands run in-process through the console script's ``main()`` (tests/test_cli.py's
:class:`Cli`); the database functions behind ``round`` and ``export-ratings`` are also run on
every configured backend (PostgreSQL too) in tests/handlers/publication/test_pairing_export.py and
here.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from fedrank.engines.registry import calc_document
from fedrank.handlers.publication.pairing_export import EGD_COLUMNS, parse_egd_line
from tests.cli.test_app import Cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
KHARKIV = EXAMPLES / "go_ufgo" / "kharkiv_autumn_cup_2026.h9"
SPB = EXAMPLES / "bridge_fsbr" / "spb_pairs_2025.fsbr"
#: sha256 of ``fedrank calc bridge_fsbr spb_pairs_2025.fsbr`` as scripts read it (before
#: --format existed): the default output must stay byte for byte what it was.
SPB_JSON_SHA256 = "8f282a6eba5dc5cfd96483afdbaade3af779418af71fbcb1fb29ec615d2ca3cc"


@pytest.fixture
def run(no_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(no_env, monkeypatch, capsys)


def _from_zero(run: Cli, fed: tuple[str, str, str], discipline: tuple[str, str, str]) -> None:
    assert run(["init"]).returncode == 0
    assert run(["federation", "add", *fed[:2], "--timezone", fed[2]]).returncode == 0
    added = run(["discipline", "add", fed[0], *discipline])
    assert added.returncode == 0, added.stderr


# --- calc ----------------------------------------------------------------------------------


def test_calc_json_is_unchanged_by_default(run: Cli) -> None:
    default = run(["calc", "bridge_fsbr", str(SPB)])
    assert default.returncode == 0, default.stderr
    assert hashlib.sha256(default.stdout.encode("utf-8")).hexdigest() == SPB_JSON_SHA256
    named = run(["calc", "bridge_fsbr", str(SPB), "--format", "json"])
    assert named.stdout == default.stdout
    expected = calc_document("bridge_fsbr", SPB.read_text("utf-8"), filename=SPB.name)
    assert json.loads(default.stdout) == json.loads(json.dumps(expected, ensure_ascii=False))


def test_calc_table_is_the_chat_preview(run: Cli) -> None:
    result = run(["calc", "go_ufgo", str(KHARKIV), "--format", "table"])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Preview: Kharkiv Autumn Cup 2026 — UFGO rating, 2026-10-18"
    assert lines[1].split() == ["Player", "Before", "After", "Note"]
    row = next(line for line in lines if line.startswith("Bondarenko Olena"))
    assert re.match(r"Bondarenko Olena \(NEW-0001\)\s+2215 \(2 dan\)\s+2222 \(2 dan\)\s+\+7;", row)
    melnyk = next(line for line in lines if line.startswith("Melnyk Iryna"))
    assert "1820 (3 kyu)" in melnyk and "1796 (4 kyu)" in melnyk
    assert "rank 3 kyu -> 4 kyu" in melnyk
    assert sum(1 for line in lines if "(NEW-00" in line) == 10
    # Nothing is registered by calc: the preview has no "registered when you confirm" line,
    # no button, and no line ends in padding.
    assert "registered when you confirm" not in result.stdout
    assert "/confirm" not in result.stdout
    assert all(line == line.rstrip() for line in lines)
    # The figures are the engine's: the JSON of the same file says the same.
    data = calc_document("go_ufgo", KHARKIV.read_text("utf-8"), filename=KHARKIV.name)
    assert "2222" in json.dumps(data)


@pytest.mark.parametrize(
    ("system", "example", "title"),
    [
        ("mahjong_rmf", "mahjong_rmf/moscow_spring_open_2026.rmf", "Sports mahjong (MCR)"),
        ("mahjong_rmf", "mahjong_rmf/sichuan_european_championship_2026.rmf", "Sichuan mahjong"),
        ("bridge_ccba", "bridge_ccba/chengdu_club_online_pairs_2026_03.ccba", "CCBA masterpoints"),
        ("bridge_fsbr", "bridge_fsbr/spb_pairs_2025.fsbr", "FSBR classification"),
        ("othello_woc", "othello_woc/round_robin_complete.txt", "World Othello Championship"),
    ],
)
def test_calc_table_for_every_system(run: Cli, system: str, example: str, title: str) -> None:
    result = run(["calc", system, str(EXAMPLES / example), "--format", "table"])
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith("Preview: ") and f"— {title}, " in first
    lines = result.stdout.splitlines()
    assert lines[1].split() == ["Player", "Before", "After", "Note"]
    assert len(lines) > 4 and set(lines[2]) == {"─"}


def test_calc_table_refusals_name_every_problem(run: Cli) -> None:
    bad_format = run(["calc", "go_ufgo", str(KHARKIV), "--format", "xml"])
    assert bad_format.returncode == 2
    assert bad_format.stderr == "fedrank: error: --format must be json or table, not 'xml'\n"
    (run.cwd / "broken.h9").write_text("; EV[x]\n   1 Somebody  2d UA Kyiv  ik=abc  0\n")
    broken = run(["calc", "go_ufgo", "broken.h9", "--format", "table"])
    assert broken.returncode == 2
    lines = broken.stderr.strip().splitlines()
    assert lines[0] == f"fedrank: error: {len(lines) - 1} problems:", broken.stderr
    assert any("field 'IK', player Somebody: not a number: 'abc'" in line for line in lines)
    assert "Traceback" not in broken.stderr


# --- import's preview ----------------------------------------------------------------------


def test_import_prints_the_readable_preview_from_zero(run: Cli) -> None:
    _from_zero(
        run,
        ("UFGO", "Ukrainian Go Federation", "Europe/Kyiv"),
        ("ufgo", "go_ufgo", "UFGO rating"),
    )
    unconfirmed = run(["import", "ufgo", str(KHARKIV), "--register-new"])
    assert unconfirmed.returncode == 2
    assert "confirm with --yes" in unconfirmed.stderr
    lines = unconfirmed.stdout.splitlines()
    assert lines[0] == "Preview: Kharkiv Autumn Cup 2026 — UFGO rating, 2026-10-18"
    assert lines[1].split() == ["Player", "Before", "After", "Note"]
    assert any(re.match(r"Bondarenko Olena \(UFGO-0001\)\s+2215 \(2 dan\)", x) for x in lines)
    assert "New players, registered when you confirm (10)" in unconfirmed.stdout
    saved = run(["import", "ufgo", str(KHARKIV), "--register-new", "--yes"])
    assert saved.returncode == 0, saved.stderr
    assert saved.stdout.splitlines()[-1] == (
        "saved Kharkiv Autumn Cup 2026 (2026-10-18-kharkiv-autumn-cup), version 1"
    )


# --- round ---------------------------------------------------------------------------------


def _pairing(run: Cli, tournament: str) -> tuple[int, list[tuple[str, str]]]:
    """The published next round of ``tournament``: its number and (black, white) IDs, with
    (id, "BYE") for a player the round pairs with nobody."""
    session = run(["run", "--console"], stdin=f"/pairing {tournament}\n")
    assert session.returncode == 0, session.stderr
    found = re.search(r"pairing of round (\d+) of", session.stdout)
    assert found is not None, session.stdout
    number = int(found.group(1))
    pairs = re.findall(r"^\d+\s+.*?\((\S+)\)\s+.*?\((\S+)\)\s*$", session.stdout, re.M)
    assert pairs, session.stdout
    byes = re.findall(r"\((\S+)\)", "".join(re.findall(r"^Bye: (.*)$", session.stdout, re.M)))
    return number, pairs + [(fid, "BYE") for fid in byes]


def _round_text(number: int, pairs: list[tuple[str, str]]) -> str:
    games = "\n".join(
        f"{black} BYE" if white == "BYE" else f"{black} {white} {40 - i % 9}-{24 + i % 9}"
        for i, (black, white) in enumerate(pairs)
    )
    return f"round {number}\n{games}\n"


def test_round_on_the_demo_previews_and_writes(demo: Cli) -> None:
    number, pairs = _pairing(demo, "woc-2026-demo")
    (demo.cwd / "round.txt").write_text(_round_text(number, pairs), encoding="utf-8")
    unconfirmed = demo(["round", "woc-2026-demo", "round.txt"])
    assert unconfirmed.returncode == 2
    assert "nothing written: confirm with --yes" in unconfirmed.stderr
    assert unconfirmed.stdout.startswith("Preview: World Othello Championship 2026 (demo)")
    assert f"pairing of round {number + 1} of 13" in unconfirmed.stdout
    assert "The pairing below is published when you confirm." in unconfirmed.stdout
    assert _pairing(demo, "woc-2026-demo")[0] == number  # nothing written
    saved = demo(["round", "woc-2026-demo", "round.txt", "--yes"])
    assert saved.returncode == 0, saved.stderr
    assert re.search(r"saved World Othello Championship 2026 \(demo\), version \d+$", saved.stdout)
    assert _pairing(demo, "woc-2026-demo")[0] == number + 1
    standings = demo(["run", "--console"], stdin="/standings woc-2026-demo\n")
    assert f"standings after round {number} of 13" in standings.stdout


def test_round_refusals_name_the_line_and_write_nothing(demo: Cli) -> None:
    number, pairs = _pairing(demo, "woc-2026-demo")
    text = _round_text(number, pairs).replace(f"{pairs[1][0]} {pairs[1][1]} ", "WOF-9999 X ")
    (demo.cwd / "bad.txt").write_text(text, encoding="utf-8")
    refused = demo(["round", "woc-2026-demo", "bad.txt", "--yes"])
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"fedrank: error: Round {number} not accepted, nothing")
    assert "line 3, field 'black': unknown player 'WOF-9999'" in refused.stderr
    unknown = demo(["round", "no such cup", "bad.txt", "--yes"])
    assert unknown.returncode == 2
    assert "no such cup" in unknown.stderr
    assert _pairing(demo, "woc-2026-demo")[0] == number


def test_round_from_zero(run: Cli) -> None:
    _from_zero(
        run,
        ("WOF", "World Othello Federation", "Europe/Paris"),
        ("woc", "othello_woc", "World Othello Championship"),
    )
    example = EXAMPLES / "othello_woc" / "swiss_in_progress.txt"
    stored = run(["import", "woc", str(example), "--register-new", "--yes"])
    assert stored.returncode == 0, stored.stderr
    ids = dict(re.findall(r"^player: (\S+) \| ([^|]+?) \|", example.read_text("utf-8"), re.M))
    number, pairs = _pairing(run, "World Othello Championship 2026")
    assert number == 5
    assert all(black in ids and white in {*ids, "BYE"} for black, white in pairs)
    (run.cwd / "r5.txt").write_text(_round_text(number, pairs), encoding="utf-8")
    saved = run(["round", "World Othello Championship 2026", "r5.txt", "--yes"])
    assert saved.returncode == 0, saved.stderr
    assert "pairing of round 6 of" in saved.stdout
    assert saved.stdout.splitlines()[-1].endswith("version 2")


# --- export-ratings ------------------------------------------------------------------------


def test_export_egd_from_zero_has_the_registry_pins(run: Cli) -> None:
    _from_zero(
        run,
        ("UFGO", "Ukrainian Go Federation", "Europe/Kyiv"),
        ("ufgo", "go_ufgo", "UFGO rating"),
    )
    registry = run.cwd / "registry.csv"
    registry.write_text(
        "id,name,country,club,egd_pin,latin_name\n"
        ",Bondarenko Olena,UA,Kyiv,13600123,\n"
        ",Мельник Ірина,UA,Kyiv,,Melnyk Iryna\n",
        encoding="utf-8",
    )
    assert run(["players", "import", "UFGO", str(registry), "--yes"]).returncode == 0
    h9 = KHARKIV.read_text("utf-8").replace("Melnyk Iryna  ", "Мельник Ірина")
    (run.cwd / "cup.h9").write_text(h9, encoding="utf-8")
    stored = run(["import", "ufgo", "cup.h9", "--register-new", "--yes"])
    assert stored.returncode == 0, stored.stderr
    none = run(["export-ratings", "ufgo", "--format", "egd", "--out", "x.txt"])
    assert none.returncode == 2
    assert "ufgo has no published list; publish one first" in none.stderr
    assert run(["publish", "ufgo", "--date", "2026-11-01"]).returncode == 0
    done = run(["export-ratings", "ufgo", "--format", "egd", "--out", "ufgo.txt"])
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ufgo.txt: ufgo list of 2026-11-01, 10 players (egd)\n"
    text = (run.cwd / "ufgo.txt").read_bytes().decode("iso-8859-15")
    parsed = [p for p in map(parse_egd_line, text.splitlines()) if p is not None]
    assert len(parsed) == 10
    first = parsed[0]
    assert (first.pin, first.name, first.country, first.club) == (
        "13600123",
        "Bondarenko Olena",
        "UA",
        "Kyiv",
    )
    assert (first.grade, first.rating) == ("2d", 2222)
    melnyk = next(p for p in parsed if p.rating == 1796)
    assert (melnyk.name, melnyk.grade, melnyk.pin) == ("Melnyk Iryna", "4k", "")
    line = next(x for x in text.splitlines() if "Bondarenko" in x)
    start, end, _ = EGD_COLUMNS["pin"]
    assert line[start:end] == "13600123"
    # A date before the list: none in force.
    early = run(["export-ratings", "ufgo", "--date", "2026-10-01", "--out", "x.csv"])
    assert early.returncode == 2
    assert "ufgo has no published list on 2026-10-01" in early.stderr


def test_export_csv_on_the_demo(demo: Cli) -> None:
    done = demo(["export-ratings", "rmf-mcr", "--out", "rmf.csv"])
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(
        r"rmf\.csv: rmf-mcr list of \d{4}-\d\d-\d\d, \d+ players \(csv\)\n", done.stdout
    )
    raw = (demo.cwd / "rmf.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    lines = raw.decode("utf-8-sig").splitlines()
    assert lines[0] == "position,id,egd_pin,name,rating,title"
    assert lines[1].startswith("1,RMF-")
    assert len(lines) - 1 == int(done.stdout.split(", ")[1].split()[0])
    refused = demo(["export-ratings", "rmf-mcr", "--format", "egd", "--out", "x.txt"])
    assert refused.returncode == 2
    assert "the egd list is for Go; rmf-mcr is mahjong_rmf: use csv" in refused.stderr
    bad = demo(["export-ratings", "rmf-mcr", "--format", "pdf", "--out", "x.txt"])
    assert bad.returncode == 2
    assert "--format must be one of egd, csv" in bad.stderr
    unknown = demo(["export-ratings", "chess", "--out", "x.txt"])
    assert unknown.returncode == 2
    assert "unknown discipline 'chess'" in unknown.stderr
    assert not (demo.cwd / "x.txt").exists()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sample", "discipline"),
    [
        ("tula_autumn_cup_2026_cp1251.csv", "rmf-mcr"),
        ("kyiv_confucius_cup_2026_gb18030.csv", "ufgo"),
        ("odesa_winter_cup_2026.ods", "ufgo"),
        ("kazan_open_2026.xls", "rmf-mcr"),
        ("dnipro_open_2026_opengotha.xml", "ufgo"),
        ("kharkiv_winter_cup_2026_pins.h9", "ufgo"),
    ],
)
def test_import_reads_every_format_the_chat_reads(demo: Cli, sample: str, discipline: str) -> None:
    """fedrank import goes through the chats' one reading path: legacy encodings, ; CSV,
    .xls and .ods workbooks and OpenGotha XML are stored as /submit stores them."""
    path = Path(__file__).parents[2] / "examples" / "formats" / sample
    stored = demo(["import", discipline, str(path), "--yes", "--register-new"])
    assert stored.returncode == 0, stored.stderr
    assert stored.stdout.rstrip().splitlines()[-1].startswith("saved "), stored.stdout
    assert stored.stdout.rstrip().endswith("version 1"), stored.stdout


REAL_GO = Path(__file__).resolve().parents[2] / "examples" / "real" / "go_ufgo"


def test_real_opengotha_files_from_an_empty_database(
    run: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenGotha's own sample files, as OpenGotha wrote them (issue 33): its XML and its
    ISO-8859-1 h9 export are stored with ``--register-new`` and no edit, the discipline's
    default saying they are not official; an unfinished tournament is refused, naming each
    game without a result."""
    monkeypatch.setenv("FEDRANK_DATABASE_URL", f"sqlite+aiosqlite:///{run.cwd / 'real.db'}")
    assert run(["init"]).returncode == 0
    run(["federation", "add", "UFGO", "Ukrainian Go Federation", "--timezone", "Europe/Kyiv"])
    run(["discipline", "add", "UFGO", "ufgo", "go_ufgo", "UFGO rating"])
    xml = run(["import", "ufgo", str(REAL_GO / "juvisy_2019.xml"), "--yes", "--register-new"])
    assert xml.returncode == 0, xml.stderr
    assert "Fact official: no (the discipline's default)" in xml.stdout
    assert "Moscardo Léo (UFGO-" in xml.stdout  # the XML's UTF-8 names
    assert xml.stdout.strip().endswith("version 1")
    h9 = run(["import", "ufgo", str(REAL_GO / "juvisy_2019.h9"), "--yes", "--register-new"])
    assert h9.returncode == 0, h9.stderr
    # The same tournament from its ISO-8859-1 export: the same players ("Léo", "François"
    # read right), so nobody is new, and the file is a correction of the stored tournament.
    assert "New players" not in h9.stdout
    assert h9.stdout.strip().endswith("version 2")
    online = run(["import", "ufgo", str(REAL_GO / "ioct_2020_02.h9"), "--yes", "--register-new"])
    assert online.returncode == 0, online.stderr
    assert online.stdout.strip().endswith("version 1")
    unfinished = run(["import", "ufgo", str(REAL_GO / "cdfo_2020_unfinished.xml"), "--yes"])
    assert unfinished.returncode == 2
    assert "round 7: Robichon Benoit - Roubertie Julien has no result yet" in unfinished.stderr


@pytest.mark.slow
def test_opengotha_files_of_other_versions_from_an_empty_database(
    run: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenGotha's files of 3.3x to 3.51 (examples/real/go_ufgo/README.md): the EGC 2011
    file in ISO-8859-1 under OpenGotha's DOCTYPE line, with its one accented name 80 KB in,
    a 2017 club championship, a 3.45 file and a 3.51.01 file are stored as they are; three
    are refused rightly, each naming its reason."""
    monkeypatch.setenv("FEDRANK_DATABASE_URL", f"sqlite+aiosqlite:///{run.cwd / 'older.db'}")
    assert run(["init"]).returncode == 0
    run(["federation", "add", "UFGO", "Ukrainian Go Federation", "--timezone", "Europe/Kyiv"])
    run(["discipline", "add", "UFGO", "ufgo", "go_ufgo", "UFGO rating"])
    for name, version in (
        ("egc2011.xml", "EGC 2011 Main Tournament"),
        ("lyon_club_2017.xml", "Championnat du club de Lyon 2017"),
        ("ffg_licences_2017.xml", "Test Participation et Licence FFG"),
        ("cdfa_2020.xml", "Championnat de France amateur 2020"),
    ):
        stored = run(["import", "ufgo", str(REAL_GO / name), "--yes", "--register-new"])
        assert stored.returncode == 0, (name, stored.stderr)
        assert f"saved {version}" in stored.stdout, (name, stored.stdout[-300:])
        if name == "egc2011.xml":
            assert "Camps Marie-Françoise played no rated game" in stored.stdout
    lost = run(
        ["import", "ufgo", str(REAL_GO / "chinese_names_2020.h9"), "--yes", "--register-new"]
    )
    assert lost.returncode == 2
    assert "the name is written as '? ??'" in lost.stderr
    assert "could not hold its letters in ISO-8859-1" in lost.stderr
    jigo = run(
        ["import", "ufgo", str(REAL_GO / "jigo_below_100_2020.xml"), "--yes", "--register-new"]
    )
    assert jigo.returncode == 2
    assert "seed 002 §5.1" in jigo.stderr
    blitz = run(["import", "ufgo", str(REAL_GO / "team_egc_2013.xml"), "--yes", "--register-new"])
    assert blitz.returncode == 2
    assert "time control 20 min is below 45: not rated (seed 002 §1.7)" in blitz.stderr


def test_a_national_othello_table_from_an_empty_database(
    run: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """examples/othello_woc/national_standings.txt: a finished national championship entered
    as its published table, its players registered, its list published in that order."""
    monkeypatch.setenv("FEDRANK_DATABASE_URL", f"sqlite+aiosqlite:///{run.cwd / 'boa.db'}")
    assert run(["init"]).returncode == 0
    run(["federation", "add", "BOA", "British Othello Association", "--timezone", "UTC"])
    run(["discipline", "add", "BOA", "nat", "othello_woc", "National Othello"])
    example = REAL_GO.parents[1] / "othello_woc" / "national_standings.txt"
    stored = run(["import", "nat", str(example), "--yes", "--register-new"])
    assert stored.returncode == 0, stored.stderr
    assert "Dora Dale (GBR-04)      —        #5 · 4.5 pts · BQ 800" in stored.stdout
    assert stored.stdout.strip().endswith("version 1")
    published = run(["publish", "nat", "--date", "2024-08-01"])
    assert published.returncode == 0, published.stderr
    assert "6 players" in published.stdout
