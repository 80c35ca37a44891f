"""The tie-break engine (:mod:`elo_xl.tiebreaks`) on small events computed by hand: every
category of C.07 article 16, the 2026 cap, each modifier with a voluntarily unplayed round,
direct encounter with tied groups that have and have not all met, a round robin with a
forfeit (15.2), rounds not played yet, the codes and their errors.

The Swiss event of most tests (:data:`SWISS`), 8 players, 4 rounds (points after the name):

    1 Ann  3    r1 beat 2 (w)   r2 H (requested ½ bye)  r3 drew 3 (w)   r4 beat 4 (b)
    2 Bob  0    r1 lost 1 (b)   r2 lost 3 (w)   r3 absent (blank)        r4 absent, 0000 - -
    3 Cat  3    r1 drew 4 (w)   r2 beat 2 (b)   r3 drew 1 (b)   r4 beat 6 (w)
    4 Dan  1½   r1 drew 3 (b)   r2 beat 5 (w)   r3 lost 6 (w)   r4 lost 1 (w)
    5 Eve  0    r1 forfeit loss to 6   r2 lost 4 (b)   r3 Z (zero bye)   r4 absent (blank)
    6 Fay  3    r1 forfeit win (b) over 5   r2 U (PAB)   r3 beat 4 (b)   r4 lost 3 (b)
    7 Gil  1    r1, r2 absent (a late entry)   r3 beat 8 (w)   r4 lost 8 (b)
    8 Hal  2    r1 H   r2 H   r3 lost 7 (b)   r4 beat 7 (w)

Article 16 categories: Ann's H is followed by a game (16.2.3, face value); Bob's rounds 3
and 4 and Eve's rounds 3 and 4 are followed by no round of availability (16.2.5: draws for
their opponents); Eve's forfeit loss 16.2.4, Fay's forfeit win 16.2.2, her U 16.2.1; Gil's
and Hal's byes and absences are followed by games (16.2.3).

Scores as the opponents count them (16.3): Ann 3, Bob 0 + ½ + ½ = 1, Cat 3, Dan 1½,
Eve 0 + ½ + ½ = 1, Fay 3, Gil 1 (his absences were followed by play: face value), Hal 2.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from elo_xl import tiebreaks as tb
from elo_xl.errors import EloError
from elo_xl.io.trf_read import parse_trf
from elo_xl.tiebreaks.unplayed import prepare, trimmed

BLANK = None
GAMES = {  # start number: rounds (opponent, colour, result); BLANK: nothing written
    1: [(2, "w", "1"), (0, "-", "H"), (3, "w", "="), (4, "b", "1")],
    2: [(1, "b", "0"), (3, "w", "0"), BLANK, (0, "-", "-")],
    3: [(4, "w", "="), (2, "b", "1"), (1, "b", "="), (6, "w", "1")],
    4: [(3, "b", "="), (5, "w", "1"), (6, "w", "0"), (1, "w", "0")],
    5: [(6, "w", "-"), (4, "b", "0"), (0, "-", "Z"), BLANK],
    6: [(5, "b", "+"), (0, "-", "U"), (4, "b", "1"), (3, "b", "0")],
    7: [BLANK, BLANK, (8, "w", "1"), (8, "b", "0")],
    8: [(0, "-", "H"), (0, "-", "H"), (7, "b", "0"), (7, "w", "1")],
}
RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500, 7: 1400, 8: 1300}


def trf_text(games, ratings, rounds, start="2026/05/01", kind=None):
    lines = ["012 Hand Open", f"042 {start}", f"XXR {rounds}"] + ([f"092 {kind}"] if kind else [])
    for no in sorted(games):
        cells = "".join("          " if g is None else f"  {g[0]:>4} {g[1]} {g[2]}" for g in games[no])
        lines.append(f"001 {no:>4} m    {'Player ' + str(no):<33} {ratings[no]:>4} VIE {'':>11} {'':10} {'':>4} {'':>4}"
                     + cells)
    return "\n".join(lines) + "\n"


def event(rounds=4, games=GAMES, start="2026/05/01"):
    return tb.from_trf(parse_trf(trf_text(games, RATINGS, rounds, start)))


def values(code, version="2024", e=None):
    return [v[tb.parse_code(code).code] for v in tb.compute(e or event(), code, version)]


def F(*xs):
    return [Fraction(x) for x in xs]


def test_categories_and_adjusted_scores():
    p = prepare(event(), "2024")
    assert [Fraction(s, 2) for s in p.score] == F(3, 0, 3, 1.5, 0, 3, 1, 2)
    assert [Fraction(s, 2) for s in p.adjusted] == F(3, 1, 3, 1.5, 1, 3, 1, 2)
    assert p.category[0] == [None, "16.2.3", None, None]              # own requested bye, followed by play
    assert p.category[1] == [None, None, "16.2.5", "16.2.5"]          # absence and 0000 - -, not followed
    assert p.category[4] == ["16.2.4", None, "16.2.5", "16.2.5"]      # forfeit loss; Z and absence at the end
    assert p.category[5] == ["16.2.2", "16.2.1", None, None]          # forfeit win; pairing-allocated bye
    assert p.category[6] == ["16.2.3", "16.2.3", None, None]          # a late entry's absences, followed by play


def test_buchholz_2024_by_article_16():
    # Ann: Bob 1 (his 16.2.5 rounds as draws) + dummy 3 (own H: own score, 16.4) + Cat 3 + Dan 1½
    # Bob: Ann 3 + Cat 3 + two own absences against a dummy of his own score 0
    # Eve: dummy 0 (forfeit loss) + Dan 1½ + dummy 0 (Z) + dummy 0 (absence)
    # Fay: dummy 3 (forfeit win) + dummy 3 (U) + Dan 1½ + Cat 3
    # Gil: two absences (dummy 1 each) + Hal 2 twice; Hal: two H (dummy 2) + Gil 1 twice (face value)
    assert values("BH") == F(8.5, 6, 8.5, 10, 1.5, 10.5, 6, 6)


def test_buchholz_2026_caps_the_dummy():
    # 16.4.2: at most ½ × 4 rounds = 2: Ann's H counts 2, not 3; Fay's U 2.
    # 16.4.1: a forfeit's dummy at most the scheduled opponent's adjusted score: Fay's forfeit win over
    # Eve counts Eve's 1, not Fay's 3. Eve's forfeit loss: min(0, Fay's 3) = 0.
    assert values("BH", "2026") == F(7.5, 6, 8.5, 10, 1.5, 7.5, 6, 6)


def test_sonneborn_berger_2024_and_2026():
    # Ann 2024: Bob 1×1 + H dummy 3×½ + Cat 3×½ + Dan 1½×1 = 5½; 2026: the H dummy is 2: 1 + 1 + 1½ + 1½ = 5
    # Cat: Dan 1½×½ + Bob 1×1 + Ann 3×½ + Fay 3×1 = 6¼; Fay 2024: 3×1 + 3×1 + 1½×1 = 7½; 2026: 1 + 2 + 1½ = 4½
    # Hal: his two H against a dummy of 2 (2 under the cap too) × ½ each + Gil 1 × 1 = 3
    assert values("SB") == F(5.5, 0, 6.25, 2.5, 0, 7.5, 2, 3)
    assert values("SB", "2026") == F(5, 0, 6.25, 2.5, 0, 4.5, 2, 3)


def test_cuts_take_the_voluntarily_unplayed_round_first():
    # Ann's values 1, 3 (H), 3, 1½: C1 cuts the H's 3 (16.5.1), not the lowest 1; C2 then the lowest, 1
    # Gil: 1 (absence), 1 (absence), 2, 2 → C1 4+1 = 5; Hal: 2 (H), 2 (H), 1, 1 → C1 cuts an H: 4
    # Fay: 3 (forfeit win: not voluntary), 3 (U), 1½, 3 → C1 cuts 1½
    assert values("BH/C1") == F(5.5, 6, 7.5, 9, 1.5, 9, 5, 4)
    assert values("BH/C2") == F(4.5, 6, 6, 6, 1.5, 6, 4, 2)


def test_medians_cut_the_voluntary_round_among_the_lowest():
    # M1: the lowest (a voluntary round's first) and the highest. Ann: cut H's 3 and the highest 3: 1 + 1½
    # Bob: 3, 3, 0 (absence), 0 (absence): cut an absence and a 3 → 3 + 0
    assert values("BH/M1") == F(2.5, 3, 4.5, 6, 0, 6, 3, 2)
    # M2 on values 5, 2 (voluntary), 1, 4, 3, 6: the lows cut 2 (voluntary) then 1, the highs 6 and 5
    assert trimmed([(5, False), (2, True), (1, False), (4, False), (3, False), (6, False)], median=2) == [4, 3]


def test_sonneborn_berger_cut_is_the_lowest_opponent_not_the_lowest_product():
    # 14.1.1.d: Cat's opponents scored 1½ (Dan, product ¾), 1 (Bob, product 1), 3, 3: cut Bob's 1, not Dan's ¾
    # Ann: her H is voluntary: cut its 1½ first (16.5); C2 then Bob's 1 (the lowest opponent)
    assert values("SB/C1")[:3] == F(4, 0, 5.25)
    assert values("SB/C2")[:3] == F(3, 0, 4.5)


def test_sonneborn_berger_cut_takes_the_voluntary_round_only_when_not_lower():
    # r1: 2-3 0-1, 4 U, 1 Z; r2: 1-2 1-0, 3-4 0-1; r3: 1-3 1-0, 2-4 1-0. Scores 2, 1, 1, 2.
    # Player 1's SB: Z against a dummy of 2 × 0 = 0 (voluntary), 2's 1 × 1, 3's 1 × 1 = 2. SB/C1: the
    # ordinary candidate (14.1.1.d) is the value of an opponent with the lowest score, 1; the Z's 0 is lower,
    # so 16.5.1 cuts the ordinary candidate: 1. (BH/C1 cuts the Z's dummy of 2: it is never lower than the lowest.)
    e = tb.from_rounds([["Z", "1", "1"], ["0", "0", "1"], ["1", "0", "0"], ["U", "1", "0"]],
                       [[None, 2, 3], [3, 1, 4], [2, 4, 1], [None, 3, 2]])
    assert values("SB", e=e)[0] == 2 and values("SB/C1", e=e)[0] == 1
    assert values("BH", e=e)[0] == 4 and values("BH/C1", e=e)[0] == 2


def test_forfeits_as_played():
    # /P: Fay's forfeit win over Eve counts Eve's adjusted 1 as an opponent's score (not the dummy 3)
    assert values("BH/P")[5] == Fraction(1 + 3 + 1.5 + 3)
    assert values("SB/P")[5] == Fraction(1 * 1 + 3 * 1 + 1.5 * 1)
    # Eve's forfeit loss (a voluntarily unplayed round) counts Fay's 3 instead of a dummy of Eve's 0; her Z and
    # absence keep their dummies of 0: 3 + 1½ + 0 + 0; /C1 then cuts a voluntary round's 0
    assert values("BH/P")[4] == Fraction(9, 2) and values("BH/C1/P")[4] == Fraction(9, 2)


def test_direct_encounter_counts_a_forfeit_with_p():
    # 1 and 2 have 1 point each and met only in a forfeit (1 won it): not an encounter in a Swiss (DE ties them),
    # an encounter with /P (1 ranks above 2)
    e = tb.from_rounds([["+", "0"], ["-", "1"], ["1", "1"], ["0", "0"]], [[2, 3], [1, 4], [4, 1], [3, 2]])
    assert tb.ranking(e, "DE", "2024").shared == [2, 2, 1, 4]
    assert tb.ranking(e, "DE/P", "2024").shared == [2, 3, 1, 4]


def test_fore_buchholz():
    # the last round's games as draws: Ann 2½, Cat 2½, Dan 2, Fay 3½, Gil 1½, Hal 1½ (Bob, Eve unchanged;
    # adjusted: Bob 1, Eve 1). Ann: Bob 1 + dummy 2½ (own fore score) + Cat 2½ + Dan 2 = 8;
    # Fay: dummy 3½ + dummy 3½ + Dan 2 + Cat 2½ = 11½; FB/C1 Ann cuts her H's 2½
    assert values("FB")[0] == 8 and values("FB")[5] == Fraction(23, 2)
    assert values("FB/C1")[0] == Fraction(11, 2)


def test_counts():
    # WIN: rounds with a win's points, played or not (Fay: forfeit win, U, a game); WON over the board only
    assert values("WIN") == F(2, 0, 2, 1, 0, 3, 1, 1)
    assert values("WON") == F(2, 0, 2, 1, 0, 1, 1, 1)
    # BPG/BWG: games over the board with Black (Eve's and Fay's forfeits, with colours, do not count)
    assert values("BPG") == F(1, 1, 2, 1, 1, 2, 1, 1)
    assert values("BWG") == F(1, 0, 1, 0, 0, 1, 0, 0)
    # REP: rounds he was available to play: games, forfeit wins, U (not H, Z, forfeit losses, absences)
    assert values("REP") == F(3, 2, 4, 4, 1, 4, 2, 2)
    assert values("GE") == values("REP")


def test_progressive_and_its_cuts():
    # Ann: running scores 1, 1½, 2, 3 → 7½; C1 leaves out the first: 6½; C2 the first two: 5
    assert values("PS")[0] == Fraction(15, 2) and values("PS/C1")[0] == Fraction(13, 2) and values("PS/C2")[0] == 5
    # Fay: 1, 2, 3, 3 → 9 (the forfeit win and the U at their points)
    assert values("PS")[5] == 9


def test_ratings():
    # ARO over the board: Ann met 1900, 1800, 1700 → 1800; /C1 drops 1700 → 1850; /M1 drops 1700 and 1900 → 1800
    # Cat met 1700, 1900, 2000, 1500 → 1775; Dan 1800, 1600, 1500, 2000 → 1725
    # Fay met Dan 1700 and Cat 1800 → 1750 (the forfeit is no game); Eve met Dan only → 1700
    assert values("ARO") == F(1800, 1900, 1775, 1725, 1700, 1750, 1300, 1400)
    assert values("ARO/C1")[0] == 1850 and values("ARO/M1")[0] == 1800
    # TPR: Ann 2½ of 3 = 0.83 → dp 273: 1800 + 273; Bob 0 of 2 → -800: 1900 - 800
    assert values("TPR")[:2] == F(2073, 1100)
    # PTP: Bob scored 0: the lowest opponent's rating - 800. Gil 1 of 2 against 1300 twice: the lowest rating
    # expected to score 50 % against 1300: table 8.1.2 gives 50 % for |D| from 0 to 3, so 1300 - 3 = 1297
    assert values("PTP")[1] == 1800 - 800 and values("PTP")[6] == 1297
    # all points: the lowest rating expected to score 100 % against every opponent: 736 above the highest
    everything = {1: [(2, "w", "1")], 2: [(1, "b", "0")]}
    assert values("PTP", e=tb.from_trf(parse_trf(trf_text(everything, RATINGS, 1))))[0] == 1900 + 736
    assert values("RTNG", "2026") == F(*RATINGS.values())
    assert values("TPN", "2026") == F(1, 2, 3, 4, 5, 6, 7, 8)


def test_koya_in_a_swiss():
    # opponents with at least half of the 4 points possible, at their final scores, in rounds against an
    # opponent (no dummy): Ann ½ against Cat (3); Fay beat Dan (1½: no) and lost to Cat: 0; Cat ½ against Ann
    # and 1 against Fay (3); Dan ½ against Cat; Gil beat Hal (2): 1; Hal beat Gil (1: no): 0
    assert values("KS") == F(0.5, 0, 1.5, 0.5, 0, 0, 1, 0)


def test_rounds_not_played_yet_are_not_rounds():
    # the same event declared with 5 rounds, the fifth not played: "after round 4", the 2026 cap still ½ × 4
    five = event(rounds=5)
    assert tb.rounds_played(five) == 4
    assert values("BH", "2026", five) == values("BH", "2026")


def test_ranking_points_then_the_list_then_start_number():
    r = tb.ranking(event(), "BH/C1,BH", "2024")
    # 3 points: Cat 7½, Fay 9 (BH/C1), Ann 5½ → Fay, Cat, Ann; then Hal 2, Dan 1½; Gil 1; Bob and Eve 0:
    # Bob 6 BH/C1 ahead of Eve 1½
    assert r.order == [6, 3, 1, 8, 4, 7, 2, 5]
    assert r.row(5) == {"BH/C1": 9, "BH": 10.5}
    assert r.codes == ["BH/C1", "BH"] and r.version == "2024" and r.rounds == 4


def de_event():
    """r1 A-B 1-0, C-D 1-0, E-F 1-0; r2 A-C 1-0, B-E 1-0, D-F 1-0; r3 F-A 1-0, B-D 1-0, C-E 1-0.
    A, B, C 2 points: A beat B and C, B and C never met; D, E, F 1 point: D beat F, E beat F, D-E not met."""
    pairs = [[(1, 2, "1"), (3, 4, "1"), (5, 6, "1")], [(1, 3, "1"), (2, 5, "1"), (4, 6, "1")],
             [(6, 1, "1"), (2, 4, "1"), (3, 5, "1")]]
    games = {i: [] for i in range(1, 7)}
    for rnd in pairs:
        for white, black, result in rnd:
            games[white].append((black, "w", result))
            games[black].append((white, "b", {"1": "0", "0": "1", "=": "="}[result]))
    return tb.from_trf(parse_trf(trf_text(games, RATINGS, 3)))


def test_direct_encounter_when_not_all_have_met():
    r = tb.ranking(de_event(), "DE", "2024")
    # A scored 2 against B and C; B and C, with one game unplayed each, could reach at most 1: A first (6.3);
    # B and C stay tied. D and E scored 1 each and each could still reach 2: nobody is first.
    assert [float(v[0]) for v in r.values] == [2, 0, 0, 0, 0, 0]
    assert r.shared == [1, 2, 2, 4, 4, 4]


def test_direct_encounter_when_all_have_met():
    from elo_xl.tiebreaks.encounter import direct_encounter

    # Ann, Cat and Fay have 3 points, but Ann and Fay never met; Cat scored 1½ of 2 against them (a draw with
    # Ann, a win over Fay), and Ann and Fay could each still reach 1½ with the game they did not play: tied
    r = tb.ranking(event(), "DE", "2024")
    assert r.shared[:8] == [1, 7, 1, 5, 7, 1, 6, 4]
    # all met: Ann - Cat ½, Ann - Dan 1-0, Cat - Dan ½: Ann 1½, Cat 1, Dan ½ → Ann above two, Cat above one
    # PS first: Ann 7½ and Cat 7 are separated by it, Fay 9 too: DE has no tie left among the 3-pointers
    p = prepare(event(), "2024")
    assert direct_encounter(p, [[0, 2, 3]]) == F(2, 0, 1, 0, 0, 0, 0, 0)
    assert direct_encounter(p, [[2, 5]]) == F(0, 0, 1, 0, 0, 0, 0, 0)  # Cat beat Fay
    r = tb.ranking(event(), "PS,DE", "2024")
    assert [float(v[0]) for v in r.values][:6] == [7.5, 0, 7, 5, 0, 9] and r.order[:3] == [6, 1, 3]


ROUND_ROBIN = {  # 4 players, 3 rounds (Berger): 2 beats 3 by forfeit in round 2
    1: [(4, "w", "1"), (2, "b", "="), (3, "w", "0")],
    2: [(3, "w", "1"), (1, "w", "="), (4, "b", "1")],
    3: [(2, "b", "0"), (4, "w", "1"), (1, "b", "1")],
    4: [(1, "b", "0"), (3, "b", "0"), (2, "w", "0")],
}


def round_robin(forfeit=True):
    games = {k: list(v) for k, v in ROUND_ROBIN.items()}
    if forfeit:
        games[2][0], games[3][0] = (3, "w", "+"), (2, "b", "-")
    return tb.from_trf(parse_trf(trf_text(games, RATINGS, 3, kind="Round robin")))


def test_round_robin_forfeit_counts_as_a_game():
    e = round_robin()
    assert e.round_robin
    # scores 1½, 2½, 2, 0. SB (15.2: the forfeit is a game, against its opponent): 1: 4's 0 × 1 + 2's 2½ × ½
    # = 1¼; 2: 3's 2 × 1 + 1's 1½ × ½ + 4's 0 = 2¾ (in a Swiss, article 16's dummy would count 2½ for the
    # forfeit); 3: 1's 1½ × 1 = 1½
    assert values("SB", "2024", e) == F(1.25, 2.75, 1.5, 0)
    # DE of 2 and 3 would decide by the forfeit; BPG 2024: the forfeit loss with Black counts for 3
    assert values("BPG", "2024", e) == F(1, 1, 2, 2)
    # 2026: a forfeit loss stays out of the counts of games: 3 has one game with Black
    assert values("BPG", "2026", e) == F(1, 1, 1, 2)
    # WON counts 2's forfeit win in a round robin
    assert values("WON", "2024", e)[1] == 2


def test_buchholz_is_forbidden_in_a_round_robin_under_2026():
    with pytest.raises(EloError, match=r"^tie-break 2 BH/C1: the 2026 rules forbid Buchholz in a round robin"):
        tb.ranking(round_robin(), "SB,BH/C1", "2026")
    assert tb.ranking(round_robin(), "SB,BH/C1", "2024").codes == ["SB", "BH/C1"]


def test_defaults_and_versions():
    assert tb.resolve(event())[0] == tb.parse_codes("BH/C1,BH,SB,PS,DE,WIN,BWG")
    assert tb.resolve(round_robin())[0] == tb.parse_codes("DE,WIN,SB,KS")
    assert tb.resolve(event(start="2026/02/28"))[1] == "2024"
    assert tb.resolve(event(start="2026/03/01"))[1] == "2026"
    assert tb.version_for(None, datetime.date(2025, 1, 1)) == "2024"


@pytest.mark.parametrize("codes,message", [
    ("BH/C3", 'tie-break 1 "BH/C3": C.07 defines no modifier /C3 for BH'),
    ("SB,KS/C1", 'tie-break 2 "KS/C1": C.07 defines no modifier /C1 for KS \\(it takes none\\)'),
    ("BH/C1/M1", "give one cut or median, not /C1 and /M1"),
    ("XX", 'tie-break "XX" is not a code of C.07|tie-break 1 "XX" is not a code of C.07'),
    ("BH,,SB", "tie-break 2 is empty"),
    ("BH:MP", "is a team tie-break"),
])
def test_code_errors(codes, message):
    with pytest.raises(EloError, match=message):
        tb.parse_codes(codes)


def test_2026_additions_under_2024():
    with pytest.raises(EloError, match=r"tie-break 1 TPN \(tournament pairing number\) is a 2026 addition"):
        tb.ranking(event(), "TPN", "2024")


def test_codes_as_written():
    assert [t.code for t in tb.parse_codes("bh-c1, SB/P ,de,ge")] == ["BH/C1", "SB/P", "DE", "REP"]
    with pytest.raises(EloError, match="already tie-break 1"):
        tb.parse_codes("BH-C1,BH/C1")


def test_a_crosstable_has_no_round_order():
    e = tb.from_crosstable([[None, 1, "½"], [0, None, 1], ["½", 0, None]])
    for code in ("PS", "FB"):
        with pytest.raises(EloError, match=f"tie-break {code} needs"):
            tb.ranking(e, code, "2024")


def test_an_event_with_no_round_played():
    # nothing written yet: every value 0, ranked by start number (tiebreak-core refuses such an event)
    e = tb.from_trf(parse_trf(trf_text({1: [BLANK], 2: [BLANK], 3: [BLANK]}, RATINGS, 1)))
    r = tb.ranking(e, None, "2026")
    assert r.rounds == 0 and r.ranks == [1, 2, 3] and set(r.row(0).values()) == {0}


def test_a_full_point_bye_is_a_round_of_availability():
    # Z, then F, then an absence: the F (16.2.1, not a requested bye: C.07 16.1.1) shows he was available,
    # so the Z before it stays at its 0 (16.2.3) and only the final absence counts as a draw (16.2.5):
    # adjusted 0 + 1 + ½ = 1½ (counting the Z as a draw too would give 2)
    e = tb.from_rounds([["Z", "F", None], ["1", "1", "1"], ["0", "0", "0"]], [[None, None, None], [3, 3, 3], [2, 2, 2]])
    p = prepare(e, "2024")
    assert p.category[0] == ["16.2.3", "16.2.1", "16.2.5"] and Fraction(p.adjusted[0], 2) == Fraction(3, 2)


def test_koya_in_an_odd_round_robin():
    # 3 players, 3 rounds, each rests once: A beat B, B beat C, A drew C. A player can play 2 games, so
    # Koya counts opponents with at least 1 point (50 % of 2, not of the 3 rounds): A 1 (against B),
    # B 0 (lost to A), C ½ (against A)
    e = tb.from_rounds([["1", None, "="], ["0", "1", None], [None, "0", "="]], [[2, None, 3], [1, 3, None], [None, 2, 1]],
                       round_robin=True)
    assert values("KS", e=e) == F(1, 0, 0.5)


def test_a_scoring_system_of_3_1_0():
    # TRF-2026 162: a win (and a forfeit win, a U) 3, a draw (and an H) 1, a loss 0. Ann: 3 + 1 + 1 + 3 = 8,
    # Fay: 3 + 3 + 3 + 0 = 9; STD counts 1, ½, 0: 3 each. Ann's BH (2024): Bob 0 + two 16.2.5 rounds as draws
    # (1 each) = 2, her H's dummy 8, Cat 8, Dan 1 + 3 = 4: 22
    text = trf_text(GAMES, RATINGS, 4).replace("XXR 4\n", "XXR 4\n162  W 3.0    D 1.0    L 0.0\n")
    e = tb.from_trf(parse_trf(text))
    assert values("PTS", e=e)[:6] == F(8, 0, 8, 4, 0, 9) and values("STD", "2026", e)[:6] == F(3, 0, 3, 1.5, 0, 3)
    assert values("BH", e=e)[0] == 22 and values("WIN", e=e)[5] == 3
    assert tb.ranking(e, "BH", "2024").order[0] == 6
