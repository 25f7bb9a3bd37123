"""Schemathesis against the served OpenAPI document: generated requests never get a 5xx."""

import schemathesis
from hypothesis import HealthCheck, settings

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.conftest import corpus_path


def _app():
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp(prefix="mtgkb-fuzz-")) / "fuzz.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(corpus_path("en", "full", "MagicCompRules_20260807.txt"))
    kb.build()
    kb.close()
    return create_app(path)


schema = schemathesis.openapi.from_asgi("/openapi.json", _app())


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors(case):
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:300])
    content_type = response.headers["content-type"]
    content_type = content_type[0] if isinstance(content_type, list) else content_type
    assert content_type.startswith("application/json")
