"""Who may reach `jeux serve`: only requests that name this server and come from its own pages.

A tab's game is played with the keys the page sends over `/ws`, so whoever can open that
WebSocket can play, open F2 and delete players. Two checks, on every request (page, files,
WebSocket), answered with a French 403 page before anything runs:

- **Host.** The `Host` header must name this server: an IP address, or one of this machine's
  names — `localhost` always; its host name (short, full, and `.local` as phones reach it by
  mDNS) when it listens beyond this computer. This stops DNS rebinding: a hostile page at
  `evil.example`, whose name is then made to resolve to 127.0.0.1, has an origin and a Host of
  `evil.example`, so both agree and only the name betrays it. Any IP address is accepted, not
  only this machine's: rebinding needs a name, a browser asked for `http://ADDRESS/` connects to
  that address itself, so a request naming an address that reaches this server was typed to
  reach it (through a tunnel, a NAT or a container's port too), and addresses that change while
  it runs (DHCP, VPN) keep working.
- **Origin.** When present, it must be this very address: `http(s)://` plus the `Host` the browser
  asked for. A page of another site (`Origin: http://evil.example`) or a sandboxed one
  (`Origin: null`) is refused. Browsers always send an Origin with a WebSocket (RFC 6455 §4.1),
  so a WebSocket without one comes from a program, not a web page; such a program could send any
  Origin it likes, so refusing it would protect nothing: it is let in (Jupyter does the same).
  Who may run programs that reach this server is what `--host` decides, and `serve` says so.

Pages also forbid being framed by another site (`frame-ancestors 'none'`): a hidden frame would
run this page's own, same-origin script, open tabs' games and catch the player's keys.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import web

LOOPBACK_NAMES = frozenset({"localhost"})
NOT_FRAMED = {"Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY"}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def listens_beyond_this_computer(host: str) -> bool:
    """False for a loopback address or name, true for every other (0.0.0.0, a LAN address)."""
    if host.lower() in LOOPBACK_NAMES:
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: the network's, unless it is localhost
        return True


def this_machines_names(host: str) -> frozenset[str]:
    """The names a `Host` header may give, for a server listening on `host`."""
    if not listens_beyond_this_computer(host):
        return LOOPBACK_NAMES
    short = socket.gethostname()
    names = {short, socket.getfqdn(), f"{short.split('.')[0]}.local", host}  # host: --host NAME
    return LOOPBACK_NAMES | {name.lower().rstrip(".") for name in names}


def host_name(header: str) -> str | None:
    """The name or address of a `Host` header, lower case, or None if it is not one."""
    try:
        parts = urlsplit(f"//{header}")
        parts.port  # noqa: B018 -- raises on a port that is not a number
    except ValueError:
        return None
    return (parts.hostname or "").rstrip(".") or None


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """The two checks of this module for a server listening on `host`, as aiohttp middleware."""

    def __init__(self, host: str) -> None:
        self.names = this_machines_names(host)

    def refusal(self, request: web.Request) -> str | None:
        """Why this request may not come in (a French sentence), or None."""
        host = request.headers.get("Host", "")
        name = host_name(host)
        if name is None or not (is_address(name) or name in self.names):
            return f"l'adresse « {host} » ne désigne pas ce serveur jeux."
        origin = request.headers.get("Origin")
        if origin is not None and not self.is_own_origin(origin, host):
            return f"une page d'un autre site (« {origin} ») ne peut pas ouvrir jeux."
        return None

    @staticmethod
    def is_own_origin(origin: str, host: str) -> bool:
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if (reason := self.refusal(request)) is not None:
            response = refused_page(
                request,
                status=403,
                reason=f"Accès refusé : {reason}",
                advice="Ouvre jeux à l'adresse que « jeux serve » a affichée au démarrage.",
            )
        else:
            response = await handler(request)
        if not response.prepared:  # a WebSocket's answer has gone out already
            response.headers.update(NOT_FRAMED)
        return response


def refused_page(request: web.Request, *, status: int, reason: str, advice: str) -> web.Response:
    """The French page that says why a request was not served, and what to do instead."""
    context = {"reason": reason, "advice": advice}
    return aiohttp_jinja2.render_template("refused.html", request, context, status=status)
