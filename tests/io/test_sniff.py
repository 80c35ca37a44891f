"""One answer to "what is this file?": the readers (``rate``) and ``export`` name a file that is
not what they read by the same words (io/sniff.py), each with its own advice."""

from __future__ import annotations

import io
import zipfile

import pytest

from elo_xl.cli import main
from elo_xl.io.sniff import what_file


def zipped(**parts: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name.replace("__", "/").replace("_", "."), data)
    return buffer.getvalue()


@pytest.mark.parametrize("data,kind", [
    (b"%PDF-1.7\n%\xe2\xe3", "a PDF document"),
    (b"\x1f\x8b\x08\x00" + bytes(40), "a gzip archive"),
    (b"\x89PNG\r\n\x1a\n" + bytes(40), "an image"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500), "an old-style Office file (.xls or .doc)"),
    (b"012 Open\n001    1 m    A", "a TRF file"),
    (b"name;rating;k\nA;2000;20\n", "a text file (CSV)"),
    (b"<?xml version='1.0'?><a/>", "an XML or HTML file"),
    (b"just some words\n", "a text file"),
    (b"\t\r\n ", "empty"),
    (bytes(range(256)), "binary data"),
    (zipped(mimetype=b"x", xl__workbook_xml=b"<w/>"), "an Excel workbook"),
])
def test_what_a_file_is(data, kind):
    assert what_file(data, "file") == kind


@pytest.mark.parametrize("data,kind", [
    (b"%PDF-1.7\n%\xe2\xe3", "a PDF document"),
    (b"\x1f\x8b\x08\x00" + bytes(40), "a gzip archive"),
    (b"\x89PNG\r\n\x1a\n" + bytes(40), "an image"),
])
def test_rate_and_export_say_the_same(tmp_path, capsys, data, kind):
    path = tmp_path / "file.bin"
    path.write_bytes(data)
    assert main(["rate", str(path)]) == 2
    assert capsys.readouterr().err == f"elo-xl: file.bin is {kind}, not a TRF file\n"
    assert main(["export", str(path), "-o", str(tmp_path / "out.trf")]) == 2
    assert capsys.readouterr().err == f"elo-xl: {path} is {kind}, not an Excel workbook\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.bin"]


def test_control_characters_are_counted_as_each_reader_means_them():
    # decode: C0 controls but tab, line ends, form feed and the DOS end-of-file mark; and C1
    # controls. sniff: C0 controls but tab, line ends and form feed.
    import importlib

    decode, sniff = importlib.import_module("elo_xl.io.decode"), importlib.import_module("elo_xl.io.sniff")
    text = "\x01\x1a\x0c\t\r\n\x85\x7f\x1b a"
    assert len(decode._CONTROLS.findall(text)) == 4   # \x01 \x85 \x7f \x1b
    assert len(sniff._CONTROLS.findall(text)) == 3    # \x01 \x1a \x1b
