"""Each closed item of the navigation rendered once per folder, not once per page.

Material's `partials/nav-item.html` renders, on every page, each item of the sections the
page is in (`navigation.prune` leaves the other sections closed, one link each): a
scenario's page lists its sub-section's pages, and rendering those links, one macro call
each, was the largest part of the theme's work. An item that is neither the page nor
holds it (not ``active``) renders the same HTML on every page of a folder: its links are
made relative to the page's folder and nothing else of the page shows in it.

The theme's template is read as installed, with its loop over a section's items replaced
by a call to `NavRenders.items`, which writes what the loop wrote (the template's own
spacing around each item, taken from the loop it replaces): a closed item's HTML is
rendered by the theme's `render` macro once per folder and place in the navigation, and
given back on the folder's other pages; the open items (the page and the sections holding
it) are rendered by the macro every time. A theme whose loop reads otherwise is left as
it is (`templates_changed` stays 0).

The tabs (Material's `partials/tabs.html`, the navigation's first level with the page's
section marked) are the same on every page of a folder in the same section: base.html's
include of them is read as a call to `NavRenders.tab_bar`, which renders the template as
the include does once per folder and open section and gives the HTML back on the others.
A base.html that does not include them in exactly that way is left as it is.
"""

from __future__ import annotations

import re
from typing import Any

import jinja2
from markupsafe import Markup

TEMPLATE = "partials/nav-item.html"
# the loop over a section's items in Material's nav-item.html; the spacing it writes
LOOP = re.compile(r'\{% for item in nav_item\.children %\}(\s*)'
                  r'\{% if not index or item != index %\}(\s*)'
                  r'\{\{ render\(item, path ~ "_" ~ loop\.index, level \+ 1, nav_item\) \}\}'
                  r'(\s*)\{% endif %\}(\s*)\{% endfor %\}')
CALL = "{{ nuffle_nav_items(render, nav_item, index, path, level) }}"
# nav.html's loop over the navigation's first level
TOP = "partials/nav.html"
TOP_LOOP = re.compile(r'\{% for nav_item in nav\.items %\}(\s*)'
                      r'\{% set path = "__nav_" ~ loop\.index %\}(\s*)'
                      r'\{\{ item\.render\(nav_item, path, 1\) \}\}(\s*)\{% endfor %\}')
TOP_CALL = "{{ nuffle_nav_top(item.render, nav) }}"
# base.html's include of the tabs (the first level of the navigation, `navigation.tabs`)
BASE = "base.html"
TABS = "partials/tabs.html"
TABS_INCLUDE = '{% include "partials/tabs.html" %}'
TABS_CALL = "{{ nuffle_tabs() }}"


def _folder(url: str) -> str:
    """What a link made relative to ``url`` depends on (as mkdocs.utils.get_relative_url
    reads it): its folder, or itself when it names no file."""
    dirname, _, basename = url.rpartition("/")
    return dirname if "." in basename else url


class NavRenders:
    """The closed items' HTML by section, place and page folder, for one build;
    ``rendered`` and ``reused`` count the closed items the macro rendered and those given
    back, ``templates_changed`` the theme templates read with the loop replaced."""

    def __init__(self) -> None:
        # by id of the section, kept with it: its id names no other object while it lives
        self.known: dict[tuple, tuple[Any, list[str | None]]] = {}
        self.spacing: tuple[str, str, str, str] | None = None
        self.top_spacing: tuple[str, str, str] | None = None
        self.rendered = 0
        self.reused = 0
        self.templates_changed = 0
        # the tabs' HTML by navigation, folder, open first-level items, features, language
        self.tabs: dict[tuple, tuple[Any, str]] = {}
        self.tabs_rendered = 0
        self.tabs_reused = 0

    @jinja2.pass_context
    def items(self, context: Any, render: Any, section: Any, index: Any, path: str,
              level: int) -> Markup:
        """What the theme's loop over ``section``'s items writes (see the module)."""
        assert self.spacing is not None  # set when the template was read
        return self._loop(context, render, section, section.children, index,
                          lambda number: f"{path}_{number}", level + 1, (section,),
                          self.spacing, (path, level, bool(section.active)))

    @jinja2.pass_context
    def top(self, context: Any, render: Any, nav: Any) -> Markup:
        """What nav.html's loop over the navigation's first level writes."""
        assert self.top_spacing is not None  # set when the template was read
        before, opening, closing = self.top_spacing
        return self._loop(context, render, nav, nav.items, None,
                          lambda number: f"__nav_{number}", 1, (),
                          (before, opening, closing, ""), ())

    @jinja2.pass_context
    def tab_bar(self, context: Any) -> Markup:
        """What base.html's include of partials/tabs.html writes (the include's own way:
        the template rendered with this context), once per navigation, page folder, set
        of open first-level items, features and language, and given back on the other
        pages alike: the tabs read the first level's items (their titles, links and
        whether they are open), the links made relative to the page's folder, the
        features and the language's word for the tabs, nothing else of the page."""
        nav, page, config = context.get("nav"), context.get("page"), context.get("config")
        key = None
        if nav is not None and page is not None and config is not None:
            key = (id(nav), _folder(page.url),
                   tuple(bool(getattr(item, "active", False)) for item in nav.items),
                   tuple(context.get("features") or ()), repr(config.theme["language"]))
            found = self.tabs.get(key)
            if found is not None and found[0] is nav:
                self.tabs_reused += 1
                return Markup(found[1])
        template = context.environment.get_template(TABS, BASE)  # only for a render
        html = "".join(template.root_render_func(
            template.new_context(context.get_all(), True, {})))
        if key is not None:
            self.tabs_rendered += 1
            self.tabs[key] = (nav, html)
        return Markup(html)

    def _loop(self, context: Any, render: Any, owner: Any, children: list, index: Any,
              path_of: Any, level: int, parent: tuple, spacing: tuple[str, str, str, str],
              place: tuple) -> Markup:
        """Each of ``children`` as ``render(child, path_of(number), level, *parent)``,
        between the loop's spacing, except ``index``; a closed child's from ``known``."""
        before, opening, closing, after = spacing
        page = context.get("page")
        pieces: list[str | None] | None = None
        if page is not None:
            config = context.get("config")
            status = (config.get("extra") or {}).get("status") if config is not None else None
            key = (id(owner), place, _folder(page.url),
                   tuple(context.get("features") or ()), repr(status))
            found = self.known.get(key)
            if found is None or found[0] is not owner:
                found = self.known[key] = (owner, [None] * len(children))
            pieces = found[1]
        out: list[str] = []
        for number, item in enumerate(children, 1):
            if index and item == index:
                out.append(before + after)
                continue
            closed = (pieces is not None and not getattr(item, "active", True)
                      and not getattr(item, "pages", None) and item != page)
            kept = pieces[number - 1] if closed and pieces is not None else None
            if kept is not None:
                self.reused += 1
                out.append(kept)
                continue
            html = render(item, path_of(number), level, *parent)
            piece = f"{before}{opening}{html}{closing}{after}"
            if closed and pieces is not None:
                self.rendered += 1
                pieces[number - 1] = piece
            out.append(piece)
        return Markup("".join(out))

    def environment(self, env: jinja2.Environment) -> jinja2.Environment:
        """``env`` reading the theme's nav-item.html with the loop calling `items`."""
        if env.loader is not None and not isinstance(env.loader, _Loader):
            env.loader = _Loader(env.loader, self)
        env.globals["nuffle_nav_items"] = self.items
        env.globals["nuffle_nav_top"] = self.top
        env.globals["nuffle_tabs"] = self.tab_bar
        return env


class _Loader(jinja2.BaseLoader):
    """The theme's loader, with nav-item.html's loop replaced (see the module)."""

    def __init__(self, inner: jinja2.BaseLoader, renders: NavRenders) -> None:
        self.inner, self.renders = inner, renders
        self.has_source_access = inner.has_source_access

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str | None, Any]:
        source, filename, uptodate = self.inner.get_source(environment, template)
        renders = self.renders
        if template == TEMPLATE:
            found = LOOP.search(source)
            if found is not None and renders.spacing in (None, found.groups()):
                renders.spacing = found.groups()  # type: ignore[assignment]
                renders.templates_changed += 1
                source = source[:found.start()] + CALL + source[found.end():]
        elif template == BASE and source.count(TABS_INCLUDE) == 1:
            renders.templates_changed += 1
            source = source.replace(TABS_INCLUDE, TABS_CALL)
        elif template == TOP:
            found = TOP_LOOP.search(source)
            if found is not None and renders.top_spacing in (None, found.groups()):
                renders.top_spacing = found.groups()  # type: ignore[assignment]
                renders.templates_changed += 1
                source = source[:found.start()] + TOP_CALL + source[found.end():]
        return source, filename, uptodate

    def list_templates(self) -> list[str]:
        return self.inner.list_templates()
