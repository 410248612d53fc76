"""``python -m cty``: the ``cty`` command (see cty.cli)."""

import sys

from cty.cli import main

if __name__ == "__main__":
    sys.exit(main())
