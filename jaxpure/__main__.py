"""``python -m jaxpure``: puts the working directory first on ``sys.path``; jaxpure checks
code it must never import, so that entry goes before anything else is imported (worker
processes inherit this ``sys.path``). ``PYTHONSAFEPATH=1`` or the ``jaxpure`` script avoid it
altogether."""

import os
import sys

if not sys.flags.safe_path and sys.path and os.path.abspath(sys.path[0] or os.curdir) == os.getcwd():
    del sys.path[0]

from jaxpure.cli import main  # noqa: E402

sys.exit(main())
