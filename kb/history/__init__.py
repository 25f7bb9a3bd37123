"""History of the rules across editions: pairing, diffs, the renumbering chain, traces and
edition inference for undated documents. No CLI code here (see kb.cli.history).

    from kb.history import diff, trace, renumbered, infer_edition, update_chain
    update_chain(kb)                                   # after imports: stores consecutive pairings
    diff(kb, "2009-07-11", "2026-08-07", section="702")
    trace(kb, "702.23", "2010-07-16")                  # forward to the newest edition
    renumbered(kb, "2021-02-15", "2021-04-22")
    infer_edition(kb, "000_a3c90cc092d5a721")

Every function takes a KnowledgeBase, a sqlite_utils.Database or a sqlite3 connection.
"""

from kb.history.chain import ChainUpdate, chain_documents
from kb.history.diff import CHANGES, Diff, GlossaryChange, RuleChange
from kb.history.inference import Inference, infer_edition, stored_inference, update_inferences
from kb.history.query import Renumbering, diff, renumbered
from kb.history.trace import Trace, TraceStep, trace, trace_rules
from kb.history.update import update_chain

__all__ = [
    "CHANGES",
    "ChainUpdate",
    "Diff",
    "GlossaryChange",
    "Inference",
    "Renumbering",
    "RuleChange",
    "Trace",
    "TraceStep",
    "chain_documents",
    "diff",
    "infer_edition",
    "renumbered",
    "stored_inference",
    "trace",
    "trace_rules",
    "update_chain",
    "update_inferences",
]
