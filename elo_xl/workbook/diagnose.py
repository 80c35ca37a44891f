"""Why a recalculated book holds errors: the message ``recalc`` gives, naming the first cells
and the likely cause.

The likely cause it can see is a row deleted or inserted among the players: their numbers,
typed 1, 2, 3… in the first column of the rows the book names ``Names``, then jump (11, 13:
a row deleted) or stop (a blank: a row inserted).

>>> errors_message("cup.xlsx", [("Swiss", "AN17", "#REF!"), ("Swiss", "AO17", "#REF!")], None)
'cup.xlsx: 2 cells hold an error after recalculation: Swiss!AN17 #REF!, Swiss!AO17 #REF!; the values are stored, the errors as errors; check the formulas of these cells (a formula typed over, a row or column deleted?)'
"""

from __future__ import annotations

import io
from typing import Any

from .names import PLAYER_FIELDS

__all__ = ["errors_message", "players_jump", "SHOWN"]

#: How many error cells the message names.
SHOWN = 5


def errors_message(book: str, errors: list[tuple[str, str, str]], jump: str | None) -> str:
    """One line: how many cells hold an error, the first :data:`SHOWN` of them, the likely
    cause (``jump``, from :func:`players_jump`) or where to look."""
    shown = ", ".join(f"{sheet}!{cell} {code}" for sheet, cell, code in errors[:SHOWN])
    more = f" and {len(errors) - SHOWN} more" if len(errors) > SHOWN else ""
    count = f"{len(errors)} cell{'' if len(errors) == 1 else 's'} hold{'s' if len(errors) == 1 else ''}"
    cause = (f"likely cause: {jump}" if jump else
             "check the formulas of these cells (a formula typed over, a row or column deleted?)")
    return (f"{book}: {count} an error after recalculation: {shown}{more}; the values are stored, the errors as "
            f"errors; {cause}")


def players_jump(xlsx: bytes) -> str | None:
    """Where the players' numbers (the first column of the rows named ``Names``) stop running
    1, 2, 3…, as a clause for :func:`errors_message`; None when they run on, or when the book
    has no such rows.

    >>> import openpyxl
    >>> wb = openpyxl.Workbook(); ws = wb.active; ws.title = "Swiss"
    >>> for n in (1, 2, 4): _ = ws.append([n, f"P{n}"])
    >>> from openpyxl.workbook.defined_name import DefinedName
    >>> wb.defined_names["Names"] = DefinedName("Names", attr_text="'Swiss'!$B$1:$B$3")
    >>> buffer = io.BytesIO(); wb.save(buffer)
    >>> players_jump(buffer.getvalue())
    "the players' numbers jump from 2 to 4 at Swiss!A3: a player's row was deleted (undo it; a player who withdraws keeps his row, his rounds left blank)"
    """
    import openpyxl
    from openpyxl.utils.cell import range_boundaries

    try:
        wb = openpyxl.load_workbook(io.BytesIO(xlsx), read_only=True)
        name = wb.defined_names.get(PLAYER_FIELDS["name"])
        if name is None:
            return None
        sheet, ref = next(iter(name.destinations))
        _, first, _, last = range_boundaries(ref.replace("$", ""))
        rows = wb[sheet].iter_rows(min_row=first, max_row=last + 1, max_col=1, values_only=True)
        numbers: list[Any] = [row[0] if row else None for row in rows]
    except Exception:  # a book this check cannot read: no cause named, the cells still are
        return None
    for k, value in enumerate(numbers[:last - first + 1], 1):
        if value == k:
            continue
        where = f"{sheet}!A{first + k - 1}"
        if value is None or value == "":
            return (f"{where} holds no player number where {k} belongs: a row was inserted among the players "
                    "(undo it; add a player at the end of the list)")
        if isinstance(value, (int, float)) and value > k:
            return (f"the players' numbers jump from {k - 1} to {value:g} at {where}: a player's row was deleted "
                    "(undo it; a player who withdraws keeps his row, his rounds left blank)")
        return f"{where} holds {value!r} where player number {k} belongs: a row was moved, deleted or inserted"
    return None
