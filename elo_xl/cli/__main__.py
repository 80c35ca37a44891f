"""``python -m elo_xl.cli``: the ``elo-xl`` command."""

import sys

from . import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
