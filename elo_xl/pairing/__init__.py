"""Pairings: round robins from FIDE's Berger tables (Handbook C.05, Annex 1).

>>> from elo_xl.pairing.berger import berger_round
>>> berger_round(1, 6, 6)
(1, True)
"""
