"""The ``dspm`` command: thin click commands over the library."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import click

from .demo import DEMO_CONVERSATION, DEMO_QUERY
from .errors import DSPMError
from .memory import DSPMMemory

__all__ = ["main"]

_PROGRESS_MIN = 200  # show a progress bar for transcripts at least this long


class _Fail(click.ClickException):
    """A one-line error (no traceback)."""


def _print_stats(stats: dict[str, Any]) -> None:
    keys = ("turns", "total_patches", "critical_total", "critical_selected", "crr",
            "undelivered_criticals", "conversation_tokens", "patch_tokens", "context_tokens",
            "trr_by_conversation")
    for k in keys:
        v = stats[k]
        click.echo(f"  {k:<22} {v:.2f}" if isinstance(v, float) else f"  {k:<22} {v}")


@click.group()
@click.version_option(package_name="dspm")
def cli() -> None:
    """DSPM: typed, budgeted memory for long LLM conversations."""


@cli.command()
@click.option("--budgets", default="60,120,250", show_default=True,
              help="Comma-separated token budgets to render at.")
@click.option("--query", default=DEMO_QUERY, show_default=False,
              help="Query the context is rendered for (default: the demo's last question).")
def demo(budgets: str, query: str) -> None:
    """Run the built-in 40-turn conversation offline and show what memory delivers."""
    sizes = _parse_budgets(budgets)
    t0 = time.perf_counter()
    memory = DSPMMemory(budget=max(sizes))
    for role, text in DEMO_CONVERSATION:
        memory.add_turn(role, text)
    elapsed = time.perf_counter() - t0
    click.echo(f"Ingested {len(DEMO_CONVERSATION)} turns with the offline rule extractor "
               f"in {elapsed * 1000:.0f} ms.")
    click.echo(f"Query: {query}")
    for b in sizes:
        memory.budget = b
        r = memory.render(query)
        click.echo(f"\n=== budget {b}: {r.tokens} tokens, {len(r.lines)} lines, "
                   f"{len(r.dropped_criticals)} critical(s) not delivered ===")
        click.echo(r.text)
    click.echo("\nstats at the largest budget:")
    memory.budget = max(sizes)
    memory.render(query)
    _print_stats(memory.stats)


def _parse_budgets(text: str) -> list[int]:
    try:
        sizes = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise _Fail(f"--budgets must be comma-separated integers, got {text!r}") from None
    if not sizes:
        raise _Fail("--budgets is empty")
    return sizes


def _load_transcript(path: Path) -> list[tuple[str, str]]:
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise _Fail(f"cannot read {path}: {exc.strerror or exc}") from None
    items: list[Any]
    stripped = raw.lstrip()
    try:
        if stripped.startswith("[") or stripped.startswith("{"):
            try:
                data = json.loads(raw)
                items = data.get("messages", []) if isinstance(data, dict) else data
            except json.JSONDecodeError:
                items = [json.loads(line) for line in raw.splitlines() if line.strip()]
        else:
            items = [json.loads(line) for line in raw.splitlines() if line.strip()]
    except json.JSONDecodeError as exc:
        raise _Fail(f"{path}: not JSON or JSONL (line {exc.lineno}: {exc.msg})") from None
    out = []
    for n, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise _Fail(f"{path}: message {n} is not an object with role and content")
        role = item.get("role") or item.get("speaker")
        content = item.get("content", item.get("text"))
        if isinstance(content, list):  # content blocks
            content = " ".join(b.get("text", "") for b in content if isinstance(b, dict))
        if not isinstance(role, str) or not isinstance(content, str):
            raise _Fail(f"{path}: message {n} needs string 'role' and 'content'")
        out.append((role, content))
    return out


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--budget", default=250, show_default=True, type=int, help="Token budget.")
@click.option("--query", default="", help="Query the context is rendered for.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--base-url", default=None, envvar="OPENAI_BASE_URL",
              help="OpenAI-compatible endpoint for LLM extraction (default: offline rules).")
@click.option("--model", default=None, envvar="DSPM_MODEL", help="Model for LLM extraction.")
@click.option("--api-key", default=None, envvar="OPENAI_API_KEY", show_envvar=True,
              help="API key for --base-url.")
def compress(file: Path, budget: int, query: str, as_json: bool, base_url: str | None,
             model: str | None, api_key: str | None) -> None:
    """Compress a JSON or JSONL transcript of role/content messages into a budgeted context."""
    messages = _load_transcript(file)
    try:
        extractor = None
        if base_url or model:
            if not (base_url and model):
                raise _Fail("LLM extraction needs both --base-url and --model")
            from .extract.llm import LLMExtractor

            extractor = LLMExtractor(base_url=base_url, api_key=api_key or "not-needed",
                                     model=model)
        memory = DSPMMemory(budget=budget, extractor=extractor)
        if len(messages) >= _PROGRESS_MIN and not as_json:
            with click.progressbar(messages, label="ingesting", file=sys.stderr) as bar:
                for role, content in bar:
                    memory.add_turn(role, content)
        else:
            for role, content in messages:
                memory.add_turn(role, content)
        rendered = memory.render(query)
        stats = memory.stats
    except DSPMError as exc:
        raise _Fail(str(exc)) from None
    if as_json:
        click.echo(json.dumps({
            "context": rendered.text,
            "tokens": rendered.tokens,
            "budget": budget,
            "lines": [{"patch_id": ln.patch_id, "kind": ln.kind, "form": ln.form,
                       "text": ln.text, "tokens": ln.tokens} for ln in rendered.lines],
            "dropped_criticals": list(rendered.dropped_criticals),
            "stats": stats,
        }, indent=2))
        return
    click.echo(rendered.text)
    click.echo(f"\n# {rendered.tokens}/{budget} tokens, {stats['critical_selected']}/"
               f"{stats['critical_total']} criticals delivered, {stats['turns']} turns", err=True)


@cli.command()
@click.argument("target", type=click.Path(path_type=Path))
@click.option("--user", "user_id", default=None,
              help="With a database: the user to show (without it, list the users).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def inspect(target: Path, user_id: str | None, as_json: bool) -> None:
    """Show what a notebook file or a user in a SQLite database holds: patches with
    lineage, pending turns, counters and the journal (read-only)."""
    from .persist.inspect import describe, open_target

    try:
        found = open_target(target, user_id)
    except DSPMError as exc:
        raise _Fail(str(exc)) from None
    if as_json:
        click.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return
    for line in describe(found):
        click.echo(line)


def _location(spec: str) -> tuple[str, str]:
    """What a ``copy`` location names: ``(kind, where)``, kind one of notebook, sqlite,
    postgres. ``env:NAME`` reads it from an environment variable (keeps a DSN's password
    out of the process list)."""
    import os

    if spec.startswith("env:"):
        value = os.environ.get(spec[4:])
        if not value:
            raise _Fail(f"environment variable {spec[4:]} is not set")
        spec = value
    if spec.startswith(("postgresql://", "postgres://")) or any(
            f"{k}=" in spec for k in ("host", "dbname", "user", "port")):
        return "postgres", spec
    from .persist.inspect import is_sqlite

    path = Path(spec)
    if path.suffix.lower() in (".db", ".sqlite", ".sqlite3") or is_sqlite(path):
        return "sqlite", spec
    return "notebook", spec


def _open_store(kind: str, where: str) -> Any:
    if kind == "sqlite":
        from .persist.sqlite import SQLiteStore

        return SQLiteStore(where)
    from .persist.postgres import PostgresStore

    return PostgresStore(where, min_size=0, max_size=2)


def _read_user(kind: str, where: str, user_id: str | None) -> dict[str, Any]:
    if kind == "notebook":
        from .persist.jsonfile import read_notebook

        state = read_notebook(where)
        if state is None:
            raise _Fail(f"{where}: no such notebook")
        return state
    if user_id is None:
        raise _Fail("copying from a database needs --user")
    store = _open_store(kind, where)
    try:
        state = store.export_user(user_id)
    finally:
        store.close()
    if state is None:
        raise _Fail(f"{store.label}: no user {user_id!r}")
    return state


def _write_user(kind: str, where: str, user_id: str | None, state: dict[str, Any],
                replace: bool) -> int:
    if kind == "notebook":
        from .persist.jsonfile import read_notebook, save_notebook

        held = read_notebook(where) if Path(where).exists() else None
        if held and (held.get("patches") or held.get("pending_turns")) and not replace:
            raise _Fail(f"{where} already holds a memory; pass --replace to overwrite it")
        return save_notebook(state, where)
    if user_id is None:
        raise _Fail("copying into a database needs --user")
    from .persist.jsonfile import merge_into

    store = _open_store(kind, where)
    try:
        if user_id in store.users():
            if not replace:
                raise _Fail(f"{store.label} already holds user {user_id!r}; pass --replace "
                            "to overwrite it")
            store.delete_user(user_id)
        memory = DSPMMemory(store=store, user_id=user_id)
        merge_into(memory, state)  # one transaction: every row of the user, or none
        return len(memory.store)
    finally:
        store.close()


@cli.command()
@click.argument("src")
@click.argument("dst")
@click.option("--user", "user_id", default=None,
              help="The user to copy (needed when SRC or DST is a database).")
@click.option("--replace", is_flag=True, help="Overwrite what DST holds for the user.")
def copy(src: str, dst: str, user_id: str | None, replace: bool) -> None:
    """Copy a user's memory between a notebook file, a SQLite database and PostgreSQL.

    SRC and DST are each a notebook path (``notes.json``), a SQLite file (``memory.db``) or a
    PostgreSQL DSN (``postgresql://...`` or ``host=... dbname=...``; ``env:NAME`` reads it
    from an environment variable). Patches, lineage, journal, aliases, counters and
    pending turns are copied; the copy renders the same context as the original.
    """
    try:
        (skind, swhere), (dkind, dwhere) = _location(src), _location(dst)
        state = _read_user(skind, swhere, user_id)
        n = _write_user(dkind, dwhere, user_id, state, replace)
    except DSPMError as exc:
        raise _Fail(str(exc)) from None
    who = f"user {user_id}" if user_id else "the memory"
    click.echo(f"Copied {who}: {n} patches, {len(state.get('pending_turns', ()))} pending "
               f"turns ({skind} -> {dkind}).")


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``dspm`` command."""
    cli.main(args=argv, prog_name="dspm")


if __name__ == "__main__":  # pragma: no cover
    main()
