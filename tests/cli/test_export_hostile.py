"""``export`` of hostile workbooks (issue 18): small files that used to hang it or make it eat
memory are each refused at once with one line that names the file and the part.

Before the limits of :mod:`elo_xl.io.xlsx_archive`: 100,000 sheets kept export busy for more
than 300 s (openpyxl reads a sheet's part again for every sheet that names it), 9 million
nested elements took 2.46 GB, a zip entry that lies about its size reached 2.09 GB before it
was refused (zipfile's ``read()`` of a whole member unpacks up to 2 GB at once), and UTF-16 XML
hid its document type from a byte search. The books here are small versions of those (the
limits are far below the sizes that hurt); ``bench/bench_faults.py export`` times the full ones.
"""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path


from elo_xl.cli import main
from elo_xl.export import book_to_trf
from elo_xl.io import xlsx_archive

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import hostile_books  # noqa: E402



from test_export_errors import book_bytes  # noqa: E402,F401  (one Swiss book made from the 10×9 TRF)


def refusal(data: bytes, tmp_path: Path, capsys, monkeypatch) -> str:
    """The one line ``elo-xl export`` prints for the book ``data`` (exit code 2, nothing written)."""
    monkeypatch.chdir(tmp_path)
    Path("hostile.xlsx").write_bytes(data)
    assert main(["export", "hostile.xlsx", "-o", "out.trf"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and not Path("out.trf").exists()
    assert err.startswith("elo-xl: hostile.xlsx: the ")
    return err.strip()


def test_more_sheets_than_export_reads(book_bytes, tmp_path, capsys, monkeypatch):
    line = refusal(hostile_books.many_sheets(book_bytes, xlsx_archive.MAX_SHEETS + 1), tmp_path, capsys, monkeypatch)
    assert "xl/workbook.xml names more than 256 sheets" in line or "for two sheets" in line


def test_many_sheets_with_their_own_ids(book_bytes, tmp_path, capsys, monkeypatch):
    parts = hostile_books._parts(book_bytes)
    extra = b"".join(b'<sheet name="X%d" sheetId="%d" r:id="rX%d" xmlns:r="http://schemas.openxmlformats.org/'
                     b'officeDocument/2006/relationships"/>' % (i, 100 + i, i) for i in range(300))
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(b"</sheets>", extra + b"</sheets>", 1)
    line = refusal(hostile_books._zip(parts), tmp_path, capsys, monkeypatch)
    assert line.endswith("xl/workbook.xml names more than 256 sheets, more than a workbook export reads; "
                         "the file is not a workbook elo-xl can read")


def test_two_sheets_naming_one_part(book_bytes, tmp_path, capsys, monkeypatch):
    line = refusal(hostile_books.many_sheets(book_bytes, 1), tmp_path, capsys, monkeypatch)
    assert "xl/workbook.xml names the part rId1 for two sheets, which no workbook does" in line


def test_more_defined_names_than_export_reads(book_bytes, tmp_path, capsys, monkeypatch):
    line = refusal(hostile_books.many_names(book_bytes, xlsx_archive.MAX_NAMES), tmp_path, capsys, monkeypatch)
    assert "xl/workbook.xml holds more than 5000 defined names" in line


def test_deeply_nested_xml(book_bytes, tmp_path, capsys, monkeypatch):
    line = refusal(hostile_books.deep_xml(book_bytes, 257), tmp_path, capsys, monkeypatch)
    assert "nests elements more than 256 deep, which no workbook does" in line


def test_nesting_at_the_limit_is_not_refused_for_depth(book_bytes, tmp_path):
    # the sheet part's own elements (worksheet > sheetData) are 2 levels: 254 more reach 256
    path = tmp_path / "deep.xlsx"
    path.write_bytes(hostile_books.deep_xml(book_bytes, 254))
    book_to_trf(path)  # openpyxl skips the unknown elements; the depth is allowed


def test_zip_sizes_that_lie_are_read_in_bounded_memory(book_bytes, tmp_path, capsys, monkeypatch):
    data = hostile_books.lying_sizes(book_bytes, 300 * 2**20)  # declares the honest size, unpacks to 300 MB
    assert len(data) < 1_000_000
    tracemalloc.start()
    try:
        line = refusal(data, tmp_path, capsys, monkeypatch)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "cannot be unpacked" in line and "does not match what the archive declares" in line
    assert peak < 40 * 2**20  # whole-member reads unpacked up to 300 MB here before


def test_utf16_document_type_is_refused(book_bytes, tmp_path, capsys, monkeypatch):
    data = hostile_books.utf16_doctype(book_bytes)
    xml = hostile_books._parts(data)["xl/workbook.xml"]
    assert b"<!DOCTYPE" not in xml and "<!DOCTYPE" in xml.decode("utf-16")  # the byte search misses it
    line = refusal(data, tmp_path, capsys, monkeypatch)
    assert line.endswith("xl/workbook.xml declares a document type, which no workbook does; "
                         "the file is not a workbook elo-xl can read")


def test_utf16_workbook_without_document_type_still_exports(book_bytes, tmp_path):
    parts = hostile_books._parts(book_bytes)
    text = parts["xl/workbook.xml"].decode("utf-8").split("?>", 1)[-1]
    parts["xl/workbook.xml"] = ('<?xml version="1.0" encoding="UTF-16"?>' + text).encode("utf-16")
    plain, utf16 = tmp_path / "plain.xlsx", tmp_path / "utf16.xlsx"
    plain.write_bytes(book_bytes)
    utf16.write_bytes(hostile_books._zip(parts))
    assert book_to_trf(utf16) == book_to_trf(plain)


def test_a_part_named_by_many_relationships_counts_once_per_reference(book_bytes, tmp_path, capsys, monkeypatch):
    parts = hostile_books._parts(book_bytes)
    sheet = hostile_books._largest_sheet(parts)
    rels = "xl/_rels/workbook.xml.rels"
    extra = b"".join(b'<Relationship Id="rZ%d" Type="x" Target="/%s"/>' % (i, sheet.encode()) for i in range(40))
    parts[rels] = parts[rels].replace(b"</Relationships>", extra + b"</Relationships>")
    total = sum(len(v) for v in parts.values())
    monkeypatch.setattr(xlsx_archive, "MAX_UNPACKED", total + 1)  # every part fits, 40 more reads do not
    line = refusal(hostile_books._zip(parts), tmp_path, capsys, monkeypatch)
    assert f"hostile.xlsx: the relationships in {rels} name parts that add up to more than" in line
