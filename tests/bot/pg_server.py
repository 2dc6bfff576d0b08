"""A throwaway PostgreSQL server for the tests: the system's own PostgreSQL (15 on Debian), a fresh
cluster in a temporary folder, listening on a Unix socket only, with durability off (the tests
throw it away). One per test process (each pytest-xdist worker starts its own: nothing to share,
hand over or clean up between workers), started when a test first asks for it and stopped at the
end of the session, whether the tests passed or not.

`initdb` and `postgres` refuse to run as root; as root (CI, containers) both run as the
`postgres` user, else `nobody`, through `setpriv`, which also asks the kernel to stop the server
should this process die without tearing down (`--pdeathsig`).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg

USER = "zagjan"
"""The cluster's superuser, whoever runs it (`initdb -U`)."""


def find_binary(name: str) -> str | None:
    """`name` on PATH, else in Debian's versioned folder (the packages do not put initdb on PATH)."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return candidates[-1] if candidates else None


def _run_as() -> tuple[list[str], pwd.struct_passwd | None]:
    """The command prefix that drops root, and the account it drops to (nothing to do when not root)."""
    if os.geteuid() != 0:
        return [], None
    for name in ("postgres", "nobody"):
        try:
            account = pwd.getpwnam(name)
        except KeyError:
            continue
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            raise RuntimeError("Running the test PostgreSQL as root needs setpriv (util-linux) to drop to "
                               f"the {name} user.")
        return [setpriv, f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}", "--clear-groups",
                "--pdeathsig", "QUIT"], account
    raise RuntimeError("No postgres or nobody user to run the test PostgreSQL as.")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_leftovers(older_than: float = 600.0) -> None:
    """Remove the folders of test servers whose process was killed before it could clean up
    (the server itself went with it, by `--pdeathsig`); a folder still young may be starting."""
    for folder in glob.glob("/tmp/zagjan-pg-*"):
        try:
            pid_file = Path(folder, "data", "postmaster.pid")
            running = pid_file.exists() and _alive(int(pid_file.read_text().split()[0]))
            if not running and time.time() - os.stat(folder).st_mtime > older_than:
                shutil.rmtree(folder, ignore_errors=True)
        except (OSError, ValueError, IndexError):
            continue


class Server:
    """One running cluster. `url(name)` is a database's address; `new_database()` a fresh empty one."""

    def __init__(self, **overrides: str) -> None:
        """`overrides`: server settings over the test ones (`fsync="on"` for a durable one, as in `bench`)."""
        initdb, postgres = find_binary("initdb"), find_binary("postgres")
        if initdb is None or postgres is None:
            raise RuntimeError("PostgreSQL is not installed (no initdb/postgres on PATH or in "
                               "/usr/lib/postgresql/*/bin); `apt-get install postgresql` (.ci/run does).")
        prefix, account = _run_as()
        sweep_leftovers()
        # /tmp, not TMPDIR: the folder must be reachable by the dropped account, and the socket's path short.
        self.root = Path(tempfile.mkdtemp(prefix="zagjan-pg-", dir="/tmp"))
        self.socket_dir = self.root
        data = self.root / "data"
        if account is not None:
            os.chown(self.root, account.pw_uid, account.pw_gid)
        self._log = self.root / "server.log"
        self._names = itertools.count(1)
        self._process: subprocess.Popen[bytes] | None = None
        self._admin: psycopg.Connection | None = None
        try:
            done = subprocess.run([*prefix, initdb, "-D", str(data), "-U", USER, "-A", "trust", "-E", "UTF8",
                                   "--locale=C", "--no-sync"], capture_output=True, cwd=self.root)
            if done.returncode != 0:
                raise RuntimeError(f"initdb failed:\n{done.stdout.decode()}\n{done.stderr.decode()}")
            settings = {"listen_addresses": "", "unix_socket_directories": str(self.socket_dir),
                        "fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
                        "max_connections": "300", "shared_buffers": "32MB", **overrides}
            options = [arg for key, value in settings.items() for arg in ("-c", f"{key}={value}")]
            with open(self._log, "wb") as log:
                self._process = subprocess.Popen([*prefix, postgres, "-D", str(data), *options], stdout=log,
                                                 stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.root)
            self._wait_ready()
        except BaseException:
            self.stop()
            raise

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={self.socket_dir}"

    def _wait_ready(self, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        while True:
            assert self._process is not None
            if self._process.poll() is not None:
                raise RuntimeError(f"PostgreSQL stopped at start:\n{self._log.read_text(errors='replace')}")
            try:
                with psycopg.connect(self.url(), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def new_database(self) -> str:
        """A fresh, empty database of its own; its URL."""
        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def new_schema(self) -> str:
        """The URL of a fresh, empty schema (its own tables, one database): a few milliseconds,
        where a database takes some 80."""
        name = f"t{next(self._names)}"
        if self._admin is None:
            self._admin = psycopg.connect(self.url(), autocommit=True)
        self._admin.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.url()}&options=-csearch_path%3D{name}"

    def stop(self) -> None:
        """Fast shutdown (clients are cut off), then the folder goes."""
        if self._admin is not None:
            self._admin.close()
        if self._process is not None and self._process.poll() is None:
            self._process.send_signal(signal.SIGINT)
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        shutil.rmtree(self.root, ignore_errors=True)


# -- a plain connection to either kind of test database, beside the store -----------------------------


@contextmanager
def raw_connection(database: Path | str) -> Iterator[Any]:
    """A connection of the database's own driver (sqlite3 or psycopg), in autocommit, closed after."""
    conn: Any = (sqlite3.connect(database, isolation_level=None) if isinstance(database, Path)
                 else psycopg.connect(database, autocommit=True))
    try:
        yield conn
    finally:
        conn.close()


def integrity_error(database: Path | str) -> type[Exception]:
    """What that driver raises when a constraint or trigger refuses a statement."""
    return sqlite3.IntegrityError if isinstance(database, Path) else psycopg.IntegrityError
