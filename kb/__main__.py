from kb.cli import cli

cli()
