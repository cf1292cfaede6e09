"""Invitations: the addresses a server can be reached at, and seat links as QR codes (SVG)."""

from __future__ import annotations

import io
import ipaddress
import socket

import segno

__all__ = ["MAX_QR_TEXT", "qr_svg", "reachable_urls", "serve_banner"]

MAX_QR_TEXT = 600


def _lan_addresses() -> list[str]:
    """IPv4 addresses of this machine other than loopback (best effort, no network traffic)."""
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    try:  # the address the default route leaves from (a UDP connect sends nothing)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.add(str(s.getsockname()[0]))
    except OSError:
        pass
    return sorted(a for a in found if not ipaddress.ip_address(a).is_loopback
                  and not ipaddress.ip_address(a).is_unspecified)


def reachable_urls(host: str, port: int) -> list[str]:
    """Every URL at which a server bound to ``host``:``port`` can be opened.

    ``0.0.0.0`` (or ``::``) means every interface: loopback plus each LAN address.  A specific
    address is reachable at that address only."""
    if host in ("0.0.0.0", "::", ""):
        return [f"http://127.0.0.1:{port}/"] + [f"http://{a}:{port}/" for a in _lan_addresses()]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def serve_banner(host: str, port: int, db_url: str) -> str:
    """What ``hanafuda serve`` prints: every URL, and how to invite friends on the same network."""
    urls = reachable_urls(host, port)
    lines = ["hanafuda: the web app is at"] + [f"  {u}" for u in urls] + [f"(database: {db_url})"]
    if _loopback(host):
        lines.append("Only this computer can open it. To play with friends on the same network, "
                     "start it with: hanafuda serve --host 0.0.0.0 — then send them a seat link.")
    else:
        lines.append("Friends on the same network open one of these addresses; every seat link "
                     "the lobby shows uses the address you opened it at.")
    return "\n".join(lines)


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as a standalone SVG (dark modules on a white quiet zone)."""
    if not text or len(text) > MAX_QR_TEXT:
        raise ValueError(f"a QR code holds 1 to {MAX_QR_TEXT} characters")
    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="svg", scale=4, border=2, xmldecl=False, svgns=True,
                                      dark="#000", light="#fff", title="QR code of the seat link")
    return buf.getvalue().decode()
