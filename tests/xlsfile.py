"""A minimal old Excel workbook (.xls: BIFF8 records in an OLE2 compound file) for tests and
the examples, written from the published layouts ([MS-XLS], [MS-CFB]) since no writer of the
format is installed: one worksheet of numbers and strings, nothing else."""

from __future__ import annotations

import struct
from collections.abc import Sequence

Cell = str | int | float | None

_SECTOR = 512
_FREE, _END, _FAT = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD
_NONE = 0xFFFFFFFF


def _record(kind: int, body: bytes) -> bytes:
    return struct.pack("<HH", kind, len(body)) + body


def _bof(kind: int) -> bytes:
    return _record(0x0809, struct.pack("<HHHHII", 0x0600, kind, 0x0DBB, 0x07CC, 0, 6))


def _text(value: str, length_bytes: int) -> bytes:
    head = struct.pack("<B" if length_bytes == 1 else "<H", len(value))
    return head + b"\x01" + value.encode("utf-16-le")


def _font() -> bytes:
    return _record(
        0x0031, struct.pack("<HHHHHBBBB", 200, 0, 0x7FFF, 400, 0, 0, 0, 0, 0) + _text("Arial", 1)
    )


def _xf(style: bool) -> bytes:
    kind = 0xFFF5 if style else 0x0001
    return _record(0x00E0, struct.pack("<HHHBBBBIIH", 0, 0, kind, 0x20, 0, 0, 0, 0, 0, 0x20C0))


def _sheet(rows: Sequence[Sequence[Cell]]) -> bytes:
    width = max((len(r) for r in rows), default=0)
    out = _bof(0x0010)
    out += _record(0x0200, struct.pack("<IIHHH", 0, len(rows), 0, width, 0))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is None or value == "":
                continue
            if isinstance(value, str):
                out += _record(0x0204, struct.pack("<HHH", r, c, 15) + _text(value, 2))
            else:
                out += _record(0x0203, struct.pack("<HHHd", r, c, 15, float(value)))
    return out + _record(0x000A, b"")


def workbook_stream(rows: Sequence[Sequence[Cell]], name: str = "Sheet1") -> bytes:
    """The BIFF8 ``Workbook`` stream: globals (a font, 16 style XFs and one cell XF, the
    sheet's BOUNDSHEET), padded to 4,096 bytes (a smaller stream would go in the mini stream),
    then the worksheet."""
    head = _bof(0x0005) + _record(0x0042, struct.pack("<H", 1200))
    head += b"".join(_font() for _ in range(5))
    head += b"".join(_xf(True) for _ in range(15)) + _xf(False)
    sheet = _sheet(rows)
    bound_size = 4 + 4 + 2 + len(_text(name, 1))
    eof = _record(0x000A, b"")
    pad = max(0, 4096 - (len(head) + bound_size + len(eof) + len(sheet)))
    filler = b""
    while len(filler) < pad:  # INTERFACEEND records: empty, ignored by readers
        filler += _record(0x00E2, b"")
    offset = len(head) + len(filler) + bound_size + len(eof)
    bound = _record(0x0085, struct.pack("<IBB", offset, 0, 0) + _text(name, 1))
    return head + filler + bound + eof + sheet


def _entry(name: str, kind: int, child: int, start: int, size: int) -> bytes:
    encoded = (name + "\0").encode("utf-16-le") if name else b""
    return (
        encoded.ljust(64, b"\0")
        + struct.pack("<HBB", len(encoded), kind, 1)
        + struct.pack("<III", _NONE, _NONE, child)
        + b"\0" * 16
        + struct.pack("<I", 0)
        + b"\0" * 16
        + struct.pack("<II", start, size)
        + b"\0" * 4
    )


def compound_file(stream: bytes) -> bytes:
    """An OLE2 compound file (version 3, 512-byte sectors) holding ``stream`` as ``Workbook``:
    sector 0 the FAT, then the stream's sectors, then the directory."""
    data = stream.ljust(-(-len(stream) // _SECTOR) * _SECTOR, b"\0")
    count = len(data) // _SECTOR
    if count + 2 > _SECTOR // 4:
        raise ValueError("the stream is too large for one FAT sector")
    fat = [_FAT] + [i + 1 for i in range(1, count)] + [_END, _END]
    fat += [_FREE] * (_SECTOR // 4 - len(fat))
    directory_sector = count + 1
    header = (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
        + b"\0" * 16
        + struct.pack("<HHHHH", 0x003E, 0x0003, 0xFFFE, 9, 6)
        + b"\0" * 6
        + struct.pack("<IIIIIIIII", 0, 1, directory_sector, 0, 4096, _END, 0, _END, 0)
        + struct.pack("<I", 0)
        + struct.pack("<108I", *([_FREE] * 108))
    )
    directory = (
        _entry("Root Entry", 5, 1, _END, 0)
        + _entry("Workbook", 2, _NONE, 1, len(stream))
        + _entry("", 0, _NONE, 0, 0) * 2
    )
    return header + struct.pack(f"<{_SECTOR // 4}I", *fat) + data + directory


def xls(rows: Sequence[Sequence[Cell]], name: str = "Sheet1") -> bytes:
    """A one-sheet ``.xls`` holding ``rows`` (row 1 first, column A first)."""
    return compound_file(workbook_stream(rows, name))
