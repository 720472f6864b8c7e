"""Hypothesis profiles: "quick" by default (a run of ./scripts/test while working), "thorough"
in CI (CI=true, as .ci/run sets it); HYPOTHESIS_PROFILE=quick|thorough chooses either.

A property test asks for `examples(n)`: the n examples it is meant to run in the thorough
profile, a quarter of them (at least 10) in the quick one."""

from __future__ import annotations

import os

from hypothesis import settings

QUICK, THOROUGH = "quick", "thorough"
QUICK_SHARE = 4

# No deadline: a loaded machine (or parallel test workers) makes single examples slow at times.
settings.register_profile(QUICK, deadline=None)
settings.register_profile(THOROUGH, deadline=None)


def chosen_profile() -> str:
    named = os.environ.get("HYPOTHESIS_PROFILE")
    if named:
        return named
    return THOROUGH if os.environ.get("CI", "").lower() == "true" else QUICK


settings.load_profile(chosen_profile())


def is_thorough() -> bool:
    """Whether the thorough profile is loaded (CI): for tests whose size is not a number of
    hypothesis examples (games replayed, browsers killed)."""
    return settings.get_current_profile_name() == THOROUGH


def examples(thorough: int) -> int:
    """How many examples a property test runs under the loaded profile."""
    if is_thorough():
        return thorough
    return max(10, thorough // QUICK_SHARE)
