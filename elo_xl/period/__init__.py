"""Rating periods: a month of rated play from every event, rated against the list in force.

* :mod:`~elo_xl.period.lists` — rating lists: FIDE's TXT downloads (the combined
  ``players_list_foa.txt`` and the single-type lists), the XML download and a CSV, read as a
  stream by their header tokens; the new list written as FIDE TXT, CSV, JSON or ``.xlsx``.
* :mod:`elo_xl.kernel` (beside the engine, which shares it) — the period arithmetic vectorised
  with numpy, in exact integer hundredths: identical, game for game, to :func:`elo_xl.engine.rate`.
* :mod:`~elo_xl.period.store` — the SQLite history of processed periods (``--db``).
* :mod:`~elo_xl.period.run` — one period from a list and TRF files to a new list.
* :mod:`~elo_xl.period.output` — the new list as FIDE TXT, CSV, JSON or ``.xlsx``.
* :mod:`~elo_xl.period.command` — what ``elo-xl period`` runs (the command line only parses).
"""
