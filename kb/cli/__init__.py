"""The `mtgkb` command line: click commands over the facade, one module per command group.

``from kb.cli import cli`` gives the click group; `kb.cli.entry.main` runs it.
"""


def __getattr__(name: str):
    if name == "cli":
        from kb.cli.app import cli  # lazy: click and every option, on first use

        return cli
    raise AttributeError(f"module 'kb.cli' has no attribute {name!r}")
