"""The API's documentation page at ``/docs`` in a real browser with no network beyond the
server: Swagger UI comes from the server itself and runs under the page's content security
policy (a violation is a console error, which fails the test)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from tests.browser import shots
from tests.browser.ui import Person

People = Callable[..., Person]


def test_the_api_documentation_works_offline(people: People) -> None:
    fox = people("Fox")
    page = fox.page
    own = urlsplit(fox.url).netloc
    elsewhere: list[str] = []

    def only_the_server(route: object) -> None:
        from playwright.sync_api import Route

        assert isinstance(route, Route)
        if urlsplit(route.request.url).netloc == own:
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_server)
    page.goto(f"{fox.url}/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "cardtable" in page.locator(".swagger-ui .info .title").inner_text()
    page.locator(".opblock-summary", has_text="/api/games").first.click()
    page.wait_for_selector(".opblock-body")
    shots.save(page, "docs-offline")
    assert elsewhere == []
