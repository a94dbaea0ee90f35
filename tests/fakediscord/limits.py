"""Discord's length limits on a message body, as the fake enforces them (answering 400/50035 like Discord)."""

from __future__ import annotations

from typing import Any

# Discord's documented limits on a message body (characters).
LIMITS = {"content": 2000, "title": 256, "description": 4096, "field name": 256, "field value": 1024, "fields": 25,
          "footer": 2048, "author": 256, "embed total": 6000, "label": 80, "option label": 100,
          "option value": 100, "option description": 100, "placeholder": 150, "custom_id": 100, "thread name": 100}


def over_limits(body: dict[str, Any]) -> str | None:
    """The first of Discord's length limits this message body breaks, or None."""
    def over(kind: str, text: Any) -> bool:
        return text is not None and len(str(text)) > LIMITS[kind]

    if over("content", body.get("content")):
        return "content"
    if "components" not in body and over("thread name", body.get("name")):
        return "thread name"
    for embed in body.get("embeds") or []:
        fields = embed.get("fields") or []
        texts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text"),
                 (embed.get("author") or {}).get("name")] + [f.get(k) for f in fields for k in ("name", "value")]
        for kind, text in (("title", embed.get("title")), ("description", embed.get("description")),
                           ("footer", (embed.get("footer") or {}).get("text")),
                           ("author", (embed.get("author") or {}).get("name"))):
            if over(kind, text):
                return kind
        if len(fields) > LIMITS["fields"]:
            return "fields"
        for f in fields:
            if over("field name", f.get("name")) or over("field value", f.get("value")):
                return "field"
        if sum(len(str(t)) for t in texts if t) > LIMITS["embed total"]:
            return "embed total"
    for row in body.get("components") or []:
        for c in row.get("components", []):
            if over("label", c.get("label")) or over("placeholder", c.get("placeholder")) \
                    or over("custom_id", c.get("custom_id")):
                return "component"
            for o in c.get("options") or []:
                if over("option label", o.get("label")) or over("option value", o.get("value")) \
                        or over("option description", o.get("description")):
                    return "select option"
    return None
