"""``python -m gouji.server``: the same as ``gouji serve``."""

import sys

from gouji.server.serve import main

sys.exit(main())
