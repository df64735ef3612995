import sys

from jaxpure.cli import main

sys.exit(main())
