"""Who a client is, for limits: its address, with every IPv6 address of one network (a /64 by
default: what one home or one server is given) counted as one client, so that rotating through
the addresses of one's own network buys nothing."""

from __future__ import annotations

import ipaddress


def client_key(address: str, ipv6_prefix: int = 64) -> str:
    """The key that limits count `address` under: an IPv4 address as it is (an IPv4-mapped IPv6
    address too), an IPv6 address as its network of `ipv6_prefix` bits (`2001:db8::/64`), and
    anything that is not an IP address (a test client's name, a Unix socket, text a proxy passed
    on unchecked) as one client, `?`: made-up addresses must not each count as a new client."""
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])  # without an IPv6 zone (`%eth0`)
    except ValueError:
        return "?"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, ipv6_prefix), strict=False))
    return str(ip)
