"""``python -m jaxpure.verify``: the same as ``jaxpure verify``."""

import sys

from jaxpure.verify.cli import main

if __name__ == "__main__":
    sys.exit(main())
