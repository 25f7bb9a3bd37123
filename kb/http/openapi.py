"""Print the API's OpenAPI document: ``python -m kb.http.openapi > docs/openapi.json``.

The document does not depend on the data, so it is made from an app over an empty
temporary database; tests/corpus/test_http_status.py keeps the committed copy equal to it.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path


def document() -> dict:
    from kb.api import KnowledgeBase
    from kb.http.app import create_app

    with tempfile.TemporaryDirectory(prefix="mtgkb-openapi-") as tmp:
        path = Path(tmp) / "empty.db"
        KnowledgeBase.open(path).close()
        return create_app(path).openapi()


if __name__ == "__main__":
    print(json.dumps(document(), ensure_ascii=False, indent=2))
