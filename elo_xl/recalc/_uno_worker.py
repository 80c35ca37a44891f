"""The UNO half of :mod:`elo_xl.recalc.libreoffice`: run by a Python that can ``import uno``.

This file is a standalone script, not part of the package's import graph. LibreOffice's
Python bridge (Debian's ``python3-uno``) is built for one interpreter, usually
``/usr/bin/python3``, so :class:`elo_xl.recalc.LibreOffice` starts this script with that
interpreter and talks to it through pipes. It imports nothing from ``elo_xl`` and imports
``uno`` only inside :func:`main`, so the package (and pytest's doctest collection) can import
it anywhere.

Protocol: the worker connects to the ``soffice`` listening on the pipe named by its first
argument (retrying while ``soffice`` starts), then answers one JSON line on stdout for each
JSON line on stdin.

- the first line it writes is ``{"ready": true, "seconds": ...}`` or
  ``{"ready": false, "error": "..."}``;
- a request ``{"op": "recalculate" | "pdf", "src": ..., "dst": ...}`` gets
  ``{"ok": true, "seconds": ...}`` or ``{"ok": false, "error": "..."}``;
- ``{"op": "values", "src": ...}`` gets ``{"ok": true, "seconds": ..., "values": {sheet:
  {"B7": value}}}``: every formula cell's result after ``calculateAll`` (numbers, text, and
  error cells as their text, ``#DIV/0!`` or ``Err:502``), read over the bridge one block of
  formula cells at a time, without saving the document;
- ``{"op": "ping"}`` gets ``{"ok": true, "seconds": 0.0}``;
- ``{"op": "quit"}``, or the end of stdin (the parent died), makes it ask LibreOffice to
  terminate and exit.

Everything else the worker or the bridge might print goes to stderr: stdout carries only
the protocol.
"""

import json
import os
import sys
import time

#: Filter names of ``XStorable.storeToURL`` for each operation.
FILTERS = {"recalculate": "Calc MS Excel 2007 XML", "pdf": "calc_pdf_Export"}


def one_line(error):
    """An exception as one line of text: its class name and message."""
    text = " ".join(str(getattr(error, "Message", "") or error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


#: ``com.sun.star.sheet.CellFlags.FORMULA`` and ``com.sun.star.sheet.FormulaResult.ERROR``.
FORMULA_CELLS, ERROR_RESULTS = 16, 4


def column_letters(column):
    """``0`` -> ``A``, ``26`` -> ``AA`` (a column index from 0)."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def sheet_values(sheet):
    """{"B7": result} of every formula cell of *sheet*: numbers as floats, text as text, an
    error as the text LibreOffice shows for it (``getDataArray`` has no error values)."""
    found = {}
    for address in sheet.queryContentCells(FORMULA_CELLS).getRangeAddresses():
        block = sheet.getCellRangeByPosition(address.StartColumn, address.StartRow,
                                             address.EndColumn, address.EndRow)
        letters = [column_letters(c) for c in range(address.StartColumn, address.EndColumn + 1)]
        for r, row in enumerate(block.getDataArray(), start=address.StartRow + 1):
            number = str(r)
            found.update(zip([letter + number for letter in letters], row))
    for address in sheet.queryFormulaCells(ERROR_RESULTS).getRangeAddresses():
        for column in range(address.StartColumn, address.EndColumn + 1):
            for row in range(address.StartRow, address.EndRow + 1):
                found[f"{column_letters(column)}{row + 1}"] = sheet.getCellByPosition(column, row).getString()
    return found


def close(document):
    """Close *document* without saving (dispose of it if it refuses)."""
    try:
        document.close(True)
    except Exception:
        document.dispose()


class Worker:
    """One UNO connection to one running ``soffice``."""

    def __init__(self, pipe_name, connect_timeout):
        import uno  # noqa: F401  (only available under LibreOffice's Python)

        self.uno = uno
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local
        )
        url = f"uno:pipe,name={pipe_name};urp;StarOffice.ComponentContext"
        deadline = time.monotonic() + connect_timeout
        while True:
            try:
                context = resolver.resolve(url)
                break
            except Exception as error:  # NoConnectException while soffice starts
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"could not connect to LibreOffice within {connect_timeout:g} s: "
                        + one_line(error)
                    ) from None
                time.sleep(0.05)
        self.desktop = context.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", context
        )

    def properties(self, **values):
        """A tuple of ``com.sun.star.beans.PropertyValue`` from keyword arguments."""
        from com.sun.star.beans import PropertyValue

        result = []
        for name, value in values.items():
            item = PropertyValue()
            item.Name = name
            item.Value = value
            result.append(item)
        return tuple(result)

    def convert(self, op, src, dst):
        """Load *src* hidden, recalculate every formula, store it to *dst* with the op's filter."""
        document = self.load(src)
        try:
            if not hasattr(document, "calculateAll"):
                raise RuntimeError(f"{src} is not a spreadsheet")
            document.calculateAll()
            document.storeToURL(
                self.uno.systemPathToFileUrl(os.path.abspath(dst)),
                self.properties(FilterName=FILTERS[op], Overwrite=True),
            )
        finally:
            close(document)

    def values(self, src):
        """Load *src* hidden, recalculate every formula, and return its formula cells' results."""
        document = self.load(src)
        try:
            if not hasattr(document, "calculateAll"):
                raise RuntimeError(f"{src} is not a spreadsheet")
            document.calculateAll()
            sheets = document.Sheets
            return {sheets.getByIndex(k).Name: sheet_values(sheets.getByIndex(k))
                    for k in range(sheets.getCount())}
        finally:
            close(document)

    def load(self, src):
        """The document *src*, loaded hidden and read-only, without links or macros."""
        url = self.uno.systemPathToFileUrl(os.path.abspath(src))
        # Hidden=True is essential: a visible load makes LibreOffice 7.4 abort headless.
        # UpdateDocMode 0 (NO_UPDATE) and MacroExecutionMode 0 (NEVER_EXECUTE): no links, no macros.
        document = self.desktop.loadComponentFromURL(
            url, "_blank", 0,
            self.properties(Hidden=True, ReadOnly=True, UpdateDocMode=0, MacroExecutionMode=0),
        )
        if document is None:
            raise RuntimeError(f"LibreOffice could not open {src}")
        return document

    def terminate(self):
        """Ask LibreOffice to quit; it may drop the connection while answering."""
        try:
            self.desktop.terminate()
        except Exception:
            pass


def main(argv=None):
    """Serve requests until ``quit`` or the end of stdin; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    pipe_name = argv[0]
    connect_timeout = float(argv[1]) if len(argv) > 1 else 30.0
    # Keep the protocol channel private: anything printed to fd 1 lands on stderr.
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def answer(message):
        out.write(json.dumps(message) + "\n")
        out.flush()

    started = time.monotonic()
    try:
        worker = Worker(pipe_name, connect_timeout)
    except Exception as error:
        answer({"ready": False, "error": one_line(error)})
        return 1
    answer({"ready": True, "seconds": time.monotonic() - started})
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            op = request["op"]
        except (ValueError, KeyError, TypeError) as error:
            answer({"ok": False, "error": "bad request: " + one_line(error)})
            continue
        if op == "quit":
            break
        if op == "ping":
            answer({"ok": True, "seconds": 0.0})
            continue
        if op == "values":
            started = time.monotonic()
            try:
                found = worker.values(request["src"])
            except Exception as error:
                answer({"ok": False, "error": one_line(error)})
            else:
                answer({"ok": True, "seconds": time.monotonic() - started, "values": found})
            continue
        if op not in FILTERS:
            answer({"ok": False, "error": f"unknown operation {op!r}"})
            continue
        started = time.monotonic()
        try:
            worker.convert(op, request["src"], request["dst"])
        except Exception as error:
            answer({"ok": False, "error": one_line(error)})
        else:
            answer({"ok": True, "seconds": time.monotonic() - started})
    worker.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
