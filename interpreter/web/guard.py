"""Which requests the browser table answers at all: the addresses it is reached by, and
state changes only from its own page.

A page on another site can make a browser send requests to this server: a form or a fetch
to http://localhost:8000 (cross-site), or, by DNS rebinding, a name of its own that it
points at this machine once the page is loaded (then the browser thinks the page and the
server are one site). The first is refused by the browser's own `Origin` and
`Sec-Fetch-Site` headers on every state-changing request; the second by the `Host` header,
which names the site the browser thinks it is talking to: it must be an address, a loopback
name or a name the server was told to answer (`houserules serve --allow-host`). An address
written as numbers cannot be rebound, so every one is answered (a friend on the network
types this machine's address).
"""

from __future__ import annotations

import ipaddress
from urllib.parse import parse_qs

from interpreter.presenting.translation import speaking
from interpreter.web.table_files import TableError
from interpreter.web.words import asked_language, said_here

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
LOOPBACK_NAMES = ("localhost",)
SAME_SITE = ("same-origin", "none")  # Sec-Fetch-Site values of the page itself, or typed in


class WrongHost(TableError):
    """A request for a name this server was not told it has (DNS rebinding)."""

    status = 400
    code = "wrong_host"


class CrossSite(TableError):
    """A state-changing request sent by a page of another site."""

    status = 403
    code = "cross_site"


def client_key(address) -> str:
    """Whom a connection counts against: its IPv4 address, or its IPv6 address's /64 network
    (one machine is given a whole /64); a name (a test client's) as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return str(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def host_name(header: str) -> str:
    """The name in a Host header, without its port, lower case, without a final dot."""
    header = header.strip().lower()
    if header.startswith("["):
        name = header[1:].partition("]")[0]
    else:
        name = header.rpartition(":")[0] if header.count(":") == 1 else header
    return name.rstrip(".")


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def allowed_names(bound: str, allowed=()) -> frozenset:
    """The names a server bound to `bound` answers to: the loopback names, `bound` when it is
    a name, and each of `allowed` (an --allow-host, with or without a port)."""
    names = {*LOOPBACK_NAMES, *(host_name(a) for a in allowed)}
    if not is_address(host_name(bound)):
        names.add(host_name(bound))
    return frozenset(names - {""})


def refusal(method: str, headers: dict, names) -> TableError | None:
    """Why a request is refused before it is routed, or None. `headers`: lower-case names;
    `names`: the Host names answered (None: any, for a test client)."""
    host = headers.get("host", "")
    if names is not None:
        name = host_name(host)
        if not name or not (is_address(name) or name in names):
            return WrongHost(said_here("this server does not answer to the name {name}; start "
                                       "it with --allow-host NAME to use that name")
                             .format(name=repr(name[:60])))
    if method in SAFE_METHODS:
        return None
    site = headers.get("sec-fetch-site")
    origin = headers.get("origin")
    if site is not None and site not in SAME_SITE:
        return CrossSite(said_here("a page of another site may not change anything here"))
    if origin is not None and origin.partition("://")[2].lower() != host.strip().lower():
        return CrossSite(said_here("a page of another site may not change anything here"))
    return None


class Guard:
    """ASGI middleware: a request `refusal` finds is answered by `refuse(error)`, unrouted,
    in the language the request asks for (words.asked_language), as a routed one is."""

    def __init__(self, app, names, refuse):
        self.app = app
        self.names = names
        self.refuse = refuse

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                       for k, v in scope["headers"]}
            asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang")
            with speaking(asked_language(asked[0] if asked else None,
                                         headers.get("accept-language"))):
                problem = refusal(scope["method"], headers, self.names)
            if problem is not None:
                await self.refuse(problem)(scope, receive, send)
                return
        await self.app(scope, receive, send)
