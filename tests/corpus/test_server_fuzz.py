"""Schemathesis against the served OpenAPI document, in process, with all its checks.

Not only "no 5xx": every status and content type must be declared, responses must fit their
schemas, data the schema allows must be accepted and data it forbids rejected, methods not
listed must get 405 with ``Allow``. One allowance: a language or an edition that this
database does not hold cannot be told apart in the schema from one it holds, so positive
data may also meet 400 (unknown language, no rule number) besides the usual 404; both are
declared per route. Bounded: a few examples per operation and phase, well under a minute.
"""

import json
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.conftest import corpus_path, import_seeds

CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "400", "404"]}},
    }
)


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory):
    """The served OpenAPI document of an app over the newest English edition and the seeds, built when
    the test runs (never at collection)."""
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(corpus_path("en", "full", "MagicCompRules_20260807.txt"))
    import_seeds(kb)
    kb.update_search_index()
    kb.close()
    return schemathesis.openapi.from_asgi("/openapi.json", create_app(path), config=CONFIG)


# The operations, read from the committed document (tests/corpus/test_http_status.py keeps it equal to the
# app's; it does not depend on the data), so that no database is built while the tests are collected.
OPERATIONS = [
    (path, method.upper())
    for path, item in json.loads((Path(__file__).parents[2] / "docs" / "openapi.json").read_text(encoding="utf-8"))[
        "paths"
    ].items()
    for method in item
    if method in {"get", "post", "put", "patch", "delete"}
]


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda mode: mode.value)
@pytest.mark.parametrize(("path", "method"), OPERATIONS)
def test_each_operation_conforms_to_the_document(api_schema, path, method, mode):
    operation = api_schema[path][method]

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def conforms(case):
        case.call_and_validate()

    conforms()
