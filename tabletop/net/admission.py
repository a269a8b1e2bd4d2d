"""Fair admission: how much of a host one address may hold before it has joined.

A host reachable from a LAN meets strangers. None of them may lock the players out:
each address (an IPv6 one by its /64 network, which one machine usually holds whole)
gets a small share of the connections waiting to join and of the join codes being
checked, on both ports, so a player joining from another address finds room however
many connections a stranger holds. Refusals are logged at most once per address per
LOG_EVERY_S, with the count of those left unsaid.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter
from collections.abc import Callable

LOG_EVERY_S = 10.0
"""A refused address is named in the host's log at most this often."""
MAX_LOGGED = 1024
"""Addresses the refusal log remembers; past that it starts over (it only mutes)."""


def address_key(host: str | None) -> str:
    """The address a connection is counted under: an IPv4 address (an IPv4-mapped IPv6
    one as IPv4), an IPv6 address's /64 network."""
    if host is None:
        return ""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Quota:
    """At most ``per_address`` at once from one address, ``total`` from all."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self._held: Counter[str] = Counter()
        self._count = 0

    def take(self, address: str) -> bool:
        """One more for ``address`` if its share and the total allow; give it back after."""
        if self._count >= self.total or self._held[address] >= self.per_address:
            return False
        self._held[address] += 1
        self._count += 1
        return True

    def give(self, address: str) -> None:
        self._count -= 1
        self._held[address] -= 1
        if not self._held[address]:
            del self._held[address]

    def held(self, address: str) -> int:
        return self._held[address]


class RefusalLog:
    """Says why connections were refused, once per address per LOG_EVERY_S: the first
    refusal at once, the next ones counted into the line that follows."""

    def __init__(self, report: Callable[[str], None]) -> None:
        self._report = report
        self._last: dict[str, tuple[float, int]] = {}  # address: (said at, unsaid since)

    def refused(self, address: str, what: str) -> None:
        now = time.monotonic()
        said, unsaid = self._last.get(address, (-LOG_EVERY_S, 0))
        if now - said < LOG_EVERY_S:
            self._last[address] = (said, unsaid + 1)
            return
        if len(self._last) >= MAX_LOGGED:
            self._last.clear()
        self._last[address] = (now, 0)
        more = f" (and {unsaid} more refused since)" if unsaid else ""
        self._report(f"refused {what} from {address}{more}")
