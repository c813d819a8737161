"""The PNG chart is a valid image of the requested size."""

import struct
import zlib
from datetime import date

import pytest

from fedrank.handlers.chart import HEIGHT, WIDTH, rating_chart


def test_png_structure() -> None:
    png = rating_chart([(date(2025, 1, 1), 1200.0), (date(2025, 4, 1), 1260.5)])
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", png[8:16])
    assert kind == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (WIDTH, HEIGHT)
    crc = struct.unpack(">I", png[16 + length : 20 + length])[0]
    assert crc == zlib.crc32(png[12 : 16 + length]) & 0xFFFFFFFF
    assert png.endswith(b"IEND\xaeB`\x82")


def test_single_point_and_empty() -> None:
    assert rating_chart([(date(2025, 1, 1), 5.0)]).startswith(b"\x89PNG")
    with pytest.raises(ValueError, match="at least one point"):
        rating_chart([])
