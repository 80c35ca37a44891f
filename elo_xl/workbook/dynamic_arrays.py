"""Formulas stored as Excel 365 stores a dynamic-array formula: the value spills, and Excel
shows the formula as typed (no ``=@…``, no ``{=…}``).

Excel stores a formula typed into a cell as an array formula over the range it fills (its
spill range, one cell for a single value) whose cell points at cell metadata marking it
dynamic ([MS-XLSX] 2.6.1 ``dynamicArrayProperties``: ``fDynamic``)::

    <c r="C5" cm="1"><f t="array" ref="C5">ELO_NEW(2500,2400,1,10)</f></c>

and the workbook holds the part ``xl/metadata.xml`` with that metadata (its relationship
``sheetMetadata`` from the workbook). Without the ``cm`` mark, Excel 365 reads a plain formula
that calls a defined name as an older Excel would, adding the implicit intersection ``@``
(a spilling value is cut to its first cell), and an array formula as a legacy one, ``{=…}``.
LibreOffice and Gnumeric read the array formula over the same range and ignore the metadata.

>>> f = SpillFormula("C5", "=ELO_NEW(2500,2400,1,10)")
>>> f.ref, f.text
('C5', '=ELO_NEW(2500,2400,1,10)')
"""

from __future__ import annotations

import io
import zipfile
from operator import attrgetter

from openpyxl.worksheet.formula import ArrayFormula

PART = "xl/metadata.xml"
RELATIONSHIP = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata"
CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"
#: The cell metadata a dynamic-array formula's cell points at (``cm="1"``: the first record).
METADATA = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">'
    '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" '
    'pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" '
    'coerce="1" cellMeta="1"/></metadataTypes>'
    '<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}">'
    '<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>'
    '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>')
#: What a dynamic-array formula's cell carries besides its formula.
CELL_MARK = ' cm="1"'


class SpillFormula(ArrayFormula):
    """A formula Excel stores as a dynamic array over ``ref``, the range its value fills."""

    #: Whether this process has made one (no book holds one before: :func:`holds_spills` looks no further).
    made = False

    def __new__(cls, *args: object, **kwargs: object) -> "SpillFormula":  # copies and unpickled ones too
        SpillFormula.made = True
        return super().__new__(cls)


def holds_spills(workbook: object) -> bool:
    """Whether a cell of the openpyxl ``workbook`` holds a :class:`SpillFormula`."""
    if not SpillFormula.made:
        return False
    value = attrgetter("_value")
    for ws in workbook.worksheets:  # type: ignore[attr-defined]
        # the types of the values, gathered in C (a big book has half a million cells)
        if any(issubclass(kind, SpillFormula) for kind in set(map(type, map(value, ws._cells.values())))):
            return True
    return False


def with_metadata(xlsx: bytes) -> bytes:
    """``xlsx`` with the part :data:`PART`, its relationship and its content type (every other
    part as it was, in the same order).

    >>> import openpyxl
    >>> buffer = io.BytesIO(); openpyxl.Workbook().save(buffer)
    >>> done = zipfile.ZipFile(io.BytesIO(with_metadata(buffer.getvalue())))
    >>> PART in done.namelist(), b"sheetMetadata" in done.read("xl/_rels/workbook.xml.rels")
    (True, True)
    """
    output = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(xlsx)) as source, zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(b"</Relationships>", f'<Relationship Id="rIdMetadata" Type="{RELATIONSHIP}" '
                                    f'Target="metadata.xml"/></Relationships>'.encode())
            elif info.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", f'<Override PartName="/{PART}" ContentType="{CONTENT_TYPE}"/>'
                                    "</Types>".encode())
            target.writestr(info, data)
        info = zipfile.ZipInfo(PART, date_time=source.infolist()[0].date_time)
        info.compress_type = zipfile.ZIP_DEFLATED
        target.writestr(info, METADATA)
    return output.getvalue()
