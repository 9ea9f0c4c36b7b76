"""The MTUs of IP media: what the z/OS TCP/IP tuning tips (SHARE 102, 'IBM MVS TCP/IP Performance
Checklist') recommend per medium, and the largest a link type carries where it is fixed."""

from __future__ import annotations

# MTUs the tuning tips recommend per medium (Ethernet also 1492 for IEEE 802.3 and OSA QDIO,
# 8992 for OSA QDIO jumbo frames; HiperSockets frames from the CHPID's maximum frame size).
MEDIUM_MTU: dict[str, tuple[int, ...]] = {
    "ethernet": (1500, 1492, 8992),
    "tokenring": (1500, 2000),
    "fddi": (4000, 4352),
    "ctc": (65527,),
    "hipersockets": (8192, 16384, 32768, 57344),
}
MEDIUM_NAMES = {
    "ethernet": "Ethernet",
    "tokenring": "token ring",
    "fddi": "FDDI",
    "ctc": "CTC",
    "hipersockets": "HiperSockets",
}
# The largest MTU a link type carries where it is fixed (LCS Ethernet, OSA QDIO, CTC, IQD).
TYPE_MAX_MTU: dict[str, int] = {
    "ETHERNET": 1500,
    "802.3": 1492,
    "ETHEROR802.3": 1492,
    "IPAQENET": 8992,
    "QDIOETHERNET": 8992,
    "CTC": 65527,
    "IPAQIDIO": 57344,
    "QDIOIP": 57344,
}
