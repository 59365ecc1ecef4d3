"""``python -m cardtable``: the same as the ``cardtable`` command."""

from cardtable.cli.app import main

if __name__ == "__main__":
    main()
