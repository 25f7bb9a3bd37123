"""`python -m kb.i18n extract|update|init LANG|compile|check`: catalog upkeep (docs/i18n.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kb.i18n import tools
from kb.i18n.catalogs import PROJECT_LOCALES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.i18n", description=__doc__)
    parser.add_argument(
        "--locales", type=Path, default=PROJECT_LOCALES, help="The catalogs folder (default: locales/)."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="Write locales/mtgkb.pot from the code and from click.")
    commands.add_parser("update", help="Merge mtgkb.pot into every catalog (new messages empty, changed ones fuzzy).")
    init = commands.add_parser("init", help="Start the catalog of a new language.")
    init.add_argument("lang", help="Language code babel knows: fr, pt_BR, ko, zh_Hans ...")
    commands.add_parser("compile", help="Compile every catalog to .mo now (otherwise done on first use).")
    commands.add_parser("check", help="List messages of the code that a catalog lacks, leaves untranslated or fuzzy.")
    args = parser.parse_args(argv)
    locales: Path = args.locales

    if args.command == "extract":
        template = tools.extract(locales)
        written = tools.write_catalog(locales / tools.TEMPLATE_NAME, template)
        print(f"{locales / tools.TEMPLATE_NAME}: {len(template)} messages" + ("" if written else " (unchanged)"))
    elif args.command == "update":
        print("updated: " + (", ".join(tools.update(locales)) or "nothing"))
    elif args.command == "init":
        print(f"created {tools.init(args.lang, locales)}")
    elif args.command == "compile":
        for mo in tools.compile_all(locales):
            print(mo)
    else:
        found = tools.problems(locales)
        for where, lines in found.items():
            print(f"{where}: {len(lines)} problem(s)")
            print("\n".join(f"  {line}" for line in lines))
        if found:
            return 1
        print("every message of the code is translated in " + ", ".join(tools.languages(locales)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
