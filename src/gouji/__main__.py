"""``python -m gouji``: the ``gouji`` command, for an environment whose scripts are not on the PATH."""

import sys

from gouji.tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
