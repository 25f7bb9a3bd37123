"""Schemathesis against the served OpenAPI document, in process, with all its checks.

Not only "no 5xx": every status and content type must be declared, responses must fit their
schemas, data the schema allows must be accepted and data it forbids rejected, methods not
listed must get 405 with ``Allow``. One allowance: a language or an edition that this
database does not hold cannot be told apart in the schema from one it holds, so positive
data may also meet 400 (unknown language, no rule number) besides the usual 404; both are
declared per route. Bounded: a few examples per operation and phase, well under a minute.
"""

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from kb.http.app import create_app

CONFIG = SchemathesisConfig.from_dict({
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "400", "404"]}},
})


def _app():
    import tempfile
    from pathlib import Path

    from kb.api import KnowledgeBase
    from tests.conftest import corpus_path, import_seeds

    path = Path(tempfile.mkdtemp(prefix="mtgkb-fuzz-")) / "fuzz.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(corpus_path("en", "full", "MagicCompRules_20260807.txt"))
    import_seeds(kb)
    kb.update_search_index()
    kb.close()
    return create_app(path)


schema = schemathesis.openapi.from_asgi("/openapi.json", _app(), config=CONFIG)


@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_conforms_to_its_document(case):
    case.call_and_validate()
