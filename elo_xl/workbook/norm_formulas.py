"""Title norms as spreadsheet text: the formulas of the norms sheet (:mod:`norms_sheet`).

The rules are :mod:`elo_xl.norms`'s; every number reaches the book through the defined names
of the norms table that :func:`parameters` renders from that module (``NormList``,
``NormPerf``, ``NormAvg``, ``NormFloor``, the title table ``NormTitles``/``NormHolder``/
``NormLevel``, and the constants), so the formulas below hold no rule's number.

The least score of a norm in ``n`` games at ``ra`` (the Annex rule, :func:`elo_xl.norms.least_score`)
without a loop: table 8.1.1 rises with p, so the least p (hundredths) whose dp reaches
``performance − ra`` is the count of dp values below it; a score of h halves has p ≥ that
least p exactly when 100·h ≥ 2n·p − n (p is rounded .005 up); the score is then the larger of
that h and the 35 % minimum.

>>> least_halves("K", "N", "R")
'IF(OR(K="",N=0,R=""),"",IF(OR(R<INDEX(NormAvg,K),COUNTIF(DpTable,"<"&(INDEX(NormPerf,K)-R))>100),"",MAX(MAX(0,-INT(-(2*N*COUNTIF(DpTable,"<"&(INDEX(NormPerf,K)-R))-N)/100)),-INT(-NormShareTop*2*N/NormShareBottom))))'
"""

from __future__ import annotations

from .. import norms
from ..titles import spellings
from .formulas import half_up, ra_plus_dp


def parameters() -> list[tuple[str, list]]:
    """The norms table: (defined name, values) for the per-norm columns and the title columns,
    rendered from :mod:`elo_xl.norms`; the title columns hold every spelling
    :mod:`elo_xl.titles` reads (``GM`` and the short ``g``…; a lookup ignores case) with the
    title it means (``NormMeans``), whether it makes a title holder and its :func:`title_level`.

    >>> p = dict(parameters())
    >>> p["NormPerf"], p["NormTitles"][8:10], p["NormMeans"][8:10], p["NormLevel"][8:10]
    ([2600, 2450, 2400, 2250], ['G', 'M'], ['GM', 'IM'], [1, 2])
    """
    listed = list(norms.NORMS.values())
    words = spellings()
    return [("NormList", [n.name for n in listed]), ("NormPerf", [n.performance for n in listed]),
            ("NormAvg", [n.average for n in listed]), ("NormFloor", [n.floor for n in listed]),
            ("NormTitles", [word for word, _ in words]), ("NormMeans", [title for _, title in words]),
            ("NormHolder", [int(title in norms.TITLE_HOLDERS) for _, title in words]),
            ("NormLevel", [title_level(title) for _, title in words])]


def title_level(title: str) -> int:
    """The first norm (1 = the first of :data:`elo_xl.norms.NORMS`) whose title requirement
    a holder of ``title`` counts for; the norms' title sets are nested, so he counts for
    every norm from that one on (99: none).

    >>> title_level("GM"), title_level("WIM"), title_level("FM")
    (1, 4, 99)
    """
    listed = list(norms.NORMS.values())
    for a, b in zip(listed, listed[1:]):
        if not a.titles <= b.titles:  # the single-number reading needs nested sets
            raise ValueError(f"the title sets of {a.name} and {b.name} norms are not nested")
    return next((k + 1 for k, n in enumerate(listed) if title in n.titles), 99)


def constants() -> list[tuple[str, str]]:
    """The norms' constants as defined names: (name, formula).

    >>> dict(constants())["NormUnrated"], dict(constants())["NormCap"]
    ('1400', '13')
    """
    return [("NormUnrated", str(norms.UNRATED_AS)), ("NormCap", str(norms.GAMES_CAP)),
            ("NormMinDefault", str(norms.MIN_GAMES)),
            ("NormShareTop", str(norms.MIN_SCORE_SHARE[0])), ("NormShareBottom", str(norms.MIN_SCORE_SHARE[1])),
            ("NormHoldersTop", str(norms.HOLDERS_SHARE[0])), ("NormHoldersBottom", str(norms.HOLDERS_SHARE[1])),
            ("NormTitledTop", str(norms.NORM_TITLED_SHARE[0])), ("NormTitledBottom", str(norms.NORM_TITLED_SHARE[1])),
            ("NormTitledMin", str(norms.NORM_TITLED_MIN)), ("NormOtherFeds", str(norms.OTHER_FEDERATIONS)),
            ("NormOwnTop", str(norms.OWN_FEDERATION_MAX[0])), ("NormOwnBottom", str(norms.OWN_FEDERATION_MAX[1])),
            ("NormAnyTop", str(norms.ANY_FEDERATION_MAX[0])), ("NormAnyBottom", str(norms.ANY_FEDERATION_MAX[1])),
            ("NoFederation", f'"{norms.NO_FEDERATION}"')]


def norm_index(cell: str) -> str:
    """The norm chosen in ``cell`` as its position in ``NormList`` (blank: none or not a norm)."""
    return f'IF({cell}="","",IFERROR(MATCH({cell},NormList,0),""))'


def opponent_rating(rating: str) -> str:
    """An opponent's rating as a norm counts it: unrated (blank, 0, text) as ``NormUnrated``."""
    return f"IF(ISNUMBER({rating}),IF({rating}>0,{rating},NormUnrated),NormUnrated)"


def federation(cell: str) -> str:
    """A federation code as the norms count it: blank for none and for ``FID``."""
    return f'IF(OR({cell}="",UPPER({cell})=NoFederation),"",UPPER({cell}))'


def counted_rating(code: str, rating: str) -> str:
    """The opponent's norm rating where the game counts for a norm (played or to play), else blank."""
    return f'IF(OR({code}<=2,{code}=PendingCode),{rating},"")'


#: The weight of a federation's 1/k share in :func:`federation_count` (more than the slots of a row).
SHARE_WEIGHT = 64


def federation_count(feds: str, fed: str, own: str) -> str:
    """Two figures in one cell for a counted opponent of federation ``fed``: the whole part k,
    how many of the player's counted opponents (``feds``, his row of their federations) share
    it; the fraction 1/(64k) when it is another federation than ``own``. Over a row the whole
    parts give the most from one federation (:func:`most_from_one`), the fractions add up to
    the number of other federations over 64 (:func:`other_federations`). 0 where the game does
    not count or the opponent has no federation."""
    k = f"COUNTIF({feds},{fed})"
    return f'IF({fed}="",0,{k}+IF({fed}<>{own},1/({SHARE_WEIGHT}*{k}),0))'


def most_from_one(counts: str) -> str:
    """The most counted opponents from one federation, from a row of :func:`federation_count`."""
    return f"INT(MAX({counts}))"


def other_federations(counts: str) -> str:
    """The number of federations other than the player's, from a row of :func:`federation_count`
    (at most 15 rounds or 29 opponents, so below the weight)."""
    return f"ROUND(MOD(SUM({counts}),1)*{SHARE_WEIGHT},0)"


def average(total: str, low: str, k: str, n: str) -> str:
    """Ra: the ``n`` counted ratings (the known opponents) with the lowest raised to the norm's
    floor, averaged .5 up (blank when none)."""
    return f'IF(OR({k}="",{n}=0),"",{half_up(f"{total}+MAX(0,INDEX(NormFloor,{k})-{low})", n)})'


def performance(ra: str, halves: str, n: str) -> str:
    """Rp = Ra + dp(p), p = halves/(2n) in hundredths .5 up (games still to play score nothing)."""
    return f'IF({ra}="","",{ra_plus_dp(ra, halves, n)})'


def least_halves(k: str, n: str, ra: str) -> str:
    """The norm score in halves for ``n`` games at ``ra`` (blank when none): see the module."""
    p_min = f'COUNTIF(DpTable,"<"&(INDEX(NormPerf,{k})-{ra}))'
    by_rp = f"MAX(0,-INT(-(2*{n}*{p_min}-{n})/100))"
    by_share = f"-INT(-NormShareTop*2*{n}/NormShareBottom)"
    return (f'IF(OR({k}="",{n}=0,{ra}=""),"",IF(OR({ra}<INDEX(NormAvg,{k}),{p_min}>100),"",'
            f"MAX({by_rp},{by_share})))")


def required_halves(base: str, n: str, bye: str) -> str:
    """The norm score plus a full point for each game missing to the minimum (blank when more than all)."""
    extra = f"2*MAX(0,NormMinUsed-{n}-{bye})"
    return f'IF({base}="","",IF({base}+{extra}<=2*{n},{base}+{extra},""))'


def credited(n: str, bye: str, halves: str, base: str) -> str:
    """Games credited: the games, the bye credit, a game per full point over the norm score, at most the cap."""
    over = f'IF({base}="",0,IF({halves}>={base},INT(({halves}-{base})/2),0))'
    return f"MIN(NormCap,{n}+{bye}+{over})"


def points_text(halves: str) -> str:
    """Half points as an arbiter writes them: 4½, ½, 5."""
    return f'IF({halves}=1,"½",INT({halves}/2)&IF(MOD({halves},2)=1,"½",""))'


def ceiling_share(n: str, top: str, bottom: str) -> str:
    """``n × top / bottom`` rounded up."""
    return f"-INT(-{n}*{top}/{bottom})"
