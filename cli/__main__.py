"""`python -m cli`: see cli.main."""

from cli.main import main

raise SystemExit(main())
