"""``python -m pagefurniture``: the same command line as ``pagefurniture``."""

from .cli import main

# The guard matters: worker processes started with "spawn" import this module again.
if __name__ == "__main__":
    raise SystemExit(main())
