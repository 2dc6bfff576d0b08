"""`python -m bot.cli`: the same as the `zagjan` command."""

import sys

from bot.cli.main import main

sys.exit(main())
