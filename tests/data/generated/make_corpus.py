"""Write the corpus ``gacrux-dutch-200.zip``: 200 Swiss tournaments from gacrux's own generator.

Run from this folder with gacrux installed (``pip install gacrux``)::

    python make_corpus.py OUT-FOLDER

then zip OUT-FOLDER's files. The sizes and options are drawn from a seeded generator; gacrux's
generator itself draws the results, so a new run gives other tournaments of the same shapes.
A field that gacrux cannot pair for that many rounds is generated again with one round fewer.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path


def main(out: Path) -> None:
    rng = random.Random(2026)
    out.mkdir(parents=True, exist_ok=True)
    for k in range(200):
        players = rng.randint(9, 60) if k < 150 else rng.randint(61, 150) if k < 190 else rng.randint(151, 300)
        rounds = rng.randint(5, 11)
        zpb, hpb, forfeits = rng.choice([(0.0, 0.0, 0.0), (0.02, 0.10, 0.04), (0.05, 0.05, 0.08), (0.01, 0.03, 0.02)])
        top = rng.choice(["w", "b"])
        step = rng.choice([5, 10, 20])
        while True:
            name = f"g{k:03d}-p{players}-r{rounds}"
            command = [sys.executable, "-m", "gacrux.tournamentgenerator", "-N", str(rounds), "-p", str(players),
                       "-R", "2500", str(step), "50.0", "-S", str(zpb), str(hpb), str(forfeits), "-t", top,
                       "-m", "dutch", "-o", str(out / f"{name}-%d.trf"), "-g", "1"]
            if subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
                break
            rounds -= 1
        print(name, " ".join(command[2:]), flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
