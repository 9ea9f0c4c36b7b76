"""Entity kinds of IVTPRM00 (CSM)."""

from __future__ import annotations

from decklint.core.kinds import KindSpec, kind

KINDS: tuple[KindSpec, ...] = (
    kind(
        "csm_limits",
        "the CSM storage limits of IVTPRM00 (defaults where a statement is not read)",
        fixed_max="FIXED MAX: fixed storage for CSM buffers, bytes",
        ecsa_max="ECSA MAX: ECSA for CSM buffers, bytes",
        hvcomm_max="HVCOMM MAX: 64-bit common storage for CSM, bytes",
    ),
)
