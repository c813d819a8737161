"""A text file's encoding and a CSV's separator: told apart deterministically, refused
clearly when they cannot be; hypothesis shows no bytes crash the detector."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from fedrank.formats.textfile import (
    CP1251,
    CP1252,
    GB18030,
    UTF8,
    UTF8_BOM,
    UTF16,
    DecodeError,
    chinese_share,
    csv_rows,
    decode,
    detect_separator,
)

RUSSIAN = "место;игрок;уровень\n1;Иванов Пётр;D1\n2;Смирнова Алёна;1k\n"
UKRAINIAN = "гравець;клуб\nЖук Ігор;Львів\nЄвтушенко Ґанна;Київ\n"
CHINESE = "名次,选手,等级\n1,张伟,3\n2,李娜,5\n"
LATIN = (
    "; Hélène Cup - Lyon\n"
    "  1 Müller Jürgen  2d DE Berl\n"
    "  2 Núñez José     1k ES Madr\n"
    "  3 Bjørnstad Ågot 5k NO Oslo\n"
)
#: Windows-1252's own letters and punctuation (Š, Ž, the dash), which ISO-8859-1 lacks.
LATIN_1252 = LATIN.replace("Cup - ", "Cup – ") + "  4 Šimková Žofie  3k CZ Prah\n"


@pytest.mark.parametrize(
    ("content", "text", "encoding"),
    [
        (b"plain ascii\n", "plain ascii\n", UTF8),
        ("Пётр 张伟\n".encode(), "Пётр 张伟\n", UTF8),
        (codecs.BOM_UTF8 + "Пётр\n".encode(), "Пётр\n", UTF8_BOM),
        (codecs.BOM_UTF16_LE + "Пётр\n".encode("utf-16-le"), "Пётр\n", UTF16),
        (codecs.BOM_UTF16_BE + "Имя;ID\r\n".encode("utf-16-be"), "Имя;ID\r\n", UTF16),
        # In Windows-1251 "яю" and "юя" are the bytes of UTF-16's marks (FF FE, FE FF): a
        # file starting with them is still read as Windows-1251 (even and odd lengths).
        ("яюшка;петров;иванов\r\n".encode("cp1251"), "яюшка;петров;иванов\r\n", CP1251),
        ("юяна;петров;иван\r\n".encode("cp1251"), "юяна;петров;иван\r\n", CP1251),
        (RUSSIAN.encode("cp1251"), RUSSIAN, CP1251),
        (UKRAINIAN.encode("cp1251"), UKRAINIAN, CP1251),
        (CHINESE.encode("gb18030"), CHINESE, GB18030),
        ("成都桥牌俱乐部 2026 年 3 月网络双人赛".encode("gb18030"), None, GB18030),
        # OpenGotha writes its h9 exports in ISO-8859-1; Excel in the West, Windows-1252.
        (LATIN.encode("latin-1"), LATIN, CP1252),
        (LATIN_1252.encode("cp1252"), LATIN_1252, CP1252),
        ("Müller Jürgen\n".encode("latin-1"), "Müller Jürgen\n", CP1252),
        ("Šára Ďurčová\n".encode("cp1252", "replace"), None, CP1252),
    ],
)
def test_each_encoding_is_recognised(content: bytes, text: str | None, encoding: str) -> None:
    decoded = decode(content)
    assert decoded.encoding == encoding
    if text is not None:
        assert decoded.text == text


def test_undecidable_or_unknown_bytes_are_refused_naming_the_line() -> None:
    with pytest.raises(DecodeError) as caught:
        decode("ok\nstill ok\n王\n".encode("gb18030"))  # one character: both read it
    assert caught.value.line == 3
    with pytest.raises(DecodeError):
        decode(b"\x81\x82 \xff\x00\x98")  # neither Windows-1251 (0x98) nor GB18030


@pytest.mark.parametrize(
    ("text", "separator"),
    [
        ("a;b;c\n1;2,5;3\n", ";"),
        ("a,b,c\n1,2,3\n", ","),
        ("a\tb\n1\t2\n", "\t"),
        ("name: Tula;;\nid: x;;\nplace;player;level\n1;Ivanov, Petr;D1\n", ";"),
        ("name,Lviv\ndate,2026-11-07\n\nplayer,ik,held_dan\nX,1,\n", ","),
        ('"a;b",c\n"x;y",z\n', ","),
        ("# only a comment\n\n", ","),
        ("one cell\nanother\n", ","),
        # A title with a comma (and its own count of cells) does not decide: the table does.
        ("name: Cup, Moscow;;;\nplace;player;level\n1;Ivanov;D1\n2;Petrov;1k\n", ";"),
        ("Кубок Тулы, этап 2\nместо;игрок;очки\n1;Иванов;2,5\n2;Петров;1,5\n", ";"),
        ("title;Open; 2026\nplace,player,score\n1,Ivanov,2\n2,Petrov,1\n", ","),
    ],
)
def test_the_separator_is_told_from_the_header_and_the_lines_after_it(
    text: str, separator: str
) -> None:
    assert detect_separator(text) == separator


def test_csv_rows_keep_the_files_line_numbers() -> None:
    assert csv_rows('a;"b;c"\n\n 1 ; 2 \n', ";") == {1: ["a", "b;c"], 3: ["1", "2"]}


_CYRILLIC_WORDS = st.lists(
    st.text(alphabet="абвгдежзийклмнопрстуфхцчшщыэюяєіїґ", min_size=2, max_size=9),
    min_size=3,
    max_size=12,
)
_COMMON_HANZI = st.text(
    alphabet="王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段",
    min_size=4,
    max_size=40,
)


@settings(max_examples=150, deadline=None, database=None)
@given(content=st.binary(max_size=400))
def test_any_bytes_are_read_or_refused(content: bytes) -> None:
    try:
        decoded = decode(content)
    except DecodeError as refused:
        assert refused.line >= 1
        return
    assert decoded.encoding in (UTF8, UTF8_BOM, UTF16, CP1251, GB18030, CP1252)


def _valid_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@settings(max_examples=100, deadline=None, database=None)
@given(words=_CYRILLIC_WORDS, capital=st.booleans())
def test_cyrillic_names_in_windows_1251_are_never_read_as_gb18030(
    words: list[str], capital: bool
) -> None:
    text = ";".join(w.capitalize() if capital else w for w in words) + "\r\n"
    # Bytes that are also valid UTF-8 ("Вє" is C2 BA, UTF-8's "º") are read as UTF-8, by
    # design: a real file that decodes as UTF-8 is UTF-8 far more often than not.
    assume(not _valid_utf8(text.encode("cp1251")))
    try:
        decoded = decode(text.encode("cp1251"))
    except DecodeError:
        # Allowed only when GB18030 reads it as plausibly (e.g. "Аа;Аа;Аа": three common
        # characters); a wrong reading is never allowed.
        assert chinese_share(text.encode("cp1251").decode("gb18030")) >= 0.6
        return
    assert (decoded.encoding, decoded.text) == (CP1251, text)


@settings(max_examples=100, deadline=None, database=None)
@given(names=_COMMON_HANZI)
def test_chinese_names_in_gb18030_are_never_read_as_windows_1251(names: str) -> None:
    text = ",".join(names) + "\n"
    # As for Windows-1251 above: bytes that are also valid UTF-8 are read as UTF-8, by design
    # ("卢,姚,薛,魏" in GB18030 is UTF-8's "¬,Ҧ,Ѧ,κ"; hypothesis found it).
    assume(not _valid_utf8(text.encode("gb18030")))
    try:
        decoded = decode(text.encode("gb18030"))
    except DecodeError:
        return  # a refusal is allowed; a wrong reading is not
    assert (decoded.encoding, decoded.text) == (GB18030, text)


@settings(max_examples=150, deadline=None, database=None)
@given(text=st.text(alphabet=st.sampled_from(list(";,\t\"'\n ab1#")), max_size=300))
def test_any_text_has_one_of_the_three_separators(text: str) -> None:
    assert detect_separator(text) in (";", ",", "\t")
    for number, cells in csv_rows(text, detect_separator(text)).items():
        assert number >= 1 and any(cells)


_LATIN_NAMES = st.lists(
    st.tuples(
        st.sampled_from(["M", "J", "H", "N", "B", "D", "S", "K"]),
        st.text(alphabet="abcdefghilmnorstuvz", min_size=2, max_size=7),
        st.sampled_from(list("äöüßéèêëàâçñóòôõúùûíìîïåøæÿ")),
        st.text(alphabet="abcdefghilmnorstuvz", min_size=1, max_size=5),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=100, deadline=None, database=None)
@given(names=_LATIN_NAMES, separator=st.sampled_from([";", ",", "\t", " "]))
def test_accented_latin_names_in_iso_8859_1_are_read_as_such(
    names: list[tuple[str, str, str, str]], separator: str
) -> None:
    text = separator.join("".join(parts) for parts in names) + "\n"
    content = text.encode("latin-1")
    assume(not _valid_utf8(content))
    assert (decode(content).encoding, decode(content).text) == (CP1252, text)


@settings(max_examples=100, deadline=None, database=None)
@given(words=_CYRILLIC_WORDS)
def test_cyrillic_in_windows_1251_is_never_read_as_windows_1252(words: list[str]) -> None:
    text = ";".join(w.capitalize() for w in words) + "\r\n"
    assume(not _valid_utf8(text.encode("cp1251")))
    try:
        decoded = decode(text.encode("cp1251"))
    except DecodeError:
        return  # refused only when GB18030 reads it too (the test above)
    assert decoded.encoding == CP1251


def test_a_large_file_is_judged_on_its_lines_with_non_ascii_bytes() -> None:
    """A 500 KB tournament file whose one accented name is past the first 64 KB (OpenGotha's
    egc2011.xml has "Marie-Françoise" on line 433) is read as Windows-1252, not refused."""
    filler = b"".join(b'<Player name="Smith" firstName="John" rank="3K"/>\n' for _ in range(2_000))
    content = filler + 'firstName="Marie-Françoise" name="Dupont"\n'.encode("latin-1") + filler
    decoded = decode(content)
    assert decoded.encoding == CP1252
    assert "Marie-Françoise" in decoded.text


@pytest.mark.parametrize(
    ("declared", "content", "encoding"),
    [
        ("ISO-8859-1", "Björn Müller".encode("latin-1"), CP1252),
        ("windows-1251", "Иванов Пётр".encode("cp1251"), CP1251),
        ("GB2312", "张伟".encode("gb18030"), GB18030),
    ],
)
def test_an_xml_file_is_read_in_the_encoding_it_declares(
    declared: str, content: bytes, encoding: str
) -> None:
    head = f'<?xml version="1.0" encoding="{declared}" standalone="no"?>\n<T n="'.encode()
    decoded = decode(head + content + b'"/>\n')
    assert decoded.encoding == encoding
    assert (
        content.decode(
            "gb18030" if encoding == GB18030 else "cp1251" if encoding == CP1251 else "latin-1"
        )
        in decoded.text
    )


def test_a_declaration_the_bytes_contradict_is_not_believed() -> None:
    """An XML saved as Windows-1251 by an editor that kept "GB18030" in its prolog: the
    bytes do not decode as declared, so the usual plausibility decides."""
    head = b'<?xml version="1.0" encoding="GB18030"?>\n'
    body = "Иванов Пётр Сергеевич\n".encode("cp1251") * 3
    assert decode(head + body + b"\xff\xff").encoding in (CP1251,)
