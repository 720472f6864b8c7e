"""Settings of the whole test suite: the Hypothesis profile (tests/profiles.py)."""

from __future__ import annotations

import tests.profiles  # noqa: F401  (loads the profile before any test module is imported)
