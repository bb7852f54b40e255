"""A small website on 127.0.0.1 for Trawl to scrape and crawl, served by http.server."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Dict, List, Optional, Tuple


def page(title: str, body: str, links: Tuple[str, ...] = ()) -> str:
    anchors = "".join(f'<li><a href="{href}">{href}</a></li>' for href in links)
    return (
        f"<!doctype html><html lang=\"en\"><head><title>{title}</title>"
        f'<meta name="description" content="{title} page"></head>'
        f"<body><main><h1>{title}</h1><p>{body}</p><ul>{anchors}</ul></main></body></html>"
    )


@dataclass
class Route:
    body: str
    status: int = 200
    content_type: str = "text/html; charset=utf-8"
    delay: float = 0.0


class Site:
    def __init__(self, routes: Dict[str, Route]) -> None:
        self.routes = routes
        self.requests: List[str] = []
        self.in_flight = 0
        self.most_in_flight = 0
        lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                path = self.path.split("?")[0]
                site.requests.append(path)
                route: Optional[Route] = site.routes.get(path)
                if route is None:
                    route = Route(page("Not found", "Nothing here."), status=404)
                with lock:
                    site.in_flight += 1
                    site.most_in_flight = max(site.most_in_flight, site.in_flight)
                if route.delay:
                    time.sleep(route.delay)
                with lock:
                    site.in_flight -= 1
                data = route.body.encode()
                try:
                    self.send_response(route.status)
                    self.send_header("Content-Type", route.content_type)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the scraper gave up on a slow page

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"

    def url(self, path: str = "/") -> str:
        return self.origin + path

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


PRODUCT = {"name": "Harbour Lantern", "price": 24.5}

FILLER = (
    "Every lantern ships within two working days, comes with a two-year guarantee, and can be "
    "returned within thirty days for a full refund. Spare glass is sold for ten years."
)


def product_page(name: str, price: float) -> str:
    """A shop page stating its facts as JSON-LD, which even Trawl's offline extractor reads."""
    ld = json.dumps({"@context": "https://schema.org", "@type": "Product", "name": name, "offers": {"@type": "Offer", "price": price, "priceCurrency": "EUR"}})
    return (
        f'<!doctype html><html lang="en"><head><title>{name}</title><script type="application/ld+json">{ld}</script></head>'
        f"<body><main><h1>{name}</h1><p>Price: €{price}</p><p>{FILLER}</p></main></body></html>"
    )


COUNTER = (
    "<!doctype html><title>Counter</title>"
    "<button id=\"inc\" onclick=\"document.getElementById('count').textContent = "
    "Number(document.getElementById('count').textContent) + 1\">+1</button><span id=\"count\">0</span>"
)


def docs_site() -> Site:
    """Four linked pages with distinct words, a robots.txt rule and a 404; a product page
    and a click counter that no page links to."""
    return Site(
        {
            "/product": Route(product_page(PRODUCT["name"], PRODUCT["price"])),
            "/counter": Route(COUNTER),
            "/": Route(page("Harbour home", "Welcome to the harbour of Trawl tests.", ("/boats", "/nets", "/fish", "/private/log"))),
            "/boats": Route(page("Boats", "Trawlers and dinghies moored in the harbour.", ("/", "/nets"))),
            "/nets": Route(page("Nets", "Gillnets and seines mended by hand.", ("/", "/fish"))),
            "/fish": Route(page("Fish", "Mackerel, herring and the occasional cuttlefish.", ("/", "/gone"))),
            "/private/log": Route(page("Private log", "Not for crawlers.")),
            "/robots.txt": Route("User-agent: *\nDisallow: /private/\n", content_type="text/plain"),
        }
    )


def slow_site(pages: int = 30, delay: float = 1.0) -> Site:
    """A long chain of slow pages: a crawl of it is still running when the test acts on it."""
    routes = {
        f"/p{i}": Route(page(f"Slow page {i}", f"Page number {i} of the slow chain.", (f"/p{i + 1}",)), delay=delay)
        for i in range(pages)
    }
    routes["/"] = Route(page("Slow start", "The slow chain starts here.", ("/p0",)))
    return Site(routes)
