"""`python -m game ...`: the command line (see cli.main). CPython only: the build leaves every
`__main__.py` out of the browser's archive, so the app never ships the command line. Importing
this module (as the doctest collection does) runs nothing."""

from cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
