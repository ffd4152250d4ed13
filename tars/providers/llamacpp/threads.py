"""How llama.cpp's OpenMP threads wait, decided before the library loads.

llama.cpp's worker threads spin between the steps of a token. With the default spin (about
300k iterations), two processes on a busy machine each burn the cores the other needs and both
slow down many times over. A short spin (`GOMP_SPINCOUNT`) keeps almost all of the solo speed
and shares the cores fairly; OpenMP reads it once, when its library loads, so it is set here,
before the first `import llama_cpp`. A user who set either variable keeps their choice.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from types import ModuleType

__all__ = ["SPIN_COUNT", "USER_VARIABLES", "import_llama_cpp", "wait_policy"]

SPIN_COUNT = "200"  # iterations before a waiting thread sleeps; measured in bench/embedded.py
USER_VARIABLES = ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")


def wait_policy(environ: MutableMapping[str, str] | None = None) -> str:
    """Set the spin count unless the user chose a policy; returns what is in effect, for display."""
    env = os.environ if environ is None else environ
    chosen = [f"{name}={env[name]}" for name in USER_VARIABLES if env.get(name)]
    if chosen:
        return ", ".join(chosen) + " (yours)"
    env["GOMP_SPINCOUNT"] = SPIN_COUNT
    return f"GOMP_SPINCOUNT={SPIN_COUNT}"


def import_llama_cpp() -> ModuleType:
    """`llama_cpp`, imported with the wait policy in place (the only way tars imports it)."""
    wait_policy()
    import llama_cpp

    return llama_cpp
