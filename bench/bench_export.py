"""Benchmark of ``export``: prints how long reading a Swiss book takes, for real books and for
the small files that used to keep it busy (the issue of real files: a 69 kB workbook holding a
large compressible XML comment took 20 s, a 331 kB one minutes; target: a few seconds at most).

    python bench/bench_export.py
"""

from __future__ import annotations

import contextlib
import io
import tempfile
import time
import zipfile
from pathlib import Path

from elo_xl import workbook
from elo_xl.errors import EloError
from elo_xl.export import book_to_trf

TRF = Path(__file__).resolve().parent.parent / "tests" / "data" / "trf" / "swiss-10x9.trf"


def with_comment(data: bytes, size: int) -> bytes:
    """The book with a comment of ``size`` characters in its largest sheet part."""
    source = zipfile.ZipFile(io.BytesIO(data))
    sheet = max((i for i in source.infolist() if i.filename.startswith("xl/worksheets/")), key=lambda i: i.file_size)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            part = source.read(info)
            if info.filename == sheet.filename:
                part = part.replace(b"<sheetData>", b"<!--" + b"x" * size + b"--><sheetData>", 1)
            target.writestr(info.filename, part, compresslevel=9)
    return buffer.getvalue()


def timed(label: str, data: bytes, folder: Path) -> None:
    path = folder / "book.xlsx"
    path.write_bytes(data)
    start = time.perf_counter()
    try:
        book_to_trf(path)
        outcome = "exported"
    except EloError as error:
        outcome = f"refused: {str(error)[:90]}"
    print(f"{label:<44} {len(data) / 1024:8.0f} kB {time.perf_counter() - start:7.2f} s  {outcome}")


def main() -> None:
    from elo_xl.cli import main as cli

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        prefilled = folder / "prefilled.xlsx"
        with contextlib.redirect_stdout(io.StringIO()):
            cli(["workbook", "swiss", "--from", str(TRF), "-o", str(prefilled)])
        small = prefilled.read_bytes()
        timed("10 players x 9 rounds, prefilled", small, folder)
        timed("60 x 9, empty (default book)", workbook.build("swiss"), folder)
        timed("1000 x 15, empty (largest book)", workbook.build("swiss", players=1000, rounds=15), folder)
        timed("comment of 70 M characters (issue: 20 s)", with_comment(small, 70_000_000), folder)
        timed("comment of 30 M characters (within 64 MB)", with_comment(small, 30_000_000), folder)
        timed("comment of 330 M characters (issue: minutes)", with_comment(small, 330_000_000), folder)
        timed("comment of 250 k characters (accepted)", with_comment(small, 250_000), folder)


if __name__ == "__main__":
    main()
