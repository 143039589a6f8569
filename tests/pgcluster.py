"""A private PostgreSQL cluster for the tests and the store benchmark.

``.ci/run`` starts one the same way in bash and exports its DSN in
``DSPM_TEST_POSTGRES_DSN``; without that variable :func:`start` makes one here when the
server binaries (``initdb``, ``pg_ctl``) are on ``PATH`` or in ``/usr/lib/postgresql/*/bin``.

The cluster lives in a temporary directory, listens only on a socket directory of its own
(no TCP port), requires a password (SCRAM) and is owned by a non-root user: initdb refuses
to run as root, so as root the server runs as ``postgres`` (or ``DSPM_PG_OS_USER``).
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

DSN_ENV = "DSPM_TEST_POSTGRES_DSN"


def bin_dir() -> Path | None:
    """Where initdb and pg_ctl are, or None."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(Path(p).parent.parent.name) if
                      Path(p).parent.parent.name.isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


@dataclass
class Cluster:
    base: Path
    dsn: str
    password: str
    _as: list[str]
    _bin: Path

    def stop(self) -> None:
        subprocess.run([*self._as, str(self._bin / "pg_ctl"), "-D", str(self.base / "data"),
                        "-m", "immediate", "-w", "stop"], capture_output=True, check=False)
        shutil.rmtree(self.base, ignore_errors=True)


def start(*, fast: bool = True) -> Cluster:
    """Start a private cluster; ``fast`` turns fsync off (tests need no power-loss safety)."""
    binaries = bin_dir()
    if binaries is None:
        raise FileNotFoundError("no PostgreSQL server binaries (initdb, pg_ctl) found")
    base = Path(tempfile.mkdtemp(prefix="dspm-pg-"))
    password = secrets.token_hex(12)
    run_as: list[str] = []
    if os.geteuid() == 0:
        import pwd

        user = os.environ.get("DSPM_PG_OS_USER", "postgres")
        entry = pwd.getpwnam(user)
        os.chown(base, entry.pw_uid, entry.pw_gid)
        run_as = ["runuser", "-u", user, "--"]
    os.chmod(base, 0o755)  # the socket directory inside must be reachable by clients
    pwfile = base / "pw"
    pwfile.write_text(password + "\n")
    (base / "sock").mkdir()
    if run_as:
        for p in (pwfile, base / "sock"):
            os.chown(p, entry.pw_uid, entry.pw_gid)
    subprocess.run([*run_as, str(binaries / "initdb"), "-D", str(base / "data"), "-U", "dspm",
                    "--auth=scram-sha-256", f"--pwfile={pwfile}", "-E", "UTF8", "--locale=C"],
                   check=True, capture_output=True)
    pwfile.unlink()
    options = f"-c listen_addresses='' -k {base / 'sock'} -p 5432 -c max_connections=200"
    if fast:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    subprocess.run([*run_as, str(binaries / "pg_ctl"), "-D", str(base / "data"), "-o", options,
                    "-l", str(base / "server.log"), "-w", "-t", "60", "start"],
                   check=True, capture_output=True)
    dsn = f"host={base / 'sock'} port=5432 user=dspm password={password} dbname=postgres"
    return Cluster(base, dsn, password, run_as, binaries)


def with_dbname(dsn: str, dbname: str) -> str:
    from psycopg.conninfo import make_conninfo

    return make_conninfo(dsn, dbname=dbname)


def create_database(admin_dsn: str) -> str:
    """A new empty database on the server of ``admin_dsn``; returns its DSN."""
    import psycopg

    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(admin_dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return with_dbname(admin_dsn, name)


def drop_database(admin_dsn: str, dsn: str) -> None:
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    name = conninfo_to_dict(dsn)["dbname"]
    with psycopg.connect(admin_dsn, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
