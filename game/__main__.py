"""`python -m game ...`: the command line (see cli.main). CPython only: the build leaves every
`__main__.py` out of the browser's archive, so the app never ships the command line."""

from cli.main import main

raise SystemExit(main())
