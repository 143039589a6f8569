"""Fixtures every test directory shares: a real PostgreSQL server.

``pg_admin_dsn`` is the server of ``DSPM_TEST_POSTGRES_DSN`` (``.ci/run`` starts one) or a
private cluster started here for the session when the server binaries are present (see
``pgcluster.py``). ``pg_dsn`` is a fresh database on it for one test. Without a server the
PostgreSQL tests skip locally; in CI (``CI=true``) they fail instead: they never skip there.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

import pgcluster


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def pg_admin_dsn() -> Iterator[str]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        if _in_ci():
            pytest.fail("the postgres extra (psycopg) is not installed; CI installs every extra")
        pytest.skip("the postgres extra is not installed")
    dsn = os.environ.get(pgcluster.DSN_ENV)
    if dsn:
        yield dsn
        return
    if pgcluster.bin_dir() is None:
        if _in_ci():
            pytest.fail(f"no PostgreSQL server: set {pgcluster.DSN_ENV} or install the server "
                        "binaries (.ci/run does both)")
        pytest.skip("no PostgreSQL server binaries and no " + pgcluster.DSN_ENV)
    cluster = pgcluster.start()
    try:
        yield cluster.dsn
    finally:
        cluster.stop()


@pytest.fixture
def pg_dsn(pg_admin_dsn: str) -> Iterator[str]:
    dsn = pgcluster.create_database(pg_admin_dsn)
    try:
        yield dsn
    finally:
        pgcluster.drop_database(pg_admin_dsn, dsn)


@pytest.fixture
def current_after():
    """A function: the critical patches current after the user says ``messages`` in turn,
    each to a fresh memory with the default extractor."""
    from dspm_core import DSPMMemory

    def current(*messages: str) -> list:
        memory = DSPMMemory(budget=400)
        for text in messages:
            memory.add_turn("user", text)
        return [p for p in memory.all_patches if p.kind.critical and p.later is None]

    return current


@pytest.fixture
def assert_revised(current_after):
    """A function: asserts that after the user says ``first`` and then ``change``, one
    critical patch is current, holding ``value``, with ``old`` as its one earlier value."""

    def check(first: str, change: str, value: str, old: str) -> None:
        current = current_after(first, change)
        assert len(current) == 1, [p.text for p in current]
        assert current[0].value == value
        assert [h.value for h in current[0].history] == [old]

    return check
