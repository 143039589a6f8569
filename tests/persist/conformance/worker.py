"""A child process of the conformance suite: opens a store from its spec and acts on it.

    worker.py SPEC context USER QUERY     print {"context", "pending"} as JSON
    worker.py SPEC write USER WHO N GO    wait for the file GO, then add N turns
    worker.py SPEC loop USER              add turns until killed, printing each committed
"""

from __future__ import annotations

import json
import os
import sys
import time

from backends import from_spec


def quota(who: str, i: int) -> str:
    return f"The storage quota for job {who}-{i} is {i + 1} GB."


def main(argv: list[str]) -> None:
    backend, action, user = from_spec(argv[1]), argv[2], argv[3]
    handle = backend.open(user)
    if action == "context":
        print(json.dumps({"context": handle.context(argv[4]), "pending": handle.pending()}))
    elif action == "write":
        who, n, go = argv[4], int(argv[5]), argv[6]
        while not os.path.exists(go):
            time.sleep(0.005)
        for i in range(n):
            handle.add_turn(quota(who, i))
    elif action == "loop":
        i = 0
        while True:
            handle.add_turn(quota("loop", i))
            print(i, flush=True)  # only after add_turn returned: committed
            i += 1
    handle.close()


if __name__ == "__main__":
    main(sys.argv)
