"""How a memory and a rendered context show themselves: ``repr`` and Jupyter's HTML.

Pure formatting over :class:`~dspm_core.render.Rendered` and the public state of a
:class:`~dspm_core.DSPMMemory`; nothing here renders or changes memory.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .memory import DSPMMemory
    from .render import Rendered

__all__ = ["memory_html", "memory_repr", "rendered_html", "rendered_repr"]

_LINEAGE_RE = re.compile(r"\((was [^()]*|earlier)\)")
_STYLE = ("<style>.dspm td,.dspm th{text-align:left;padding:2px 8px;vertical-align:top}"
          ".dspm .dspm-lineage{color:#777}.dspm caption{text-align:left;caption-side:top}"
          "</style>")


def _dropped(r: Rendered) -> str:
    if not r.dropped:
        return "nothing dropped"
    crit = f", {len(r.dropped_criticals)} critical" if r.dropped_criticals else ""
    return f"{len(r.dropped)} dropped{crit}"


def rendered_repr(r: Rendered) -> str:
    return (f"<Rendered {r.tokens}/{r.budget} tokens, {len(r.lines)} lines, "
            f"{_dropped(r)}>")


def _lineage(text: str, history: Sequence[str]) -> str:
    if history:
        return "was " + " then ".join(history)
    m = _LINEAGE_RE.search(text)
    return m.group(1) if m else ""


def rendered_html(r: Rendered, lineage: Mapping[str, Sequence[str]] | None = None) -> str:
    """A table of the delivered lines (kind, text, form, tokens, lineage) under a caption
    with the budget used and what was dropped. ``lineage`` maps patch ids to their
    earlier values (newest first); without it the lineage is read from the line."""
    lineage = lineage or {}
    rows = "".join(
        f"<tr><td>{html.escape(line.kind)}</td><td>{html.escape(line.text)}</td>"
        f"<td>{html.escape(line.form)}</td><td>{line.tokens}</td>"
        f"<td class='dspm-lineage'>"
        f"{html.escape(_lineage(line.text, lineage.get(line.patch_id, ())))}</td></tr>"
        for line in r.lines)
    caption = (f"{r.tokens} of {r.budget} tokens, {len(r.lines)} lines delivered, "
               f"{_dropped(r)}")
    if r.dropped_criticals:
        caption += " (stored, not lost: " + ", ".join(map(html.escape, r.dropped_criticals)) + ")"
    return (f"{_STYLE}<table class='dspm'><caption>{caption}</caption>"
            "<tr><th>kind</th><th>text</th><th>form</th><th>tokens</th><th>lineage</th></tr>"
            f"{rows}</table>")


def memory_repr(memory: DSPMMemory, turns: int) -> str:
    patches = memory.store.patches()
    critical = sum(1 for p in patches if p.critical)
    user = f", user {memory.user_id!r}" if memory.user_id else ""
    return (f"<DSPMMemory budget={memory.budget}, {turns} turns, {len(patches)} "
            f"patches ({critical} critical), {type(memory.extractor).__name__}{user}>")


def memory_html(memory: DSPMMemory, turns: int, query: str) -> str:
    """The summary line and the context as it renders now (for the latest query)."""
    r = memory.render(query)
    lineage = {p.id: [rev.label for rev in p.history if rev.label]
               for p in memory.store.patches() if p.history}
    summary = html.escape(memory_repr(memory, turns))
    return f"<div class='dspm'><p><code>{summary}</code></p>{rendered_html(r, lineage)}</div>"
